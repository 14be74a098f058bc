"""The platform installers' inputs, checked where they can be on this machine: the version, the macOS
Info.plist, the icons (rendered and read back by Qt), the Inno Setup script against build.spec and the data
folder, and the program running with no console at all (a windowed Windows build has no stdout or stderr).
The installers themselves (Inno Setup, hdiutil) run only on Windows and macOS."""

from __future__ import annotations

import configparser
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tomllib

import pytest

from tests.conftest import REPO

sys.path.insert(0, str(REPO / "installer"))
import bundle_info  # noqa: E402

ISS = REPO / "installer" / "windows" / "bea.iss"


def pyproject_version() -> str:
    return tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]


def iss() -> configparser.ConfigParser:
    """The script's sections (preprocessor lines and comments left out); [Files] and [Icons] lines as keys."""
    text = "\n".join(line for line in ISS.read_text().splitlines()
                     if line.strip() and not line.lstrip().startswith((";", "#")))
    parser = configparser.ConfigParser(delimiters=("=",), allow_no_value=True, strict=False, interpolation=None)
    parser.optionxform = str
    parser.read_string(text)
    return parser


def entries(section: str) -> list[dict[str, str]]:
    """Inno's "Name: value; Name: value" lines as dicts."""
    out = []
    for line in iss()[section]:
        fields = {}
        for part in line.split("; "):
            key, _, value = part.partition(": ")
            fields[key.strip()] = value.strip().strip('"')
        out.append(fields)
    return out


def test_the_version_comes_from_pyproject():
    assert bundle_info.version() == pyproject_version()
    out = subprocess.run([sys.executable, str(REPO / "installer" / "bundle_info.py"), "version"],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == pyproject_version()


def test_the_mac_bundle_asks_for_the_microphone_with_a_reason():
    plist = bundle_info.info_plist()
    assert "never sent anywhere" in plist["NSMicrophoneUsageDescription"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == pyproject_version()
    assert plist["CFBundleName"] == "Bea"


@pytest.mark.parametrize(("kind", "sizes"), [("ico", [256]), ("icns", [128, 256, 512, 1024])])
def test_the_icons_render_from_the_svg_and_read_back(kind, sizes, tmp_path, qapp):
    from PySide6.QtGui import QImageReader
    path = bundle_info.render_icon(kind, tmp_path)
    reader = QImageReader(str(path))
    images = []
    for i in range(reader.imageCount()):
        reader.jumpToImage(i)
        images.append(reader.read())
    assert sorted(image.width() for image in images) == sizes
    for image in images:
        centre = image.pixelColor(image.width() // 2, image.height() // 3)
        corner = image.pixelColor(0, 0)
        assert centre.alpha() == 255 and corner.alpha() == 0      # the round badge, on a transparent square


def test_the_windows_installer_is_per_user_and_never_installs_over_her_memory():
    setup = iss()["Setup"]
    assert setup["AppName"] == "Bea" and setup["AppVersion"] == "{#AppVersion}"
    assert setup["PrivilegesRequired"] == "lowest"
    # platformdirs puts her data in %LOCALAPPDATA%\Bea (app/process/paths.py); the program must live elsewhere
    assert setup["DefaultDirName"] == "{localappdata}\\Programs\\Bea"
    assert "user_data_dir(\"Bea\", appauthor=False)" in (REPO / "app" / "process" / "paths.py").read_text()
    text = ISS.read_text()
    assert "[UninstallDelete]" not in text and "[InstallDelete]" not in text
    assert "#error" in text                                     # no silent build without a version


def test_the_windows_installer_packs_what_build_spec_builds():
    spec = (REPO / "build.spec").read_text()
    [files] = entries("Files")
    assert (ISS.parent / files["Source"].removesuffix("\\*").replace("\\", "/")).resolve() == REPO / "dist" / "bea"
    assert 'name="bea",' in spec.split("coll = COLLECT", 1)[1]   # the folder PyInstaller writes
    exes = {f"{name}.exe" for name in ("bea", "bea-console") if f'executable("{name}"' in spec}
    assert exes == {"bea.exe", "bea-console.exe"}
    used = {e["Filename"].removeprefix("{app}\\") for e in entries("Icons")} | {
        e["Filename"].removeprefix("{app}\\") for e in entries("Run")}
    assert used <= exes and "bea.exe" in used
    icon = (ISS.parent / iss()["Setup"]["SetupIconFile"].replace("\\", "/")).resolve()
    assert icon == REPO / "build" / "icons" / "bea.ico"           # where build.spec renders it on Windows
    assert 'render_icon("ico", ROOT / "build" / "icons")' in spec
    build = (REPO / "installer" / "windows" / "build.ps1").read_text()
    assert "installer\\bundle_info.py version" in build and '"/DAppVersion=$version"' in build
    assert "bea-console.exe --self-test" in build


def test_the_mac_script_builds_the_bundle_build_spec_names():
    script = (REPO / "installer" / "macos" / "build.sh").read_text()
    spec = (REPO / "build.spec").read_text()
    assert f"dist/{bundle_info.APP_NAME}.app" in script and 'name=f"{bundle_info.APP_NAME}.app"' in spec
    assert "info_plist=bundle_info.info_plist()" in spec and "hdiutil create" in script
    out = subprocess.run(["bash", str(REPO / "installer" / "macos" / "build.sh")], capture_output=True, text=True)
    if sys.platform != "darwin":
        assert out.returncode == 64 and "run it on a Mac" in out.stderr


def test_with_no_console_at_all_the_app_logs_to_its_file_and_exits_cleanly(tmp_path):
    code = ("import sys\n"
            "sys.stdout = sys.stderr = None\n"                # a windowed Windows build
            "import logging\n"
            "from pathlib import Path\n"
            "from app.process.logs import setup_logging\n"
            f"setup_logging(Path({str(tmp_path)!r}), lambda: [], clock=lambda: 0.0)\n"
            "logging.getLogger('app').info('no console here')\n"
            "print('nowhere to go')\n"
            "from app.__main__ import exit_now\n"
            "exit_now(3)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 3 and out.stderr == ""
    assert "no console here" in (tmp_path / "logs" / "bea.log").read_text()


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("apt-get"),
                    reason="dev.sh installs system packages only as root on a Debian-like machine")
def test_dev_sh_run_makes_her_avatar_and_installs_the_libraries_qt_lacks(tmp_path):
    """`dev.sh run` in a copy of the checkout whose Python and npm installs are already done: it writes the
    default avatar and asks apt-get for the packages the app's own ldd check names (a stand-in ldd says which
    libraries are missing; a stand-in apt-get records what it was asked), then starts the app."""
    from app.stage import doll

    root = tmp_path / "bea"
    for name in ("installer/dev.sh", "pyproject.toml", "requirements/app.txt", "stage/package-lock.json",
                 "app/stage/doll.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / name, root / name)
    venv = root / ".venv" / "bin"
    venv.mkdir(parents=True)
    tools = tmp_path / "tools"
    tools.mkdir()
    calls = tmp_path / "apt-calls.txt"
    scripts = {venv / "python": f'#!/bin/sh\nexec "{sys.executable}" "$@"\n',
               tools / "ldd": "#!/bin/sh\necho '\tlibxcb-icccm.so.4 => not found'\necho '\tlibnss3.so => not found'\n",
               tools / "apt-get": f'#!/bin/sh\necho "$@" >> "{calls}"\n'}
    for path, text in scripts.items():
        path.write_text(text)
        path.chmod(0o755)
    locked = " ".join(hashlib.sha256((root / name).read_bytes()).hexdigest()
                      for name in ("requirements/app.txt", "pyproject.toml"))
    llama = re.search(r'llama_want="(.*)"', (root / "installer" / "dev.sh").read_text())[1]
    (root / ".venv" / ".bea-installed").write_text(f"{llama}\n{locked} requirements/app.txt\n")
    (root / "stage" / "node_modules").mkdir()
    lock = hashlib.sha256((root / "stage" / "package-lock.json").read_bytes()).hexdigest()
    (root / "stage" / "node_modules" / ".bea-installed").write_text(f"{lock}\n")
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(REPO)}
    out = subprocess.run(["bash", str(root / "installer" / "dev.sh"), "run", "--version"], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"Bea {bundle_info.version()}"
    assert (root / "stage" / "avatar" / "bea.vrm").read_bytes() == doll.build()
    # Qt's libraries first; libopus0 (Discord voice) after them, when ldconfig does not list libopus
    qt_line, opus_line = ("install -y -qq --no-install-recommends libxcb-icccm4 libnss3",
                          "install -y -qq --no-install-recommends libopus0")
    lines = calls.read_text().splitlines()
    assert lines[0] == qt_line and lines[1:] in ([], [opus_line]), lines
