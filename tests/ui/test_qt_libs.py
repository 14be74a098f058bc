"""Before Qt starts: the libraries Qt's X11 plugin and QtWebEngine lack are named, with the apt-get line, and root
is told why the window will not open. The app itself is run with a stand-in `ldd` on its PATH."""

import os
import stat
import subprocess
import sys

import pytest

from app.widgets import qt_libs
from tests.conftest import REPO

LDD_OUTPUT = """\
\tlinux-vdso.so.1 (0x00007ffd)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxkbcommon-x11.so.0 => /lib/x86_64-linux-gnu/libxkbcommon-x11.so.0 (0x00007f65)
\tlibnss3.so => not found
\tlibxcb-icccm.so.4 => not found
\tlibmystery.so.7 => not found
"""


def test_ldd_output_gives_each_missing_library_once():
    assert qt_libs.missing_libraries(LDD_OUTPUT) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libnss3.so",
                                                     "libmystery.so.7"]
    assert qt_libs.missing_libraries("\tlibc.so.6 => /lib/libc.so.6 (0x1)\n") == []


def test_the_message_names_the_libraries_and_the_packages_to_install():
    text = qt_libs.missing_message(qt_libs.missing_libraries(LDD_OUTPUT))
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1, libnss3.so, libmystery.so.7" in text
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 libnss3" in text
    assert "libmystery.so.7 with your system's package search" in text


@pytest.mark.parametrize(("env", "xcb"), [
    ({"DISPLAY": ":0"}, True), ({"QT_QPA_PLATFORM": "xcb"}, True), ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"},
                                                                    False),
    ({"WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "wayland"}, False), ({}, False)])
def test_only_a_start_on_x11_asks_about_the_x11_plugin(env, xcb):
    assert qt_libs.uses_xcb(env) is xcb


@pytest.mark.parametrize(("env", "euid", "refused"), [
    ({}, 0, True), ({}, 1000, False), ({"QTWEBENGINE_CHROMIUM_FLAGS": "--no-sandbox"}, 0, False),
    ({"QTWEBENGINE_DISABLE_SANDBOX": "1"}, 0, False), ({"QTWEBENGINE_CHROMIUM_FLAGS": "--foo"}, 0, True)])
def test_root_is_refused_unless_the_sandbox_was_turned_off_by_whoever_runs_it(env, euid, refused):
    assert qt_libs.runs_as_root(env, euid) is refused


def test_the_real_qt_has_its_libraries_here():
    """This machine runs the window tests: installer/dev.sh installed what ldd asks for."""
    assert qt_libs.qt_dir() is not None and (qt_libs.qt_dir() / qt_libs.QT_FILES[0]).is_file()
    assert qt_libs.check_libraries() == []


def run_app(tmp_path, env):
    return subprocess.run([sys.executable, "-m", "app", "--data-dir", str(tmp_path / "data")], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=60)


def test_the_app_names_what_is_missing_and_stops_before_qt(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    ldd = bin_dir / "ldd"
    ldd.write_text(f"#!/bin/sh\ncat <<'EOF'\n{LDD_OUTPUT}EOF\n")
    ldd.chmod(ldd.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}", "DISPLAY": ":97"}
    env.pop("QT_QPA_PLATFORM", None)
    out = run_app(tmp_path, env)
    assert out.returncode == 1
    assert "Qt needs 4 system libraries" in out.stderr and "libxcb-keysyms.so.1" in out.stderr
    assert "sudo apt-get install libxcb-icccm4 libxcb-keysyms1 libnss3" in out.stderr
    assert not (tmp_path / "data").exists()   # stopped before anything was opened


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root")
def test_as_root_the_app_says_why_the_window_will_not_open(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("QTWEBENGINE_CHROMIUM_FLAGS",
                                                            "QTWEBENGINE_DISABLE_SANDBOX")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    out = run_app(tmp_path, env)
    assert out.returncode == 1
    assert "cannot open her window as root" in out.stderr and "Run Bea as your normal user" in out.stderr
    assert "refuses to start as root" in out.stderr
