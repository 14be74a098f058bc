"""The Linux package works on a machine that has nothing of the project.

installer/linux/build.sh wraps the bundle (the one tests/test_bundle.py builds, shared through the session's
frozen_bundle fixture) into Bea-<version>-linux-<arch>.tar.xz. Here it is unpacked into a clean folder and
installed by a user made for the test (as root: a fresh unprivileged user from useradd; otherwise the current
user), every command under `env -i` with PATH=/usr/bin:/bin, HOME a new folder and the working folder outside
the repo, so neither the virtualenv nor the source tree can be reached. Then: the self-test passes, the window
opens on an X server (Xvfb) and a screenshot is kept (in BEA_ARTIFACTS when set), a wrong passphrase exits 2,
and uninstall.sh takes the program out and leaves her memory.
"""

from __future__ import annotations

import configparser
import contextlib
import os
import pwd
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.bench.startup import descendants, wait_for_window
from tests.xserver import MISSING, xvfb

ROOT = Path(__file__).resolve().parent.parent
PASSPHRASE = "package-passphrase"
RUN_TIMEOUT = 300
pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(3600),  # a cold bundle build, then packing a gigabyte on a loaded 2-core machine
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux package is built and run on Linux"),
]


class Person:
    """Someone with nothing of the project: a user of their own (when the tests run as root) with a fresh HOME,
    who runs commands under `env -i` with PATH=/usr/bin:/bin from that HOME."""

    def __init__(self, base: Path) -> None:
        self.home = base / "home"
        self.home.mkdir()
        self.name = None
        if os.geteuid() == 0:
            self.name = f"beapkg{os.getpid()}"
            subprocess.run(["useradd", "--no-create-home", "--home-dir", str(self.home), "--shell", "/bin/sh",
                            self.name], check=True, capture_output=True)
            entry = pwd.getpwnam(self.name)
            os.chown(self.home, entry.pw_uid, entry.pw_gid)

    def command(self, argv: list[str], **extra: str) -> list[str]:
        env = {"PATH": "/usr/bin:/bin", "HOME": str(self.home), **extra}
        clean = ["env", "-i", *(f"{k}={v}" for k, v in env.items()), *argv]
        return ["runuser", "-u", self.name, "--", *clean] if self.name else clean

    def run(self, argv: list[str], timeout: float = RUN_TIMEOUT, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(self.command(argv, **extra), cwd=self.home, capture_output=True, text=True,
                              timeout=timeout)

    def remove(self) -> None:
        if self.name:
            subprocess.run(["userdel", self.name], capture_output=True)


@pytest.fixture(scope="module")
def workspace() -> Iterator[Path]:
    """A folder outside pytest's private temp tree (0700, root's), so the test user can read the package."""
    base = Path(tempfile.mkdtemp(prefix="bea-linux-package-"))
    base.chmod(0o755)
    yield base
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def package(frozen_bundle: Path, workspace: Path) -> Path:
    """The archive build.sh makes of the session's bundle; BEA_PACKAGE=<Bea-...tar.xz> tests one made before (the
    CI workflow's Linux job builds it first, then runs this test on it)."""
    out = workspace / "package"
    if os.environ.get("BEA_PACKAGE"):
        out.mkdir(mode=0o755)
        return Path(shutil.copy(os.environ["BEA_PACKAGE"], out))
    built = subprocess.run(["bash", str(ROOT / "installer" / "linux" / "build.sh")], cwd=ROOT,
                           env={**os.environ, "BEA_BUNDLE": str(frozen_bundle), "BEA_OUT": str(out),
                                "BEA_PYTHON": sys.executable, "BEA_XZ_LEVEL": "0"},   # the files, not the size
                           capture_output=True, text=True, timeout=1800)
    assert built.returncode == 0, built.stderr[-3000:]
    archive = Path(built.stdout.strip().splitlines()[-1])
    assert archive.parent == out and re.fullmatch(r"Bea-[\w.+-]+-linux-\w+\.tar\.xz", archive.name), archive
    out.chmod(0o755)
    return archive


@pytest.fixture(scope="module")
def person(workspace: Path) -> Iterator[Person]:
    someone = Person(workspace)
    yield someone
    someone.remove()


def artifacts(tmp_path: Path) -> Path:
    root = Path(os.environ["BEA_ARTIFACTS"]) if os.environ.get("BEA_ARTIFACTS") else tmp_path
    out = root / "linux-package"
    out.mkdir(parents=True, exist_ok=True)
    return out


def screenshot(display: str, path: Path) -> tuple[int, int, int]:
    """The whole X screen saved as a PNG (Qt's xcb platform, in a process of its own); returns its width, height
    and the number of distinct colours in it."""
    code = ("import sys\n"
            "from PySide6.QtGui import QGuiApplication\n"
            "app = QGuiApplication([])\n"
            "image = app.primaryScreen().grabWindow(0).toImage()\n"
            "image.save(sys.argv[1])\n"
            "colours = {image.pixel(x, y) for x in range(0, image.width(), 4) for y in range(0, image.height(), 4)}\n"
            "print(image.width(), image.height(), len(colours))\n")
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    done = subprocess.run([sys.executable, "-c", code, str(path)], env=env, capture_output=True, text=True,
                          timeout=60, check=True)
    width, height, colours = (int(n) for n in done.stdout.split())
    return width, height, colours


def stop(app: subprocess.Popen) -> int:
    """SIGTERM to Bea (runuser's child when she runs as the test user; runuser itself would end her session and
    its own exit status would be the signal's): she quits as Quit does, and runuser hands on her exit status."""
    bea = app.pid
    if Path(f"/proc/{app.pid}/comm").read_text().strip() == "runuser":
        bea = next(pid for pid in descendants(app.pid) if pid != app.pid
                   and int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) == app.pid)
    with contextlib.suppress(ProcessLookupError):
        os.kill(bea, signal.SIGTERM)
    try:
        return app.wait(60)
    except subprocess.TimeoutExpired:
        os.killpg(app.pid, signal.SIGKILL)
        app.wait(10)
        raise


@pytest.mark.skipif(bool(MISSING), reason=f"no X server for the window: {', '.join(MISSING)} not installed "
                    "(Debian packages xvfb and xdotool)")
def test_a_fresh_user_installs_the_package_runs_it_and_uninstalls_it(package: Path, person: Person,
                                                                     tmp_path: Path) -> None:
    home = person.home
    # unpacked into a clean folder, by that user
    unpack = person.run(["mkdir", "unpacked"])
    assert unpack.returncode == 0, unpack.stderr
    unpack = person.run(["tar", "-xf", str(package), "-C", "unpacked"])
    assert unpack.returncode == 0, unpack.stderr
    [folder] = (home / "unpacked").iterdir()
    assert folder.name == package.name.removesuffix(".tar.xz")
    assert {p.name for p in folder.iterdir()} == {"bea", "bea.desktop", "icons", "install.sh", "uninstall.sh"}

    # it runs from where it was unpacked
    version = person.run([str(folder / "bea" / "bea"), "--version"])
    assert version.returncode == 0 and version.stdout.startswith("Bea "), version.stderr

    installed = person.run(["sh", str(folder / "install.sh")])
    assert installed.returncode == 0, installed.stderr
    assert "Bea is installed" in installed.stdout
    lib, link = home / ".local" / "lib" / "bea", home / ".local" / "bin" / "bea"
    assert link.is_symlink() and link.resolve() == lib / "bea"
    entry = configparser.ConfigParser(interpolation=None)
    entry.read(home / ".local" / "share" / "applications" / "bea.desktop")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application" and desktop["Name"] == "Bea" and desktop["Terminal"] == "false"
    assert desktop["Exec"] == f'"{lib / "bea"}"' and os.access(lib / "bea", os.X_OK)
    icons = home / ".local" / "share" / "icons" / "hicolor"
    assert desktop["Icon"] == "bea"
    for size in (16, 32, 48, 64, 128, 256, 512):
        png = icons / f"{size}x{size}" / "apps" / "bea.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", png
    assert (icons / "scalable" / "apps" / "bea.svg").is_file()

    data = home / ".local" / "share" / "Bea"      # platformdirs' folder for her memory, in the fresh HOME
    servers = xvfb("1280x720x24")
    display = next(servers)
    try:
        # the self-test, through the link a terminal would use, with an X server for the talk key's hook
        first = person.run(["bea", "--self-test"], DISPLAY=display, BEA_PASSPHRASE=PASSPHRASE,
                           PATH=f"{link.parent}:/usr/bin:/bin")
        assert first.returncode == 0, f"stdout:\n{first.stdout}\nstderr:\n{first.stderr[-3000:]}"
        assert any(line.startswith("self-test OK") for line in first.stdout.splitlines()), first.stdout
        assert (data / "bea.db").is_file(), sorted(p.name for p in home.rglob("*"))[:40]

        # the window, as the menu entry starts her (its Exec line), and a picture of it
        env = {"DISPLAY": display, "BEA_PASSPHRASE": PASSPHRASE}
        if person.name is None and os.geteuid() == 0:   # root with no useradd: Chromium's sandbox refuses root
            env["QTWEBENGINE_CHROMIUM_FLAGS"] = "--no-sandbox"
        log = (tmp_path / "window.log").open("w")
        started = time.monotonic()
        app = subprocess.Popen(person.command([desktop["Exec"].strip('"')], **env), cwd=home, stdout=log,
                               stderr=subprocess.STDOUT, start_new_session=True)
        try:
            seconds = wait_for_window({**os.environ, "DISPLAY": display}, app, started)
            time.sleep(5)   # the docks and the stage page fill in
            assert app.poll() is None, (tmp_path / "window.log").read_text()[-3000:]
            shot = artifacts(tmp_path) / "window.png"
            width, height, colours = screenshot(display, shot)
            print(f"window after {seconds:.1f} s; screenshot {shot} ({width}x{height}, {colours} colours)")
            assert (width, height) == (1280, 720) and colours > 20, "the screen looks empty"
        finally:
            code = stop(app)
            log.close()
        assert code == 0, (tmp_path / "window.log").read_text()[-3000:]
    finally:
        servers.close()

    # a wrong passphrase: exit 2, the database untouched
    before = (data / "bea.db").read_bytes()
    wrong = person.run(["bea", "--self-test"], BEA_PASSPHRASE="not-the-passphrase",
                       PATH=f"{link.parent}:/usr/bin:/bin")
    assert wrong.returncode == 2, f"stdout:\n{wrong.stdout}\nstderr:\n{wrong.stderr[-3000:]}"
    assert "self-test OK" not in wrong.stdout
    assert (data / "bea.db").read_bytes() == before

    gone = person.run(["sh", str(lib / "uninstall.sh")])
    assert gone.returncode == 0, gone.stderr
    assert not lib.exists() and not link.is_symlink()
    assert not (home / ".local" / "share" / "applications" / "bea.desktop").exists()
    assert not list(icons.rglob("bea.*"))
    assert (data / "bea.db").read_bytes() == before        # her memory stays


def test_the_bundle_bench_reports_sizes_and_start(frozen_bundle: Path, package: Path) -> None:
    """tests/bench/bundle.py on the bundle and package built above (a short idle wait)."""
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "bench" / "bundle.py")], cwd=ROOT,
                          env={**os.environ, "BEA_BUNDLE": str(frozen_bundle), "BEA_PACKAGE": str(package),
                               "BEA_STARTUP_WAIT": "5"},
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    result = done.stdout.strip().splitlines()[-1]
    fields = dict(part.split("=") for part in result.removeprefix("RESULT ").split())
    assert set(fields) == {"onedir_mb", "package_mb", "frozen_start_s", "frozen_idle_pss_mb"}, result
    assert round(package.stat().st_size / 1e6) == int(fields["package_mb"])
    assert 0 < float(fields["frozen_start_s"]) and 0 < int(fields["frozen_idle_pss_mb"])
    assert int(fields["package_mb"]) < int(fields["onedir_mb"])
