"""Native code built at install time runs on any x86-64-v2 processor.

llama.cpp is compiled here (installer/dev.sh), and a bundle carries what was compiled: built for this machine's
CPU, it would stop with an illegal instruction on an older one. Two proofs:
- the disassembly: libllama, libggml, libggml-base, libmtmd and the CPU variants ggml falls back to (x64, sse42)
  hold no instruction beyond x86-64-v2 (no AVX, AVX2, AVX-512, FMA, F16C, BMI, AMX...); only the other
  libggml-cpu-<variant>.so do, and the classifier is shown to find them there. Every other library pip compiled
  here (a wheel tagged plain linux_x86_64, e.g. evdev) is held to the same rule.
- a run on an emulated Nehalem (x86-64-v2, no AVX) under qemu-user: ggml picks a variant that CPU runs and the
  built-in model answers (a native or AVX2-baseline build dies there with SIGILL).
"""

from __future__ import annotations

import importlib.util
import platform
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests import emulated_cpu

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(sys.platform != "linux" or platform.machine() != "x86_64",
                                reason="the check reads x86-64 ELF libraries: it needs Linux on x86-64")

PORTABLE_VARIANTS = ("x64", "sse42")   # what ggml falls back to on a CPU without AVX
# Instructions a library guards with a CPUID check of its own: libmtmd's audio decoder (miniaudio's dr_flac) runs
# lzcnt only when ma_dr_flac__is_lzcnt_supported() says the CPU has it.
GUARDED = {"libmtmd.so": {"LZCNT"}}
VMX = {"vmcall", "vmlaunch", "vmresume", "vmxoff", "vmxon", "vmread", "vmwrite", "vmptrld", "vmptrst", "vmclear",
       "vmfunc", "verr", "verw"}
BMI = {"andn", "bextr", "blsi", "blsmsk", "blsr", "bzhi", "mulx", "pdep", "pext", "rorx", "sarx", "shlx", "shrx"}
AMX = {"ldtilecfg", "sttilecfg", "tileloadd", "tileloaddt1", "tilestored", "tilerelease", "tilezero"}
PREFIXES = {"lock", "rep", "repz", "repnz", "repe", "repne", "notrack", "bnd", "data16", "addr32", "cs", "ds", "es",
            "fs", "gs", "ss", "{vex}", "{evex}"}
AVX2_ONLY = re.compile(r"^(vpbroadcast|vperm2i128|vinserti128|vextracti128|vpgather|vgather|vpmaskmov|vpsllv|"
                       r"vpsrlv|vpsrav|vpermd|vpermq|vpblendd)")


def classify(mnemonic: str, operands: str) -> str | None:
    """The extension beyond x86-64-v2 an instruction needs, or None. tzcnt is not counted: GCC's generic tuning
    writes `rep bsf`, which objdump shows as tzcnt and an older CPU runs as bsf."""
    if mnemonic in AMX or mnemonic.startswith("tdp"):
        return "AMX"
    if mnemonic in BMI:
        return "BMI"
    if mnemonic in ("lzcnt", "movbe"):
        return mnemonic.upper()
    if mnemonic.startswith(("aes", "pclmul", "sha1", "sha256", "vaes", "vpclmul")):
        return "AES/PCLMUL/SHA"
    if not mnemonic.startswith("v") or mnemonic in VMX:
        return None
    if "%zmm" in operands or re.search(r"%k[0-7]\b", operands):
        return "AVX-512"
    if re.match(r"^vf(n?m(add|sub)|maddsub|msubadd)", mnemonic):
        return "FMA"
    if mnemonic in ("vcvtph2ps", "vcvtps2ph"):
        return "F16C"
    if AVX2_ONLY.match(mnemonic) or (mnemonic.startswith("vp") and not mnemonic.startswith(("vpermil", "vptest"))
                                      and "%ymm" in operands):
        return "AVX2"
    return "AVX"


def extensions(library: Path) -> Counter[str]:
    """How many instructions of each extension beyond x86-64-v2 the library's code holds."""
    if shutil.which("objdump") is None:
        pytest.fail("objdump is missing (Debian's binutils)")
    found: Counter[str] = Counter()
    with subprocess.Popen(["objdump", "-d", "--no-show-raw-insn", "--no-addresses", str(library)],
                          stdout=subprocess.PIPE, text=True, errors="replace") as dump:
        assert dump.stdout is not None
        for line in dump.stdout:
            if not line.startswith("\t"):
                continue
            words = line.split()
            while words and words[0] in PREFIXES:
                words = words[1:]
            if words and (kind := classify(words[0], " ".join(words[1:]))):
                found[kind] += 1
    assert dump.returncode == 0, f"objdump failed on {library}"
    return found


def llama_lib() -> Path:
    spec = importlib.util.find_spec("llama_cpp")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("llama-cpp-python is not installed: run `bash installer/dev.sh test`")
    return Path(next(iter(spec.submodule_search_locations))) / "lib"


def variants() -> list[Path]:
    """The per-instruction-set CPU libraries the installed llama.cpp ships (tests/test_bundle.py reads it too)."""
    return sorted(llama_lib().glob("libggml-cpu-*.so"))


def portable_libraries() -> list[Path]:
    """Every library of llama.cpp's that must run anywhere: all but the variants needing more than v2."""
    out = []
    for lib in sorted(llama_lib().glob("lib*.so")):
        name = lib.name.removeprefix("libggml-cpu-").removesuffix(".so")
        if not lib.name.startswith("libggml-cpu-") or name in PORTABLE_VARIANTS:
            out.append(lib)
    return out


def built_here() -> list[Path]:
    """Native libraries of installed distributions whose wheel pip built on this machine (tag linux_x86_64,
    not manylinux), llama.cpp's aside."""
    site = Path(importlib.util.find_spec("pytest").origin).parent.parent
    out = []
    for wheel in site.glob("*.dist-info/WHEEL"):
        if wheel.parent.name.startswith("llama_cpp_python-"):   # checked library by library above
            continue
        if not re.search(r"^Tag: .*-linux_x86_64$", wheel.read_text("utf-8"), re.MULTILINE):
            continue
        record = wheel.with_name("RECORD").read_text("utf-8").splitlines()
        out += [site / row.split(",")[0] for row in record if re.search(r"\.so(\.[0-9.]+)?,", row)]
    return sorted({p.resolve() for p in out if p.is_file()})


def test_llama_cpp_ships_cpu_variants_and_a_portable_fallback() -> None:
    names = {p.name.removeprefix("libggml-cpu-").removesuffix(".so") for p in variants()}
    assert {"x64", "sse42", "haswell", "skylakex"} <= names, \
        f"llama.cpp was not built with GGML_BACKEND_DL and GGML_CPU_ALL_VARIANTS (installer/dev.sh): {names}"
    assert not (llama_lib() / "libggml-cpu.so").exists(), "a CPU backend linked for one instruction set ships too"
    assert "sapphirerapids" not in names, "the AMX variant crashed the built-in model on a Xeon (installer/dev.sh)"


def test_the_classifier_finds_what_each_variant_was_built_for() -> None:
    # the positive control: without it, "no AVX found" could mean a classifier that finds nothing
    lib = llama_lib()
    haswell, skylakex = extensions(lib / "libggml-cpu-haswell.so"), extensions(lib / "libggml-cpu-skylakex.so")
    assert {"AVX", "AVX2", "FMA", "F16C"} <= set(haswell) and "AVX-512" not in haswell, haswell
    assert "AVX-512" in skylakex, skylakex


def test_llama_cpps_base_libraries_need_nothing_beyond_x86_64_v2() -> None:
    report = {lib.name: extensions(lib) for lib in portable_libraries()}
    print("\n".join(f"RESULT {name} beyond_v2={dict(found) or 0}" for name, found in report.items()))
    assert {"libllama.so", "libggml.so", "libggml-base.so", "libggml-cpu-x64.so"} <= set(report)
    bad = {name: dict(found) for name, found in report.items() if set(found) - GUARDED.get(name, set())}
    assert not bad, f"instructions an x86-64-v2 CPU lacks: {bad}"


def test_other_native_code_built_at_install_time_needs_nothing_beyond_x86_64_v2() -> None:
    libraries = built_here()
    bad = {str(lib.relative_to(lib.parents[1])): dict(found) for lib in libraries if (found := extensions(lib))}
    assert not bad, f"built here for this CPU (-march=native?): {bad}"


PROBE = """
import sys, time
sys.path.insert(0, sys.argv[1])
from app.senses.llm import llama_backends
from app.senses.llm.local_llama import builtin_model_path
print("features", " ".join(llama_backends.load()), flush=True)
loaded = [line.split()[-1] for line in open("/proc/self/maps") if "libggml-cpu-" in line]
print("variant", sorted(set(loaded))[0].rsplit("/", 1)[-1], flush=True)
llm = llama_backends.open_llama(model_path=str(builtin_model_path()), n_ctx=128, n_threads=1, n_batch=32)
out = llm("The capital of France is", max_tokens=4, temperature=0)
print("answer", repr(out["choices"][0]["text"]), flush=True)
"""


def probe(*emulator: str) -> dict[str, str]:
    run = subprocess.run([*emulator, sys.executable, "-c", PROBE, str(ROOT)],
                         env=emulated_cpu.environment(), capture_output=True, text=True, timeout=840)
    assert run.returncode == 0, f"exit {run.returncode} ({' '.join(emulator) or 'this CPU'}):\n{run.stdout}\n" \
                                f"{run.stderr[-2000:]}"
    print(run.stdout)
    return dict(line.split(" ", 1) for line in run.stdout.splitlines() if " " in line)


@pytest.mark.timeout(300)
def test_on_this_cpu_ggml_picks_a_variant_and_the_built_in_model_answers() -> None:
    found = probe()
    assert found["variant"].startswith("libggml-cpu-") and found["answer"].strip("'\" "), found


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_on_an_emulated_nehalem_ggml_picks_code_it_runs_and_the_built_in_model_answers() -> None:
    qemu = shutil.which("qemu-x86_64")
    if qemu is None:
        pytest.skip("qemu-x86_64 is missing (Debian's qemu-user): the static checks above still ran")
    found = probe(qemu, "-cpu", "Nehalem")   # x86-64-v2: SSE4.2 and POPCNT, no AVX
    assert found["variant"] in {f"libggml-cpu-{v}.so" for v in PORTABLE_VARIANTS}, found
    assert "AVX" not in found["features"].split(), found
    assert found["answer"].strip("'\" "), found
