"""llama.cpp's CPU code, chosen for the processor it runs on.

Theory of operation:
1. Bea's llama.cpp is built with GGML_BACKEND_DL and GGML_CPU_ALL_VARIANTS (installer/dev.sh): libllama and
   libggml need nothing beyond x86-64's baseline, and the CPU code comes as one library per instruction set
   (ggml-cpu-x64, -sse42, -haswell, ... -zen4) beside them, in the binding's lib folder. ggml asks
   each which processor features it needs and loads the best one this processor has.
2. The binding never asks for that: its llama_backend_init would search only the executable's folder and the
   working directory (which in a bundle hold none of them, and a planted library could sit in the second).
   load() asks before the first model loads, naming the binding's own lib folder, once per process, through
   the libggml that libllama itself uses.
3. A build without backend loading (an older venv, or a platform build with the CPU code linked in) already
   has its CPU backend registered: load() finds it and loads nothing.
4. load() returns the CPU features the chosen code was built for (what the self-test reports), and raises
   BackendMissing when no CPU code loads, in words the streamer can act on.
"""

from __future__ import annotations

import ctypes
import threading
from pathlib import Path
from typing import Any

_lock = threading.Lock()
_features: list[str] | None = None
_BUILD_OPTIONS = {"OPENMP", "LLAMAFILE", "REPACK", "ACCELERATE", "KLEIDIAI"}   # features that are not instructions


class BackendMissing(RuntimeError):
    """llama.cpp has no CPU code this processor runs."""


class _Feature(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("value", ctypes.c_char_p)]


def _cpu_features(lib: ctypes.CDLL, reg: int) -> list[str]:
    lib.ggml_backend_reg_get_proc_address.restype = ctypes.c_void_p
    lib.ggml_backend_reg_get_proc_address.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    address = lib.ggml_backend_reg_get_proc_address(reg, b"ggml_backend_get_features")
    if not address:
        return []
    features = ctypes.CFUNCTYPE(ctypes.POINTER(_Feature), ctypes.c_void_p)(address)(reg)
    names = []
    for i in range(64):
        if not features[i].name:
            break
        name = features[i].name.decode()
        if features[i].value == b"1" and name not in _BUILD_OPTIONS:   # others carry a value, not "1"
            names.append(name)
    return names


def load() -> list[str]:
    """Rules 2-4: the CPU features llama.cpp's chosen CPU code uses; idempotent."""
    global _features
    with _lock:
        if _features is not None:
            return _features
        from llama_cpp import llama_cpp

        from app.senses.llm import llama_quiet

        llama_quiet.quiet()   # ggml's "loaded CPU backend from ..." goes to the log, not stderr
        # ggml's functions are called through libllama's own handle: the wheel holds libggml.so and libggml.so.0
        # as two copies of one file, and a registry filled in the copy the binding's _ggml module opened by path
        # is not the one libllama reads (it reported "no backends are loaded")
        lib = llama_cpp._lib
        lib.ggml_backend_reg_by_name.restype = ctypes.c_void_p
        lib.ggml_backend_reg_by_name.argtypes = [ctypes.c_char_p]
        folder = Path(llama_cpp._base_path)
        if not lib.ggml_backend_reg_by_name(b"CPU"):
            lib.ggml_backend_load_all_from_path.argtypes = [ctypes.c_char_p]
            lib.ggml_backend_load_all_from_path(str(folder).encode("utf-8"))
        reg = lib.ggml_backend_reg_by_name(b"CPU")
        if not reg:
            raise BackendMissing(f"llama.cpp found no CPU code this processor can run in {folder} "
                                 "(the ggml-cpu-* libraries are missing; reinstall Bea)")
        _features = _cpu_features(lib, reg)
        return _features


def open_llama(**kwargs: Any) -> Any:
    """Llama(**kwargs), quietly (app.senses.llm.llama_quiet) and on this processor's CPU code."""
    from llama_cpp import Llama

    from app.senses.llm import llama_quiet

    llama_quiet.quiet()
    load()   # the CPU code for this processor, before the binding looks for it in the wrong places
    return Llama(verbose=False, **kwargs)
