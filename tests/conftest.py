"""Test set-up: Qt offscreen, QtWebEngine loaded before any QApplication, and no real OS keyring touched."""

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# tests only: Chromium refuses to run as root without it, and WebGL needs software GL allowed
os.environ.setdefault("QTWEBENGINE_CHROMIUM_FLAGS", "--no-sandbox --ignore-gpu-blocklist")
# never read or write the developer's real keyring; tests that want one install a file keyring
os.environ["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
os.environ.pop("BEA_PASSPHRASE", None)

import pytest  # noqa: E402
from PySide6 import QtWebEngineWidgets  # noqa: E402,F401  (before pytest-qt makes the QApplication)

REPO = Path(__file__).resolve().parent.parent
PASSPHRASE = "correct horse battery staple"


def pytest_configure(config: pytest.Config) -> None:
    # on several workers only tests/parallel.py's units keep apart what must not run at once
    if getattr(config.option, "numprocesses", None) and config.getoption("dist") != "loadgroup":
        raise pytest.UsageError("run the tests on several workers with --dist loadgroup (tests/parallel.py)")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):   # an xdist worker
        from tests.parallel import slow_first
        slow_first(items)


@pytest.hookimpl(optionalhook=True)
def pytest_handlecrashitem(crashitem: str, report: pytest.TestReport, sched) -> None:
    from tests.parallel import crash_report
    crash_report(crashitem, report, sched)


@pytest.hookimpl(tryfirst=True)
def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config):
    from tests.parallel import crash_status
    return crash_status(report)


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    if config.getoption("dist") == "loadgroup":
        from tests.parallel import scheduler
        return scheduler(config, log)
    return None


@pytest.fixture(scope="session")
def qapp(qapp):
    """pytest-qt's application with the window in English, as the app starts it: a count's singular ("1
    message") comes from the English plural forms (resources/i18n/bea_en.qm)."""
    from app.ui.language import install_window_language
    install_window_language("en")
    return qapp


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    d.mkdir()
    return d


@pytest.fixture
def env() -> dict[str, str]:
    return {"BEA_PASSPHRASE": PASSPHRASE}


@pytest.fixture
def bea(data_dir: Path, env: dict[str, str]):
    from app import compose
    b = compose.build(data_dir, env=env, log_to_stderr=False)
    yield b
    compose.close(b)


@pytest.fixture
def file_keyring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A real keyring backend (keyrings.alt's plaintext file), in a folder of this test's own."""
    import keyring
    from keyrings.alt.file import PlaintextKeyring

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    # a file keyring counts only when the user names it, as a user who chose it would
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyrings.alt.file.PlaintextKeyring")
    backend = PlaintextKeyring()
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


def run_app(*args: str, env: dict[str, str] | None = None, timeout: float = 60):
    import subprocess
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=REPO, env=full_env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="session")
def frozen_bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The one-folder bundle build.spec makes (the folder holding the `bea` executable), built once per test run
    for every test that needs it; BEA_BUNDLE=<a built dist/bea folder> reuses one instead."""
    if os.environ.get("BEA_BUNDLE"):
        return Path(os.environ["BEA_BUNDLE"]).resolve()
    import importlib.util
    # PyInstaller is a dev dependency: a missing one is a broken environment, so fail rather than skip
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.fail("PyInstaller is not installed; install the dev extras (pip install -e .[dev])")
    from tests.test_bundle import build_bundle
    return build_bundle(tmp_path_factory.mktemp("frozen")).parent
