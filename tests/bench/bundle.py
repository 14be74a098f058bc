"""Benchmark: how big the frozen bundle and the Linux package are, how fast the frozen app shows its window and
how much memory it holds idle.

Run from the repo root: .venv/bin/python tests/bench/bundle.py
- BEA_BUNDLE=<dist/bea>: measure that bundle (else build.spec builds one into a temporary folder);
- BEA_PACKAGE=<Bea-...tar.xz>: that package (else installer/linux/build.sh packs the bundle);
- BEA_STARTUP_WAIT: seconds after the start at which PSS is read (default 60), as tests/bench/startup.py.
The frozen app runs twice on its own X server (Xvfb), on a fresh data folder: the first start makes her
database, the second is a start like every later one; frozen_start_s is the second: from starting the process
to its window being visible. frozen_idle_pss_mb is the PSS of the app and its QtWebEngine helpers WAIT seconds
into that second start (tests/bench/startup.py's measures). The passphrase comes from BEA_PASSPHRASE (the
bundle carries no file keyring); as root QtWebEngine runs with --no-sandbox. Sizes are in MB of 10^6 bytes.
Also printed: the 15 biggest files and folders of the bundle. The last line:
RESULT onedir_mb=<int> package_mb=<int> frozen_start_s=<x.xx> frozen_idle_pss_mb=<int>
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # run as a script, the repo root is not on the path

from tests.bench.startup import WAIT, descendants, pss_mb, wait_for_window  # noqa: E402

MB = 1_000_000


def sizes(bundle: Path) -> dict[Path, int]:
    """Bytes of every file and folder in the bundle (symlinks not followed, so nothing counts twice)."""
    total: dict[Path, int] = {}
    for path in bundle.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        size = path.stat().st_size
        total[path] = size
        for parent in path.relative_to(bundle).parents[:-1]:   # every folder above it, up to the bundle's own
            total[bundle / parent] = total.get(bundle / parent, 0) + size
    return total


def biggest(bundle: Path, count: int = 15) -> list[tuple[int, str]]:
    """The biggest files and folders. A folder is left out when one thing inside it makes up 90% of it (that
    thing is listed instead), and so are the containers whose parts are listed (_internal, PySide6/Qt/lib)."""
    total = sizes(bundle)
    shown: list[tuple[int, str]] = []
    for path, size in sorted(total.items(), key=lambda item: -item[1]):
        if path.is_dir() and (path.name in ("_internal", "Qt", "lib") or any(
                other >= 0.9 * size for p, other in total.items() if p.parent == path)):
            continue
        shown.append((size, f"{path.relative_to(bundle)}{'/' if path.is_dir() else ''}"))
        if len(shown) == count:
            break
    return shown


def start_once(exe: Path, folder: Path, display: str) -> tuple[float, int]:
    """One start of the frozen app: seconds to its window, PSS WAIT seconds in; then SIGTERM."""
    env = dict(os.environ, DISPLAY=display, BEA_PASSPHRASE=os.environ.get("BEA_PASSPHRASE", "bench-passphrase"),
               PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring")
    env.pop("QT_QPA_PLATFORM", None)
    if os.geteuid() == 0:
        env["QTWEBENGINE_CHROMIUM_FLAGS"] = "--no-sandbox"
    with (folder / "app.log").open("a") as log:
        started = time.monotonic()
        app = subprocess.Popen([str(exe), "--data-dir", str(folder / "data"), "--api-port", "0"], cwd=folder,
                               env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        try:
            window_s = wait_for_window(env, app, started)
            time.sleep(max(0.0, WAIT - (time.monotonic() - started)))
            idle = pss_mb(app.pid)
            print(f"  window after {window_s:.2f} s; {WAIT:.0f} s in: {idle} MB PSS over "
                  f"{len(descendants(app.pid))} processes", flush=True)
            return window_s, idle
        finally:
            app.terminate()
            try:
                app.wait(30)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait(10)


def build(folder: Path) -> tuple[Path, Path]:
    bundle = Path(os.environ["BEA_BUNDLE"]) if os.environ.get("BEA_BUNDLE") else None
    if bundle is None:
        from tests.test_bundle import build_bundle
        began = time.monotonic()
        bundle = build_bundle(folder / "pyinstaller").parent
        print(f"bundle built in {time.monotonic() - began:.0f} s", flush=True)
    package = Path(os.environ["BEA_PACKAGE"]) if os.environ.get("BEA_PACKAGE") else None
    if package is None:
        began = time.monotonic()
        done = subprocess.run(["bash", str(ROOT / "installer" / "linux" / "build.sh")], cwd=ROOT, check=True,
                              env={**os.environ, "BEA_BUNDLE": str(bundle), "BEA_OUT": str(folder / "package"),
                                   "BEA_PYTHON": sys.executable}, capture_output=True, text=True)
        package = Path(done.stdout.strip().splitlines()[-1])
        print(f"package made in {time.monotonic() - began:.0f} s", flush=True)
    return bundle, package


def main() -> None:
    from tests.xserver import xvfb

    print(f"cores={os.cpu_count()} load_1min={os.getloadavg()[0]:.2f} wait_s={WAIT:.0f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bea-bundle-bench-") as tmp:
        folder = Path(tmp)
        bundle, package = build(folder)
        onedir = sum(size for path, size in sizes(bundle).items() if path.parent == bundle)
        packed = package.stat().st_size   # a package built here goes with the temporary folder
        print(f"the 15 biggest parts of {bundle}:", flush=True)
        for size, name in biggest(bundle):
            print(f"  {size / MB:7.1f} MB  {name}", flush=True)
        servers = xvfb("1280x720x24")
        display = next(servers)
        try:
            first_s, _ = start_once(bundle / "bea", folder, display)
            print(f"first start (makes her database): window after {first_s:.2f} s", flush=True)
            start_s, idle = start_once(bundle / "bea", folder, display)
        finally:
            servers.close()
    print(f"RESULT onedir_mb={round(onedir / MB)} package_mb={round(packed / MB)} "
          f"frozen_start_s={start_s:.2f} frozen_idle_pss_mb={idle}")


if __name__ == "__main__":
    main()
