"""Loading llama.cpp models without touching the process's stdout and stderr.

llama-cpp-python's quiet mode (verbose=False) silences the native library by pointing file descriptors 1 and
2 at /dev/null while a model loads: process-wide, from whatever thread loads it, so anything else the app
prints meanwhile is lost. Here the native library's log goes to Python logging instead (a callback), and the
binding's own Python-level prints during a load are caught and logged at DEBUG.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import logging
import threading
from typing import Any

log = logging.getLogger("llama.cpp")
_lock = threading.Lock()
_callback: Any = None


def _route_native_log() -> None:
    global _callback
    import llama_cpp

    if _callback is None:
        @llama_cpp.llama_log_callback
        def forward(level: int, text: bytes, _user: ctypes.c_void_p) -> None:
            line = text.decode("utf-8", "replace").rstrip()
            if line:
                log.debug("%s", line)
        _callback = forward  # kept referenced: the native library holds a pointer to it
        llama_cpp.llama_log_set(_callback, ctypes.c_void_p(0))


def load(**kwargs: Any) -> Any:
    """Llama(**kwargs), quietly and without redirecting file descriptors."""
    from llama_cpp import Llama

    with _lock:
        _route_native_log()
        caught = io.StringIO()
        with contextlib.redirect_stderr(caught), contextlib.redirect_stdout(caught):
            model = Llama(verbose=True, **kwargs)
        model.verbose = False  # loaded: no per-call timing prints from here on
    for line in caught.getvalue().splitlines():
        log.debug("%s", line)
    return model
