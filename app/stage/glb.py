"""A binary glTF (GLB) file's description, read before any page is asked to load it: avatars and clips alike.

A GLB is a 12-byte header ("glTF", version 2, total length), then a JSON chunk, then a binary chunk; a .vrm
and a .vrma are both GLBs. read_json() reads just the header and the JSON chunk (a hostile file costs at most
MAX_JSON bytes) and refuses a file unfit to load with a sentence the streamer can act on, raised as the
caller's own error in the caller's words for what the file should have been (Expected).

A file must carry everything it is drawn with: glTF lets an image or a buffer name a URI, which the page (in
the app and in OBS) would fetch from wherever it points (a tracking beacon, a private address). outside_uri()
finds the first one that is not a `data:` URI, and read_json() refuses such a file, naming it. Images stored
in the file's own binary chunk (a bufferView, what VRoid Studio and UniVRM write) are fine.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MAGIC = b"glTF"
JSON_CHUNK = 0x4E4F534A
HEADER = 20                # the file header and the JSON chunk's own: all that is read before the JSON
MAX_JSON = 64 * 1024 * 1024
SHOWN_URI = 120            # characters of an offending URI a message quotes


@dataclass(frozen=True)
class Expected:
    """What the caller expects the file to be, in the words its refusals use."""

    error: type[ValueError]     # what every refusal raises
    max_file: int               # bytes; a larger file is refused unread
    one: str                    # "an avatar", as in "too big for an avatar"
    kind: str                   # "a VRM avatar", as in "is not a VRM avatar"
    file: str                   # "a .vrm file", as in "a .vrm file is a binary glTF"
    needs: str                  # "VRM needs", as in "VRM needs glTF 2"
    carry: str                  # what to do about a file that fetches from outside, a sentence


def read_json(path: Path, expected: Expected) -> tuple[dict[str, Any], int]:
    """The glTF description (the JSON chunk) of the file at `path` and the file's size; expected.error, and
    nothing else whatever the file holds, when it is not a GLB fit to load (an OSError reading it aside)."""
    name = path.name
    refuse = expected.error
    if not path.is_file():
        raise refuse(f"“{path}” does not exist (or is not a file).")
    size = path.stat().st_size
    if size > expected.max_file:
        raise refuse(f"“{name}” is {size // (1024 * 1024)} MB: too big for {expected.one}.")
    with path.open("rb") as f:
        header = f.read(HEADER)
        if len(header) < HEADER or header[:4] != MAGIC:
            raise refuse(f"“{name}” is not {expected.kind}: {expected.file} is a binary glTF (it starts with "
                         f"“glTF”), and this one does not.")
        version, total, chunk_length, chunk_type = struct.unpack("<IIII", header[4:HEADER])
        if version != 2:
            raise refuse(f"“{name}” is a glTF {version} file; {expected.needs} glTF 2.")
        if total > size:
            raise refuse(f"“{name}” is cut short: it says {total} bytes and has {size}.")
        if chunk_type != JSON_CHUNK or chunk_length > min(MAX_JSON, size - HEADER):
            raise refuse(f"“{name}” is damaged: its glTF description is missing.")
        try:
            doc = json.loads(f.read(chunk_length).decode("utf-8"))
        except (ValueError, RecursionError):
            raise refuse(f"“{name}” is damaged: its glTF description is not valid JSON.") from None
    if not isinstance(doc, dict):
        raise refuse(f"“{name}” is damaged: its glTF description is not an object.")
    if (uri := outside_uri(doc)) is not None:
        raise refuse(f"“{name}” is refused: it asks for {uri} from outside the file, which the stage would "
                     f"fetch (in this window and in OBS). {expected.carry}")
    return doc, size


def outside_uri(doc: Mapping[str, object]) -> str | None:
    """The first URI of the glTF's images or buffers that is not a `data:` URI, as a message quotes it (None
    when there is none): what a glTF loader would fetch from outside the file. A uri that is not a string
    counts too (a loader may make something of it, null included); an entry without one is stored in the
    file (an image's bufferView, the GLB's own binary chunk). `images` or `buffers` written as an object instead of
    an array is read by its values."""
    for key in ("images", "buffers"):
        entries = doc.get(key)   # an array in glTF; an object's values are read too, as a lenient loader would
        for entry in entries if isinstance(entries, list) else list(entries.values()) if isinstance(entries, dict) \
                else []:
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
