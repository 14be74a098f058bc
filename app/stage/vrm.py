"""A .vrm file checked before any page is asked to load it, and the mood → expression picker.

A VRM is a glTF binary (GLB): a 12-byte header ("glTF", version 2, total length), then a JSON chunk, then a
binary chunk. VRM 1.0 names the VRMC_vrm extension, VRM 0.x the VRM extension. inspect() reads just the
header and the JSON chunk and says, in a sentence the streamer can act on, what is wrong with a file that is
not a VRM; for a good one it returns the title, the version and the expressions, with VRM 0.x preset names
given as three-vrm names them on the page (joy → happy, a → aa...).

expression_for() maps any mood word onto an expression the model actually has (app.core.affect.pick does the
geometry), never the lip-sync, blink or look-at shapes, and falls back to no expression rather than a wrong
one: with only `happy` on the model, `sad` shows a neutral face, not a smile.

A file must carry everything it is drawn with: glTF lets an image or a buffer name a URI, which the page (in the
app and in OBS) would fetch from wherever it points (a tracking beacon, a private address). outside_uri()
finds the first one that is not a `data:` URI; inspect() (and app.stage.vrma's) refuse such a file, naming it.
Images stored in the file's own binary chunk (a bufferView, what VRoid Studio and UniVRM write) are fine.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from app.core import affect

GLB_MAGIC = b"glTF"
JSON_CHUNK = 0x4E4F534A
MAX_JSON = 64 * 1024 * 1024
MAX_FILE = 1024 * 1024 * 1024

LIP_SYNC = ("aa", "ih", "ou", "ee", "oh")
NOT_EMOTIONS = frozenset({*LIP_SYNC, "blink", "blinkLeft", "blinkRight", "lookUp", "lookDown", "lookLeft",
                          "lookRight"})
# VRM 0.x blend shape presets, as three-vrm's v0 compatibility names them on the page
VRM0_PRESETS = {"joy": "happy", "angry": "angry", "sorrow": "sad", "fun": "relaxed", "surprised": "surprised",
                "neutral": "neutral", "a": "aa", "i": "ih", "u": "ou", "e": "ee", "o": "oh", "blink": "blink",
                "blink_l": "blinkLeft", "blink_r": "blinkRight", "lookup": "lookUp", "lookdown": "lookDown",
                "lookleft": "lookLeft", "lookright": "lookRight"}


SHOWN_URI = 120            # characters of an offending URI a message quotes


class InvalidVrm(ValueError):
    """The file is not a VRM avatar; the message says why, for the streamer."""


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
    if not path.is_file():
        raise InvalidVrm(f"“{path}” does not exist (or is not a file).")
    size = path.stat().st_size
    if size > MAX_FILE:
        raise InvalidVrm(f"“{name}” is {size // (1024 * 1024)} MB: too big for an avatar.")
    with path.open("rb") as f:
        header = f.read(20)
        if len(header) < 20 or header[:4] != GLB_MAGIC:
            raise InvalidVrm(f"“{name}” is not a VRM avatar: a .vrm file is a binary glTF (it starts with "
                             f"“glTF”), and this one does not.")
        version, total, chunk_length, chunk_type = struct.unpack("<IIII", header[4:20])
        if version != 2:
            raise InvalidVrm(f"“{name}” is a glTF {version} file; VRM needs glTF 2.")
        if total > size:
            raise InvalidVrm(f"“{name}” is cut short: it says {total} bytes and has {size}.")
        if chunk_type != JSON_CHUNK or chunk_length > min(MAX_JSON, size - 20):
            raise InvalidVrm(f"“{name}” is damaged: its glTF description is missing.")
        try:
            doc = json.loads(f.read(chunk_length).decode("utf-8"))
        except (ValueError, RecursionError):
            raise InvalidVrm(f"“{name}” is damaged: its glTF description is not valid JSON.") from None
    if not isinstance(doc, dict):
        raise InvalidVrm(f"“{name}” is damaged: its glTF description is not an object.")
    if (uri := outside_uri(doc)) is not None:
        raise InvalidVrm(f"“{name}” is refused: it asks for {uri} from outside the file, which the "
                         f"stage would fetch (in this window and in OBS). An avatar must carry its textures "
                         f"inside: export it again as .vrm from VRoid Studio, UniVRM or Blender's VRM add-on.")
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


def outside_uri(doc: Mapping[str, object]) -> str | None:
    """The first URI of the glTF's images or buffers that is not a `data:` URI, as a message quotes it (None
    when there is none): what a glTF loader would fetch from outside the file. A uri that is not a string
    counts too (a loader may make something of it, null included); an entry without one is stored in the
    file (an image's bufferView, the GLB's own binary chunk)."""
    for key in ("images", "buffers"):
        entries = doc.get(key)
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, dict) or "uri" not in entry:
                continue
            uri = entry["uri"]
            if not (isinstance(uri, str) and uri[:5].lower() == "data:"):
                return uri_text(uri)
    return None


def uri_text(uri: object) -> str:
    """An offending URI as a message quotes it: in quotes, control characters shown escaped, cut short."""
    if not isinstance(uri, str):   # a number, a list...: named by its kind, never dumped whole
        return f"a URI that is not text (a JSON {type(uri).__name__})"
    text = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in uri)
    if len(text) > SHOWN_URI:
        text = text[:SHOWN_URI - 1] + "…"
    return f"“{text}”"


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
