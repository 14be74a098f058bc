"""Where the stage's web files are, which of them are served, and which npm files the bundle must carry.

stage/ at the repository root holds the pages (index.html, captions.html), their modules, the message schema
and package.json; `npm ci` (installer/dev.sh) puts three.js, three-vrm and three-vrm-animation (which plays
the streamer's .vrma clips) in stage/node_modules, and app.stage.doll writes her default avatar to
stage/avatar/bea.vrm; git ignores both. The server serves only the files named
here, from the checkout or from the PyInstaller bundle, so a page that needs a file the bundle would lack
fails the same way in development and in the tests.
"""

from __future__ import annotations

import sys
from pathlib import Path

from app.process.paths import SOURCE_ROOT

# the stage's own files, served under /stage/<name>
PAGE_FILES = ("index.html", "captions.html", "main.js", "captions.js", "bridge.js", "messages.js",
              "motion.js", "notice.js", "stage.css", "messages.schema.json")

# npm files, served under /stage/vendor/<path> (path inside node_modules); the import maps point here
VENDOR_FILES = (
    "three/build/three.module.js",
    "three/build/three.core.js",
    "three/examples/jsm/loaders/GLTFLoader.js",
    "three/examples/jsm/utils/BufferGeometryUtils.js",
    "three/examples/jsm/utils/SkeletonUtils.js",
    "@pixiv/three-vrm/lib/three-vrm.module.js",
    "@pixiv/three-vrm-animation/lib/three-vrm-animation.module.js",
    "three/LICENSE",
    "@pixiv/three-vrm/LICENSE",
    "@pixiv/three-vrm-animation/LICENSE",
)

NPM_HINT = "run `npm ci` in the stage folder (installer/dev.sh does it)"

# her default avatar, which app.stage.doll makes at install time (installer/dev.sh); git ignores it
AVATAR_FILE = "avatar/bea.vrm"


def stage_dir() -> Path:
    """The stage folder: next to the app in a checkout, inside _MEIPASS in the bundle."""
    return Path(getattr(sys, "_MEIPASS", SOURCE_ROOT)) / "stage"


def default_avatar_path(root: Path | None = None) -> Path:
    """Where her default avatar is (it may not be there: a checkout that never ran installer/dev.sh)."""
    return (root or stage_dir()) / AVATAR_FILE


def missing(root: Path | None = None) -> list[str]:
    """The served files that are not there (empty when the stage can run)."""
    base = root or stage_dir()
    out = [name for name in PAGE_FILES if not (base / name).is_file()]
    out += [f"node_modules/{path}" for path in VENDOR_FILES if not (base / "node_modules" / path).is_file()]
    return out


def bundle_files(root: Path | None = None) -> list[tuple[str, str]]:
    """(source file, destination folder) pairs for PyInstaller's datas: the pages and just the npm files the
    pages import, never the whole node_modules."""
    base = root or SOURCE_ROOT / "stage"
    pairs = [(str(base / name), "stage") for name in PAGE_FILES]
    for path in VENDOR_FILES:
        parent = str(Path("stage") / "node_modules" / Path(path).parent)
        pairs.append((str(base / "node_modules" / path), parent))
    pairs.append((str(default_avatar_path(base)), str(Path("stage") / Path(AVATAR_FILE).parent)))
    return pairs
