"""The stage's files: npm's modules installed (not committed), every import served, the bundle complete."""

import json
import re
import subprocess
from pathlib import Path

from app.stage.assets import PAGE_FILES, VENDOR_FILES, bundle_files, default_avatar_path, missing, stage_dir
from tests.conftest import REPO

IMPORT = re.compile(r"""(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s+['"]([^'"]+)['"]"""
                    r"""|import\(\s*['"]([^'"]+)['"]""")


def import_map() -> dict[str, str]:
    html = (stage_dir() / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="importmap">(.*?)</script>', html, re.S).group(1)
    return json.loads(block)["imports"]


def resolve(spec: str, importer: str, imports: dict[str, str]) -> str:
    """The served path (under /stage/) a module specifier loads."""
    if spec in imports:
        return imports[spec].removeprefix("/stage/")
    for prefix, target in imports.items():
        if prefix.endswith("/") and spec.startswith(prefix):
            return target.removeprefix("/stage/") + spec[len(prefix):]
    if spec.startswith("."):
        parts = importer.split("/")[:-1]
        for piece in spec.split("/"):
            if piece == "..":
                parts.pop()
            elif piece != ".":
                parts.append(piece)
        return "/".join(parts)
    raise AssertionError(f"{importer} imports {spec}, which the import map does not name")


def served(path: str) -> bool:
    return path in PAGE_FILES or (path.startswith("vendor/") and path.removeprefix("vendor/") in VENDOR_FILES)


def test_the_stage_can_run_here():
    assert missing() == [], "run `npm ci` in stage/"


def test_every_module_the_pages_import_is_served():
    imports = import_map()
    todo, seen = ["main.js", "captions.js"], set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        assert served(path), f"{path} is imported but not served (add it to app/stage/assets.py)"
        disk = stage_dir() / (path if path in PAGE_FILES else "node_modules/" + path.removeprefix("vendor/"))
        for a, b in IMPORT.findall(disk.read_text(encoding="utf-8")):
            todo.append(resolve(a or b, path, imports))
    assert {"vendor/three/build/three.core.js", "vendor/@pixiv/three-vrm/lib/three-vrm.module.js",
            "vendor/@pixiv/three-vrm-animation/lib/three-vrm-animation.module.js",
            "vendor/three/examples/jsm/utils/SkeletonUtils.js", "messages.js", "motion.js"} <= seen


def test_every_npm_package_served_has_its_licence_served_and_bundled():
    packages = {"/".join(p.split("/")[:2]) if p.startswith("@") else p.split("/")[0] for p in VENDOR_FILES}
    assert packages == {"three", "@pixiv/three-vrm", "@pixiv/three-vrm-animation"}
    for package in packages:
        assert f"{package}/LICENSE" in VENDOR_FILES
    bundled = {Path(source).as_posix() for source, _dest in bundle_files()}
    assert any(s.endswith("node_modules/@pixiv/three-vrm-animation/LICENSE") for s in bundled)


def test_missing_names_what_an_incomplete_install_lacks(tmp_path):
    for name in PAGE_FILES:
        (tmp_path / name).write_text("x", encoding="utf-8")
    for path in VENDOR_FILES:
        if "three-vrm-animation" not in path:
            (tmp_path / "node_modules" / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / "node_modules" / path).write_text("x", encoding="utf-8")
    assert missing(tmp_path) == ["node_modules/@pixiv/three-vrm-animation/lib/three-vrm-animation.module.js",
                                 "node_modules/@pixiv/three-vrm-animation/LICENSE"]


def test_the_bundle_carries_every_served_file_her_default_avatar_and_no_more_of_node_modules():
    pairs = bundle_files()
    assert len(pairs) == len(PAGE_FILES) + len(VENDOR_FILES) + 1
    assert (str(default_avatar_path(REPO / "stage")), "stage/avatar") in pairs
    for source, dest in pairs:
        assert Path(source).is_file(), source
        assert dest.startswith("stage")
    assert ("stage/node_modules/three/build" in {d for _s, d in pairs})


def test_node_modules_is_ignored_by_git_and_the_lock_file_pins_the_versions():
    for made in ("stage/node_modules/three/package.json", "stage/avatar/bea.vrm"):
        assert subprocess.run(["git", "check-ignore", "-q", made], cwd=REPO).returncode == 0
    lock = (REPO / "stage" / "package-lock.json").read_text(encoding="utf-8")
    assert '"node_modules/three"' in lock and '"node_modules/@pixiv/three-vrm"' in lock
    assert '"node_modules/@pixiv/three-vrm-animation"' in lock
    wanted = json.loads((REPO / "stage" / "package.json").read_text(encoding="utf-8"))["dependencies"]
    assert wanted["@pixiv/three-vrm-animation"] == wanted["@pixiv/three-vrm"] == "3.5.5"
    locked = json.loads(lock)["packages"]
    assert locked["node_modules/@pixiv/three-vrm-animation"]["version"] == "3.5.5"
