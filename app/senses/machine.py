"""This computer as app.core.model_fit sees it: its RAM, its cores, and a GPU llama.cpp can use here.

Each reading falls back to what it can be sure of: a RAM that cannot be read is 0 (nothing fits, so nothing is
offered that could not run), a GPU whose memory cannot be read has 0 (the model is judged on RAM alone).
"""

from __future__ import annotations

import ctypes
import logging
import os
import platform
import shutil
import subprocess
import sys

from app.core.model_fit import Accelerator, Machine

log = logging.getLogger(__name__)


def total_ram() -> int:
    try:
        import psutil

        return int(psutil.virtual_memory().total)
    except ImportError:
        pass
    if sys.platform == "win32":
        class Status(ctypes.Structure):
            _fields_ = [("length", ctypes.c_ulong), ("load", ctypes.c_ulong), ("total", ctypes.c_ulonglong),
                        ("available", ctypes.c_ulonglong), ("page_total", ctypes.c_ulonglong),
                        ("page_free", ctypes.c_ulonglong), ("virtual_total", ctypes.c_ulonglong),
                        ("virtual_free", ctypes.c_ulonglong), ("extended", ctypes.c_ulonglong)]
        status = Status(length=ctypes.sizeof(Status))
        return int(status.total) if ctypes.windll.kernel32.GlobalMemoryStatusEx(ctypes.byref(status)) else 0
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 0


def _gpu_offload() -> bool:
    """The llama.cpp this app loads was built with a GPU backend (CUDA, Vulkan, Metal...)."""
    try:
        import llama_cpp

        return bool(llama_cpp.llama_supports_gpu_offload())
    except Exception:  # no binding, or a native library that does not load: the processor it is
        return False


def _nvidia_memory() -> int:
    """The largest NVIDIA GPU's memory, from nvidia-smi when it is there (0 otherwise)."""
    tool = shutil.which("nvidia-smi")
    if tool is None:
        return 0
    try:
        out = subprocess.run([tool, "--query-gpu=memory.total", "--format=csv,noheader,nounits"],
                             capture_output=True, text=True, timeout=3, check=False).stdout
        return max((int(line) * 1024 * 1024 for line in out.split() if line.strip().isdigit()), default=0)
    except (OSError, subprocess.SubprocessError):
        return 0


def probe() -> Machine:
    """Read this computer once (blocking: run it off the UI thread where a GPU tool may be slow)."""
    apple = sys.platform == "darwin" and platform.machine() == "arm64"
    gpu = not apple and _gpu_offload()
    machine = Machine(total_ram(), os.cpu_count() or 1,
                      Accelerator.METAL if apple else Accelerator.GPU if gpu else Accelerator.NONE,
                      _nvidia_memory() if gpu else 0)
    log.info("this computer: %.1f GB RAM, %d cores, %s", machine.ram_bytes / 1e9, machine.cores, machine.accelerator)
    return machine
