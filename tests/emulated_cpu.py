"""Running a program on an emulated older CPU (qemu-user), for the portable-code tests."""

from __future__ import annotations

import os
from collections.abc import Mapping

# Variables that pick a library's CPU code by hand (OpenBLAS told to use Haswell kernels, say): set for this
# machine, they are wrong for the emulated one, which would then die on an instruction it lacks.
CPU_CHOICES = ("OPENBLAS_", "GOTOBLAS_", "MKL_", "NPY_", "ONNXRUNTIME_", "GGML_")


def environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """This process's environment without its CPU choices, with `extra` on top."""
    env = {name: value for name, value in os.environ.items() if not name.startswith(CPU_CHOICES)}
    env.update(extra or {})
    return env
