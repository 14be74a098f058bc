"""GLB files made for the tests (the shared fixtures are never edited: variants are written to tmp_path)."""

import json
import struct
from pathlib import Path

JSON_CHUNK, BIN_CHUNK = 0x4E4F534A, 0x004E4942


def chunks(data: bytes) -> tuple[dict, bytes]:
    length = struct.unpack("<I", data[12:16])[0]
    doc = json.loads(data[20:20 + length])
    rest = data[20 + length:]
    binary = b""
    if len(rest) >= 8:
        blen, _kind = struct.unpack("<II", rest[:8])
        binary = rest[8:8 + blen]
    return doc, binary


def glb(doc: dict, binary: bytes = b"") -> bytes:
    text = json.dumps(doc, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 4)
    body = struct.pack("<II", len(text), JSON_CHUNK) + text
    if binary:
        binary += b"\0" * (-len(binary) % 4)
        body += struct.pack("<II", len(binary), BIN_CHUNK) + binary
    return b"glTF" + struct.pack("<II", 2, 12 + len(body)) + body


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def plain_gltf() -> bytes:
    """A valid glTF binary with one empty scene and no VRM data."""
    return glb({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "scene": 0,
                "nodes": [{"name": "empty"}]})


def with_mouth(source: Path) -> bytes:
    """The fixture with an `aa` (mouth open) expression copied from its `happy` one: it lip-syncs."""
    doc, binary = chunks(source.read_bytes())
    expressions = doc["extensions"]["VRMC_vrm"]["expressions"]["preset"]
    expressions["aa"] = json.loads(json.dumps(expressions["happy"]))
    expressions["aa"].pop("overrideBlink", None)
    return glb(doc, binary)


def vrm0(source: Path) -> bytes:
    """A VRM 0.x-style description (extensions.VRM) on the fixture's meshes: enough for the file check."""
    doc, binary = chunks(source.read_bytes())
    doc["extensions"] = {"VRM": {"meta": {"title": "Old Bea"}, "blendShapeMaster": {"blendShapeGroups": [
        {"name": "Joy", "presetName": "joy"}, {"name": "A", "presetName": "a"},
        {"name": "Blink", "presetName": "blink"}, {"name": "Wink", "presetName": "unknown"}]}}}
    doc["extensionsUsed"] = ["VRM"]
    return glb(doc, binary)


BEACON = "http://192.0.2.1/beacon.png"


def with_uri(source: Path | bytes, uri: object = BEACON, where: str = "images") -> bytes:
    """A copy of a GLB (a path or its bytes) whose first image (or buffer, where="buffers") points at `uri`
    instead of the file's own binary chunk: what a hostile .vrm or .vrma looks like."""
    data = source if isinstance(source, bytes) else source.read_bytes()
    doc, binary = chunks(data)
    if where == "images":
        doc["images"][0].pop("bufferView", None)
        doc["images"][0]["uri"] = uri
    else:
        doc.setdefault("buffers", []).append({"uri": uri, "byteLength": 4})
    return glb(doc, binary)
