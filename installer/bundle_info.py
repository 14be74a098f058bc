"""What the platform installers need to know about Bea, in one place: the version (from pyproject.toml), the
macOS bundle's Info.plist, and the Windows/macOS icons rendered from resources/icons/bea.svg.

build.spec imports this; installer/windows/build.ps1 and installer/macos/build.sh read the version through
`python installer/bundle_info.py version`.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "Bea"
BUNDLE_ID = "app.bea.cohost"


def version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


def info_plist(ver: str | None = None) -> dict[str, object]:
    """The macOS Info.plist keys PyInstaller's BUNDLE adds to its own."""
    ver = ver or version()
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": ver,
        "CFBundleVersion": ver,
        # without it macOS ends the app the moment it opens the microphone
        "NSMicrophoneUsageDescription": "Bea listens to you when you talk to her (push-to-talk or always on). "
                                        "What she hears is transcribed on this Mac and never sent anywhere.",
        "NSHighResolutionCapable": True,
        "LSMinimumSystemVersion": "12.0",
        "NSRequiresAquaSystemAppearance": False,
    }


ICNS_TYPES = {128: b"ic07", 256: b"ic08", 512: b"ic09", 1024: b"ic10"}   # PNG payloads, by pixel size


def icns(pngs: dict[int, bytes]) -> bytes:
    """An Apple icon file: 'icns', the total length, then one (type, length, PNG) entry per size."""
    body = b"".join(ICNS_TYPES[size] + (8 + len(png)).to_bytes(4, "big") + png for size, png in sorted(pngs.items()))
    return b"icns" + (8 + len(body)).to_bytes(4, "big") + body


def _png(size: int) -> bytes:
    import os
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([])
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    QSvgRenderer(str(ROOT / "resources" / "icons" / "bea.svg")).render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data.data())


def render_icon(kind: str, out_dir: Path) -> Path:
    """bea.svg rendered (offscreen, with Qt) to bea.ico (one 256 px image, through Qt's ICO writer) or bea.icns
    (PNGs of 128 to 1024 px). Returns the file."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"bea.{kind}"
    if kind == "icns":
        path.write_bytes(icns({size: _png(size) for size in ICNS_TYPES}))
        return path
    from PySide6.QtGui import QImage
    image = QImage.fromData(_png(256), "PNG")
    if not image.save(str(path), "ICO"):
        raise RuntimeError(f"Qt could not write {path} (no ico image plugin?)")
    return path


LINUX_ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render_hicolor(out_dir: Path) -> list[Path]:
    """bea.svg as the freedesktop icon theme wants it (installer/linux): out_dir/hicolor/<n>x<n>/apps/bea.png for
    each of LINUX_ICON_SIZES, and the SVG itself under hicolor/scalable/apps. Returns the files."""
    made = []
    for size in LINUX_ICON_SIZES:
        path = out_dir / "hicolor" / f"{size}x{size}" / "apps" / "bea.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_png(size))
        made.append(path)
    svg = out_dir / "hicolor" / "scalable" / "apps" / "bea.svg"
    svg.parent.mkdir(parents=True, exist_ok=True)
    svg.write_bytes((ROOT / "resources" / "icons" / "bea.svg").read_bytes())
    return [*made, svg]


if __name__ == "__main__":
    if sys.argv[1:] == ["version"]:
        print(version())
    elif sys.argv[1:2] == ["hicolor"] and len(sys.argv) == 3:
        render_hicolor(Path(sys.argv[2]))
    else:
        raise SystemExit("usage: python installer/bundle_info.py version | hicolor OUT_DIR")
