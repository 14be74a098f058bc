"""The widget kit every dock and dialog is made of: Qt itself (qt.py), forms, the chat log, colours, and the
other small parts; it imports nothing of the app but its settings schema."""
