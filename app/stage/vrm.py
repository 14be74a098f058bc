"""A .vrm file checked before any page is asked to load it, and the mood → expression picker.

A VRM is a glTF binary (GLB, read by app.stage.glb, which also refuses a file whose images or buffers point
outside it). VRM 1.0 names the VRMC_vrm extension, VRM 0.x the VRM extension. inspect() reads just the
header and the JSON chunk and says, in a sentence the streamer can act on, what is wrong with a file that is
not a VRM; for a good one it returns the title, the version and the expressions, with VRM 0.x preset names
given as three-vrm names them on the page (joy → happy, a → aa...).

expression_for() maps any mood word onto an expression the model actually has (app.core.affect.pick does the
geometry), never the lip-sync, blink or look-at shapes, and falls back to no expression rather than a wrong
one: with only `happy` on the model, `sad` shows a neutral face, not a smile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.core import affect
from app.stage import glb

LIP_SYNC = ("aa", "ih", "ou", "ee", "oh")
NOT_EMOTIONS = frozenset({*LIP_SYNC, "blink", "blinkLeft", "blinkRight", "lookUp", "lookDown", "lookLeft",
                          "lookRight"})
# VRM 0.x blend shape presets, as three-vrm's v0 compatibility names them on the page
VRM0_PRESETS = {"joy": "happy", "angry": "angry", "sorrow": "sad", "fun": "relaxed", "surprised": "surprised",
                "neutral": "neutral", "a": "aa", "i": "ih", "u": "ou", "e": "ee", "o": "oh", "blink": "blink",
                "blink_l": "blinkLeft", "blink_r": "blinkRight", "lookup": "lookUp", "lookdown": "lookDown",
                "lookleft": "lookLeft", "lookright": "lookRight"}


class InvalidVrm(ValueError):
    """The file is not a VRM avatar; the message says why, for the streamer."""


AVATAR = glb.Expected(
    InvalidVrm, max_file=1024 * 1024 * 1024, one="an avatar", kind="a VRM avatar", file="a .vrm file",
    needs="VRM needs", carry="An avatar must carry its textures inside: export it again as .vrm from VRoid "
                             "Studio, UniVRM or Blender's VRM add-on.")


@dataclass(frozen=True)
class VrmInfo:
    path: Path
    title: str
    version: str            # "0" or "1"
    expressions: tuple[str, ...]
    size: int


def inspect(path: Path | str) -> VrmInfo:
    """The avatar in the file at `path`; InvalidVrm, and nothing else whatever the file holds, when it is not
    one (an OSError reading it aside)."""
    path = Path(path)
    name = path.name
    doc, size = glb.read_json(path, AVATAR)
    extensions = doc.get("extensions") if isinstance(doc.get("extensions"), dict) else {}
    if isinstance(extensions.get("VRMC_vrm"), dict):
        vrm = extensions["VRMC_vrm"]
        meta = vrm.get("meta") if isinstance(vrm.get("meta"), dict) else {}
        expressions = vrm.get("expressions") if isinstance(vrm.get("expressions"), dict) else {}
        names = [*_keys(expressions.get("preset")), *_keys(expressions.get("custom"))]
        return VrmInfo(path, str(meta.get("name") or path.stem), "1", tuple(names), size)
    if isinstance(extensions.get("VRM"), dict):
        vrm = extensions["VRM"]
        meta = vrm.get("meta") if isinstance(vrm.get("meta"), dict) else {}
        master = vrm.get("blendShapeMaster") if isinstance(vrm.get("blendShapeMaster"), dict) else {}
        groups = master.get("blendShapeGroups") or []
        if not isinstance(groups, list):
            raise InvalidVrm(f"“{name}” is damaged: its VRM 0.x expressions (blendShapeGroups) are not a list. "
                             f"Export it again from UniVRM or VRoid Studio.")
        names = []
        for group in groups:
            if not isinstance(group, dict):
                continue
            preset = str(group.get("presetName") or "").lower()
            custom = preset in ("", "unknown")
            label = str(group.get("name") or "") if custom else VRM0_PRESETS.get(preset)
            if label and label not in names:
                names.append(label)
        return VrmInfo(path, str(meta.get("title") or path.stem), "0", tuple(names), size)
    raise InvalidVrm(f"“{name}” is a 3D model (glTF) but not a VRM avatar: it has no VRM data (humanoid "
                     f"bones, expressions). Export it as .vrm from VRoid Studio, UniVRM or Blender's VRM "
                     f"add-on.")


def _keys(value: object) -> list[str]:
    return [str(k) for k in value] if isinstance(value, dict) else []


def emotions(available: Sequence[str]) -> list[str]:
    """The expressions that can show a mood: not lip sync, blinking or looking."""
    return [name for name in available if name not in NOT_EMOTIONS]


def expression_for(mood: str, available: Sequence[str], overrides: Mapping[str, str] | None = None) -> str:
    """The expression of the model that shows `mood` best, or "" for none (a neutral face)."""
    candidates = emotions(available)
    if not candidates or not mood.strip():
        return ""
    folded = {affect.fold(k): v for k, v in (overrides or {}).items()}
    for key in (affect.fold(mood), affect.mood_of(mood)):
        if key and key in folded:
            chosen = folded[key]
            return chosen if chosen in candidates else ""
    target = affect.coordinates_of(mood)
    exact = [c for c in candidates if affect.fold(c) == affect.fold(mood)]
    if exact:
        return exact[0]
    if target is None:
        return ""
    picked = affect.pick(mood, candidates)
    point = affect.coordinates_of(picked)
    if point is None or affect.mood_of(picked) == "neutral":
        return picked if affect.fold(picked) == "neutral" else ""
    # only when the expression is nearer the mood than a neutral face is
    if affect.distance(target, point) >= affect.distance(target, affect.REST):
        return "neutral" if "neutral" in candidates else ""
    return picked


def strength(valence: float, arousal: float) -> float:
    """How strongly a state shows on her face, 0..1: its distance from rest, over the distance of a clear
    feeling (happy)."""
    full = affect.distance(affect.REST, affect.MOODS["happy"])
    return max(0.0, min(1.0, affect.distance(affect.REST, (valence, arousal)) / full))
