"""Before Qt starts: the system libraries its X11 plugin and QtWebEngine need, and whether Chromium will run at all.

Qt ends the process with its own message when the xcb platform plugin cannot load, and that message names one
library (often not the missing one); QtWebEngine exits 1 with no word when run as root. So, before any Qt
module is imported, startup_problem() says in plain words what stands in the way:
1. On Linux, `ldd` on Qt's xcb plugin, QtWebEngine and its helper process lists every library the dynamic
   loader cannot find ("=> not found"); the message names them all and the Debian/Ubuntu packages that bring
   them (LIBRARY_PACKAGES), as one apt-get command. No ldd, or a platform other than xcb: nothing to say.
2. As root, Chromium (under QtWebEngine) refuses to start: its sandbox cannot protect a root process. Bea
   never turns the sandbox off itself; the message says to run Bea as a normal user.
`python -m app.widgets.qt_libs --packages` prints the packages to install (installer/dev.sh uses it).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

# a library's soname -> the Debian/Ubuntu package that ships it
LIBRARY_PACKAGES = {
    "libxcb-cursor.so.0": "libxcb-cursor0", "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1", "libxcb-image.so.0": "libxcb-image0",
    "libxcb-render-util.so.0": "libxcb-render-util0", "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb-shape.so.0": "libxcb-shape0", "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-xinerama.so.0": "libxcb-xinerama0", "libxcb-util.so.1": "libxcb-util1",
    "libxcb-sync.so.1": "libxcb-sync1", "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-shm.so.0": "libxcb-shm0", "libxcb-render.so.0": "libxcb-render0", "libxcb-glx.so.0": "libxcb-glx0",
    "libxcb-dri3.so.0": "libxcb-dri3-0", "libxcb.so.1": "libxcb1", "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0", "libxkbfile.so.1": "libxkbfile1", "libXext.so.6": "libxext6",
    "libXfixes.so.3": "libxfixes3", "libXrandr.so.2": "libxrandr2", "libXcomposite.so.1": "libxcomposite1",
    "libXdamage.so.1": "libxdamage1", "libXtst.so.6": "libxtst6", "libXrender.so.1": "libxrender1",
    "libEGL.so.1": "libegl1", "libGL.so.1": "libgl1", "libGLX.so.0": "libglx0", "libOpenGL.so.0": "libopengl0",
    "libgbm.so.1": "libgbm1", "libdrm.so.2": "libdrm2", "libnss3.so": "libnss3", "libnssutil3.so": "libnss3",
    "libsmime3.so": "libnss3", "libnspr4.so": "libnspr4", "libplc4.so": "libnspr4", "libplds4.so": "libnspr4",
    "libasound.so.2": "libasound2", "libdbus-1.so.3": "libdbus-1-3", "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6", "libglib-2.0.so.0": "libglib2.0-0", "libgthread-2.0.so.0": "libglib2.0-0",
    "libexpat.so.1": "libexpat1", "libudev.so.1": "libudev1", "libxshmfence.so.1": "libxshmfence1",
}
# what Qt loads to open a window on X11 and draw the stage, relative to PySide6's Qt folder (the helper
# process links QtWebEngineCore, so ldd on it lists that library's needs too: one ldd call, about 50 ms)
QT_FILES = ("plugins/platforms/libqxcb.so", "libexec/QtWebEngineProcess")
NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found", re.MULTILINE)

Runner = Callable[[list[str]], str]


def missing_libraries(ldd_output: str) -> list[str]:
    """The libraries ldd could not find, in the order it named them, once each."""
    return list(dict.fromkeys(NOT_FOUND.findall(ldd_output)))


def packages_for(libraries: list[str]) -> list[str]:
    """The Debian/Ubuntu packages that bring these libraries (those it knows), once each."""
    return list(dict.fromkeys(LIBRARY_PACKAGES[lib] for lib in libraries if lib in LIBRARY_PACKAGES))


def missing_message(libraries: list[str]) -> str:
    packages = packages_for(libraries)
    text = (f"Bea cannot open her window: Qt needs {len(libraries)} system "
            f"librar{'y' if len(libraries) == 1 else 'ies'} this computer does not have: {', '.join(libraries)}.")
    if packages:
        text += f"\nOn Debian or Ubuntu, install them with:\n  sudo apt-get install {' '.join(packages)}"
    unknown = [lib for lib in libraries if lib not in LIBRARY_PACKAGES]
    if unknown:
        text += f"\nFind the package{'s' if len(unknown) > 1 else ''} for {', '.join(unknown)} with your " \
                f"system's package search."
    return text


ROOT_MESSAGE = (
    "Bea cannot open her window as root. Her stage and web views run on Chromium (QtWebEngine), and Chromium "
    "refuses to start as root: its sandbox, which keeps web pages away from the rest of your computer, cannot "
    "protect a process that may do anything. Run Bea as your normal user, not with sudo or as root.\n"
    "(`python -m app --headless` runs her without a window, as any user.)")


def qt_dir() -> Path | None:
    """PySide6's Qt folder, found without importing Qt (importing it is what fails)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "Qt"


def _ldd(args: list[str]) -> str:
    out = subprocess.run(args, capture_output=True, text=True, timeout=20, check=False)
    return out.stdout


def uses_xcb(env: Mapping[str, str]) -> bool:
    """Qt will try X11: QT_QPA_PLATFORM says xcb, or says nothing and an X display is there."""
    platform = env.get("QT_QPA_PLATFORM", "").split(":")[0].split(";")[0]
    return platform == "xcb" or (not platform and bool(env.get("DISPLAY")))


def check_libraries(root: Path | None = None, run: Runner = _ldd) -> list[str]:
    """The libraries Qt's X11 plugin and QtWebEngine need and cannot find (empty when all are there, or when
    there is no ldd to ask)."""
    root = root or qt_dir()
    if root is None or shutil.which("ldd") is None:
        return []
    files = [str(root / f) for f in QT_FILES if (root / f).is_file()]
    return missing_libraries(run(["ldd", *files])) if files else []


def runs_as_root(env: Mapping[str, str], euid: int | None = None) -> bool:
    """Root, with Chromium's sandbox still on: QtWebEngine will refuse to start."""
    if euid is None:
        euid = os.geteuid() if hasattr(os, "geteuid") else 1
    sandbox_off = "--no-sandbox" in env.get("QTWEBENGINE_CHROMIUM_FLAGS", "").split() \
        or env.get("QTWEBENGINE_DISABLE_SANDBOX") not in (None, "", "0")
    return euid == 0 and not sandbox_off


def startup_problem(env: Mapping[str, str] | None = None, run: Runner = _ldd) -> str:
    """What stops the window from starting, in words, or ""."""
    env = os.environ if env is None else env
    if not sys.platform.startswith("linux"):
        return ""
    if uses_xcb(env) and (missing := check_libraries(run=run)):
        return missing_message(missing)
    return ROOT_MESSAGE if runs_as_root(env) else ""


if __name__ == "__main__":
    if sys.argv[1:] == ["--packages"]:
        print(" ".join(packages_for(check_libraries())))
    else:
        print(startup_problem() or "Qt has every library it needs.")
