"""The pure room stays pure: importing every app.core module pulls in no Qt, no asyncio and no I/O."""

import pkgutil
import subprocess
import sys

import app.core
from tests.conftest import REPO

FORBIDDEN = ["PySide6", "asyncio", "socket", "sqlite3", "sqlcipher3", "aiohttp", "qasync", "keyring",
             "subprocess", "threading"]


def test_core_imports_no_qt_asyncio_or_io():
    modules = [f"app.core.{m.name}" for m in pkgutil.iter_modules(app.core.__path__)]
    assert len(modules) >= 6
    code = ("import sys\n" + "".join(f"import {m}\n" for m in modules) +
            f"print(','.join(m for m in {FORBIDDEN!r} if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"app.core pulled in: {out.stdout.strip()}"


def test_the_check_would_notice_an_impure_module():
    code = "import sys, app.memory.database; print('sqlcipher3' in sys.modules, 'asyncio' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "True"]
