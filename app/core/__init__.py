"""The pure room: decisions as plain functions over plain values.

Nothing under app.core imports Qt, asyncio, sockets, files or databases; tests/core/test_purity.py proves it
in a fresh interpreter. The shell (compose, memory, senses, ui) performs the effects these modules decide.
"""
