"""Loading and running llama.cpp models without touching the process's stdout and stderr.

llama-cpp-python's quiet mode (verbose=False) silences the native library by pointing file descriptors 1 and
2 at /dev/null around loads and grammar builds: process-wide, from whatever thread does it, so anything the
rest of the app prints meanwhile is lost (and swapping sys.stdout instead would swallow other threads' lines
just the same). So the binding's redirect helper is replaced by a pass-through, and the native library's log
goes to Python logging through a callback instead. verbose stays False, so the binding prints nothing itself.
"""

from __future__ import annotations

import ctypes
import importlib
import logging
import threading
from typing import Any

log = logging.getLogger("llama.cpp")
_lock = threading.Lock()
_callback: Any = None
_BINDING_MODULES = ("llama_cpp.llama", "llama_cpp._internals", "llama_cpp.llama_chat_format")


class _PassThrough:
    """Stands in for llama_cpp's suppress_stdout_stderr: same signature, redirects nothing."""

    def __init__(self, disable: bool = True) -> None:
        self.disable = disable

    def __enter__(self) -> _PassThrough:
        return self

    def __exit__(self, *_exc: object) -> bool:
        return False


def quiet() -> None:
    """Idempotent: route the native log to logging, and stop the binding from redirecting descriptors."""
    global _callback
    import llama_cpp

    with _lock:
        if _callback is not None:
            return

        @llama_cpp.llama_log_callback
        def forward(level: int, text: bytes, _user: ctypes.c_void_p) -> None:
            line = text.decode("utf-8", "replace").rstrip()
            if line:
                log.debug("%s", line)

        _callback = forward  # kept referenced: the native library holds a pointer to it
        llama_cpp.llama_log_set(_callback, ctypes.c_void_p(0))
        for name in _BINDING_MODULES:
            module = importlib.import_module(name)
            if hasattr(module, "suppress_stdout_stderr"):
                module.suppress_stdout_stderr = _PassThrough
