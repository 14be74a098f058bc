"""A .vrma clip (VRM Animation) checked before any page is asked to load it.

A .vrma is a glTF binary (GLB, read by app.stage.glb), like a .vrm. What makes it an animation is the
VRMC_vrm_animation extension: its humanoid part names which node of the file stands for which human bone
(hips, head...), and the file's glTF animations move those nodes. The page plays it with three-vrm-animation,
retargeted onto whatever avatar is loaded.

inspect() reads the header and the JSON chunk only and says, in a sentence the streamer can act on, what is
wrong with a file that is not a clip (an avatar picked by mistake, a plain 3D model, a damaged file); for a
good one it returns the clip's name (the file stem: the name <do:x> actions and the dock use), its length and
the bones it moves. A clip whose images or buffers point outside the file is refused
(app.stage.glb.outside_uri): the page would fetch them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.stage import glb

EXTENSION = "VRMC_vrm_animation"
SPEC_VERSIONS = ("1.0", "1.0-draft")
SUFFIX = ".vrma"


class InvalidVrma(ValueError):
    """The file is not a VRM animation; the message says why, for the streamer."""


CLIP = glb.Expected(
    InvalidVrma, max_file=256 * 1024 * 1024, one="an animation clip", kind="a VRM animation",
    file="a .vrma clip", needs="VRM animations need",
    carry="A clip must carry everything inside: export it again as .vrma.")


@dataclass(frozen=True)
class VrmaInfo:
    path: Path
    name: str                   # the file stem: what actions and the dock call it
    duration: float             # seconds (0 when the file does not say)
    bones: tuple[str, ...]      # the human bones its animation moves
    expressions: tuple[str, ...]
    size: int


def clip_name(path: Path | str) -> str:
    return Path(path).stem.strip()


def fold(name: str) -> str:
    """How action names and clip names are compared: case, spaces, dashes and underscores do not matter."""
    return "".join(ch for ch in name.casefold() if ch not in " _-.")


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _seconds(value: Any) -> float | None:
    """A time in a glTF accessor's max, as a float; None for anything else (an int too big for a float)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        return float(value)
    except OverflowError:
        return None


def inspect(path: Path | str) -> VrmaInfo:
    """The clip in the file at `path`; InvalidVrma, and nothing else whatever the file holds, when it is not
    one (an OSError reading it aside)."""
    path = Path(path)
    name = path.name
    doc, size = glb.read_json(path, CLIP)
    extensions = _dict(doc.get("extensions"))
    ext = extensions.get(EXTENSION)
    if not isinstance(ext, dict):
        if isinstance(extensions.get("VRMC_vrm"), dict) or isinstance(extensions.get("VRM"), dict):
            raise InvalidVrma(f"“{name}” is a VRM avatar, not an animation: choose it as her avatar instead. "
                              f"Clips are .vrma files (VRM Animation), exported from VRoid Studio, UniVRM "
                              f"or Blender's VRM add-on.")
        raise InvalidVrma(f"“{name}” is a 3D model (glTF) but not a VRM animation: it has no "
                          f"{EXTENSION} data saying which of its nodes are her bones. Export it as .vrma.")
    if EXTENSION not in _list(doc.get("extensionsUsed")):
        raise InvalidVrma(f"“{name}” is damaged: it has VRM animation data but does not declare "
                          f"{EXTENSION} in extensionsUsed, so no player would read it.")
    spec = ext.get("specVersion")
    if spec is not None and spec not in SPEC_VERSIONS:
        raise InvalidVrma(f"“{name}” is a VRM animation of version {spec}, which this app cannot play "
                          f"(it knows {', '.join(SPEC_VERSIONS)}).")
    nodes = _list(doc.get("nodes"))
    bones: dict[int, str] = {}
    for bone, entry in _dict(_dict(ext.get("humanoid")).get("humanBones")).items():
        node = _dict(entry).get("node")
        if not isinstance(node, int) or isinstance(node, bool) or not 0 <= node < len(nodes):
            raise InvalidVrma(f"“{name}” is damaged: its bone “{bone}” points at a node that is not there.")
        bones[node] = str(bone)
    faces: dict[int, str] = {}
    expressions = _dict(ext.get("expressions"))
    for group in ("preset", "custom"):
        for face, entry in _dict(expressions.get(group)).items():
            node = _dict(entry).get("node")
            if isinstance(node, int) and not isinstance(node, bool) and 0 <= node < len(nodes):
                faces[node] = str(face)
    look_at = _dict(ext.get("lookAt")).get("node")
    animations = [a for a in _list(doc.get("animations")) if isinstance(a, dict)]
    if not animations:
        raise InvalidVrma(f"“{name}” has VRM animation data but no animation in it: there is nothing to play.")
    animation = animations[0]   # the one three-vrm-animation plays
    moved: list[str] = []
    moved_faces: list[str] = []
    looks = False
    samplers = _list(animation.get("samplers"))
    accessors = _list(doc.get("accessors"))
    duration = 0.0
    for channel in _list(animation.get("channels")):
        channel = _dict(channel)
        node = _dict(channel.get("target")).get("node")
        if not isinstance(node, int) or isinstance(node, bool):
            continue
        if node in bones:
            moved += [bones[node]] if bones[node] not in moved else []
        elif node in faces:
            moved_faces += [faces[node]] if faces[node] not in moved_faces else []
        elif node == look_at:
            looks = True
        else:
            continue
        index = channel.get("sampler")
        sampler = _dict(samplers[index]) if isinstance(index, int) and 0 <= index < len(samplers) else {}
        times = sampler.get("input")
        if isinstance(times, int) and 0 <= times < len(accessors):
            end = _list(_dict(accessors[times]).get("max"))
            if end and (seconds := _seconds(end[0])) is not None:
                duration = max(duration, seconds)
    if not moved and not moved_faces and not looks:
        raise InvalidVrma(f"“{name}” is a VRM animation that moves none of her bones or expressions: "
                          f"there is nothing to play.")
    return VrmaInfo(path, clip_name(path), round(duration, 4), tuple(moved), tuple(moved_faces), size)
