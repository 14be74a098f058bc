"""Bea's default avatar: a small humanoid VRM 1.0 that this project makes with code, so she has a body out of
the box (no package registry offers a VRM humanoid whose licence lets an app redistribute it).

Theory of operation:
1. The doll is made of simple solids (ellipsoids and tapered tubes), each skinned wholly to one humanoid
   bone, in the T-pose VRM 1.0 expects (facing +Z, her left on +X, bones unrotated); the stage's idle pose
   lowers the arms. Every required humanoid bone is there, plus chest, neck and the shoulders.
2. Her face (eyes, their highlights, brows and mouth) is a second mesh whose morph targets are the VRM
   expressions: the five mouth shapes for lip sync (aa ih ou ee oh), blink (both eyes and each), and the
   emotions happy, angry, sad, relaxed and surprised. Emotions blend blinking away (overrideBlink "blend").
3. build() returns the same bytes every time (no clock, no randomness), so an install is reproducible and a
   test can compare. `python -m app.stage.doll <file>` writes it; installer/dev.sh does that at install time
   and the bundle carries the file (app.stage.assets.AVATAR_FILE).
4. The doll is CC0 (public domain): the meta says so, and so does the README.
"""

from __future__ import annotations

import json
import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

TITLE = "Bea"
LICENCE_URL = "https://creativecommons.org/publicdomain/zero/1.0/"
MOUTH = ("aa", "ih", "ou", "ee", "oh")
BLINKS = ("blink", "blinkLeft", "blinkRight")
EMOTIONS = ("happy", "angry", "sad", "relaxed", "surprised")
TARGETS = (*MOUTH, *BLINKS, *EMOTIONS)

# bone: (parent, position in the model), parents first
BONES: dict[str, tuple[str | None, tuple[float, float, float]]] = {
    "hips": (None, (0.0, 0.90, 0.0)),
    "spine": ("hips", (0.0, 1.00, 0.0)),
    "chest": ("spine", (0.0, 1.12, 0.0)),
    "neck": ("chest", (0.0, 1.30, 0.0)),
    "head": ("neck", (0.0, 1.37, 0.0)),
}
for _side, _x in (("left", 1.0), ("right", -1.0)):
    BONES |= {
        f"{_side}Shoulder": ("chest", (0.03 * _x, 1.265, 0.0)),
        f"{_side}UpperArm": (f"{_side}Shoulder", (0.15 * _x, 1.265, 0.0)),
        f"{_side}LowerArm": (f"{_side}UpperArm", (0.38 * _x, 1.265, 0.0)),
        f"{_side}Hand": (f"{_side}LowerArm", (0.58 * _x, 1.265, 0.0)),
        f"{_side}UpperLeg": ("hips", (0.085 * _x, 0.87, 0.0)),
        f"{_side}LowerLeg": (f"{_side}UpperLeg", (0.085 * _x, 0.50, 0.0)),
        f"{_side}Foot": (f"{_side}LowerLeg", (0.085 * _x, 0.09, 0.0)),
    }
BONE_NAMES = list(BONES)

HEAD_CENTRE = np.array([0.0, 1.475, 0.0])
HEAD_RADII = np.array([0.125, 0.135, 0.122])

# sRGB colours, turned linear for glTF's baseColorFactor
COLOURS = {"skin": (255, 226, 210), "hair": (74, 48, 118), "dress": (150, 118, 214),
           "collar": (246, 242, 255), "tights": (46, 40, 66), "shoes": (34, 28, 46), "iris": (58, 38, 96),
           "shine": (255, 255, 255), "mouth": (168, 62, 84), "brows": (62, 40, 100)}


def _linear(c: int) -> float:
    s = c / 255.0
    return round(s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4, 4)


@dataclass
class Part:
    material: str
    bone: str
    pos: np.ndarray
    normal: np.ndarray
    tris: np.ndarray
    morphs: dict[str, np.ndarray] = field(default_factory=dict)


def _oriented(pos: np.ndarray, normal: np.ndarray, tris: np.ndarray) -> np.ndarray:
    """Drop degenerate triangles and wind the rest counter-clockwise as seen from outside."""
    a, b, c = pos[tris[:, 0]], pos[tris[:, 1]], pos[tris[:, 2]]
    face = np.cross(b - a, c - a)
    keep = np.linalg.norm(face, axis=1) > 1e-12
    tris, face = tris[keep], face[keep]
    outward = normal[tris].sum(axis=1)
    flip = (face * outward).sum(axis=1) < 0
    tris[flip] = tris[flip][:, [0, 2, 1]]
    return tris


def ellipsoid(material: str, bone: str, centre, radii, rings: int = 14, segs: int = 20,
              keep=None) -> Part:
    v, u = np.meshgrid(np.linspace(0, np.pi, rings + 1), np.linspace(0, 2 * np.pi, segs + 1), indexing="ij")
    unit = np.stack([np.sin(v) * np.cos(u), np.cos(v), np.sin(v) * np.sin(u)], axis=-1).reshape(-1, 3)
    radii = np.asarray(radii, float)
    pos = np.asarray(centre, float) + unit * radii
    normal = unit / radii
    normal /= np.linalg.norm(normal, axis=1, keepdims=True)
    quads = [(i * (segs + 1) + j, (i + 1) * (segs + 1) + j) for i in range(rings) for j in range(segs)]
    tris = np.array([t for a, b in quads for t in ((a, b, a + 1), (a + 1, b, b + 1))], dtype=np.int64)
    if keep is not None:   # keep(centroids) -> mask: cut a shell (the hair) out of the whole ellipsoid
        tris = tris[keep(pos[tris].mean(axis=1))]
    return Part(material, bone, pos, normal, _oriented(pos, normal, tris))


def tube(material: str, bone: str, a, b, r0: float, r1: float, segs: int = 16) -> Part:
    """A tapered tube from a to b, closed at both ends."""
    a, b = np.asarray(a, float), np.asarray(b, float)
    axis = (b - a) / np.linalg.norm(b - a)
    side = np.cross(axis, [0.0, 0.0, 1.0] if abs(axis[2]) < 0.9 else [1.0, 0.0, 0.0])
    side /= np.linalg.norm(side)
    up = np.cross(axis, side)
    angles = np.linspace(0, 2 * np.pi, segs, endpoint=False)
    ring = np.cos(angles)[:, None] * side + np.sin(angles)[:, None] * up
    pos = np.concatenate([a + ring * r0, b + ring * r1, a + ring * r0, b + ring * r1, [a, b]])
    normal = np.concatenate([ring, ring, np.tile(-axis, (segs, 1)), np.tile(axis, (segs, 1)), [-axis, axis]])
    tris = []
    for j in range(segs):
        k = (j + 1) % segs
        tris += [(j, segs + j, k), (k, segs + j, segs + k)]
        tris += [(4 * segs, 2 * segs + k, 2 * segs + j), (4 * segs + 1, 3 * segs + j, 3 * segs + k)]
    return Part(material, bone, pos, normal, _oriented(pos, normal, np.array(tris, dtype=np.int64)))


def on_face(x: float, y: float, inset: float = 0.0) -> np.ndarray:
    """The point of the head's front surface at (x, y), pushed `inset` metres in."""
    d = (np.array([x, y]) - HEAD_CENTRE[:2]) / HEAD_RADII[:2]
    z = HEAD_RADII[2] * np.sqrt(max(0.0, 1.0 - float(d @ d)))
    return np.array([x, y, z - inset])


def body() -> list[Part]:
    parts = [
        ellipsoid("skin", "head", HEAD_CENTRE, HEAD_RADII),
        # the hair: a shell over the head, open over the face, and a long fall down her back
        ellipsoid("hair", "head", HEAD_CENTRE + [0, 0.012, -0.006], HEAD_RADII + 0.014,
                  keep=lambda c: (c[:, 1] > 1.535) | (c[:, 2] < 0.045) | (np.abs(c[:, 0]) > 0.105)),
        ellipsoid("hair", "head", (0.0, 1.35, -0.075), (0.135, 0.20, 0.06)),
        tube("skin", "neck", (0, 1.27, 0), (0, 1.39, 0), 0.038, 0.036),
        ellipsoid("collar", "chest", (0, 1.265, 0.0), (0.075, 0.025, 0.065)),
        tube("dress", "chest", (0, 1.05, 0), (0, 1.28, 0), 0.115, 0.125),
        ellipsoid("dress", "chest", (0, 1.24, 0), (0.155, 0.055, 0.09)),
        tube("dress", "spine", (0, 0.94, 0), (0, 1.08, 0), 0.12, 0.11),
        tube("dress", "hips", (0, 0.62, 0), (0, 0.97, 0), 0.25, 0.125),
    ]
    for side, x in (("left", 1.0), ("right", -1.0)):
        parts += [
            ellipsoid("dress", f"{side}Shoulder", (0.13 * x, 1.255, 0), (0.06, 0.05, 0.055)),
            tube("dress", f"{side}UpperArm", (0.14 * x, 1.265, 0), (0.39 * x, 1.265, 0), 0.045, 0.037),
            tube("skin", f"{side}LowerArm", (0.37 * x, 1.265, 0), (0.58 * x, 1.265, 0), 0.033, 0.026),
            ellipsoid("skin", f"{side}Hand", (0.625 * x, 1.265, 0.0), (0.055, 0.02, 0.038)),
            tube("tights", f"{side}UpperLeg", (0.085 * x, 0.88, 0), (0.085 * x, 0.49, 0), 0.062, 0.046),
            tube("tights", f"{side}LowerLeg", (0.085 * x, 0.51, 0), (0.085 * x, 0.09, 0), 0.045, 0.032),
            ellipsoid("shoes", f"{side}Foot", (0.085 * x, 0.04, 0.035), (0.048, 0.045, 0.1)),
        ]
    return parts


def face() -> list[Part]:
    parts = []
    eyes, shines, brows = [], [], []
    for x in (0.047, -0.047):
        centre = on_face(x, 1.468, 0.009)
        eyes.append(ellipsoid("iris", "head", centre, (0.024, 0.034, 0.011), rings=10, segs=14))
        shines.append(ellipsoid("shine", "head", centre + [0.007 * np.sign(x), 0.012, 0.009],
                                (0.006, 0.007, 0.003), rings=6, segs=8))
        brows.append(ellipsoid("brows", "head", on_face(x, 1.532, 0.002), (0.026, 0.0045, 0.005), rings=6,
                               segs=12))
    mouth = ellipsoid("mouth", "head", on_face(0.0, 1.402, 0.004), (0.021, 0.0055, 0.006), rings=8, segs=16)
    for group in (eyes, shines):
        for part in group:   # the shine follows its eye
            side = float(np.sign(part.pos[0, 0]))
            part.morphs = eye_morphs(part.pos, eye_centre=on_face(0.047 * side, 1.468, 0.009))
    for part in brows:
        part.morphs = brow_morphs(part.pos)
    mouth.morphs = mouth_morphs(mouth.pos)
    parts += [merge(eyes), merge(shines), merge(brows), mouth]
    return parts


def eye_morphs(pos: np.ndarray, eye_centre: np.ndarray) -> dict[str, np.ndarray]:
    d = pos - eye_centre
    left = eye_centre[0] > 0

    def squash(amount: float, lift: float = 0.0) -> np.ndarray:
        out = np.zeros_like(pos)
        out[:, 1] = -d[:, 1] * amount + lift
        return out
    closed = squash(0.9, -0.006)
    grow = d * 0.18
    return {"blink": closed, "blinkLeft": closed if left else 0 * closed,
            "blinkRight": 0 * closed if left else closed,
            "happy": squash(0.75, 0.004), "angry": squash(0.3, -0.002), "sad": squash(0.35, -0.003),
            "relaxed": squash(0.55, -0.003), "surprised": grow}


def brow_morphs(pos: np.ndarray) -> dict[str, np.ndarray]:
    centre_x = np.sign(pos[:, :1]) * 0.047
    inner = np.clip((centre_x - pos[:, :1]) / 0.026 * np.sign(centre_x), -1, 1)   # +1 at the inner end

    def lift(constant: float, slant: float = 0.0) -> np.ndarray:
        out = np.zeros_like(pos)
        out[:, 1] = constant + slant * inner[:, 0]
        return out
    return {"happy": lift(0.005), "angry": lift(-0.004, -0.008), "sad": lift(0.002, 0.008),
            "relaxed": lift(-0.002), "surprised": lift(0.014)}


def mouth_morphs(pos: np.ndarray) -> dict[str, np.ndarray]:
    centre = pos.mean(axis=0)
    d = pos - centre
    across = d[:, 0] / 0.021   # -1 .. 1 from corner to corner

    def shape(wide: float, tall: float, forward: float = 0.0, curve: float = 0.0) -> np.ndarray:
        out = np.zeros_like(pos)
        out[:, 0] = d[:, 0] * (wide - 1)
        out[:, 1] = d[:, 1] * (tall - 1) + curve * across ** 2
        out[:, 2] = forward
        return out
    return {"aa": shape(0.85, 5.0), "ih": shape(1.3, 2.2), "ou": shape(0.55, 2.6, 0.004),
            "ee": shape(1.45, 1.6), "oh": shape(0.8, 3.8, 0.002),
            "happy": shape(1.15, 1.4, 0.0, 0.009), "angry": shape(0.8, 1.0, 0.0, -0.004),
            "sad": shape(0.9, 1.0, 0.0, -0.007), "relaxed": shape(1.05, 1.0, 0.0, 0.005),
            "surprised": shape(0.7, 3.0, 0.002)}


def merge(parts: list[Part]) -> Part:
    """Parts of one material and bone as one primitive."""
    offsets = np.cumsum([0] + [len(p.pos) for p in parts[:-1]])
    morphs = {name: np.concatenate([p.morphs.get(name, np.zeros_like(p.pos)) for p in parts])
              for name in {n for p in parts for n in p.morphs}}
    return Part(parts[0].material, parts[0].bone, np.concatenate([p.pos for p in parts]),
                np.concatenate([p.normal for p in parts]),
                np.concatenate([p.tris + o for p, o in zip(parts, offsets, strict=True)]), morphs)


class _Writer:
    """glTF accessors over one binary buffer."""

    def __init__(self) -> None:
        self.binary = bytearray()
        self.views: list[dict] = []
        self.accessors: list[dict] = []

    def add(self, data: np.ndarray, kind: str, target: int | None = None, bounds: bool = False) -> int:
        component = {np.float32: 5126, np.uint16: 5123, np.uint32: 5125}[data.dtype.type]
        accessor = {"componentType": component, "count": len(data), "type": kind}
        if bounds:
            accessor |= {"min": data.min(axis=0).round(6).tolist(), "max": data.max(axis=0).round(6).tolist()}
        if data.any() or not bounds:
            self.binary += b"\0" * (-len(self.binary) % 4)
            view = {"buffer": 0, "byteOffset": len(self.binary), "byteLength": data.nbytes}
            if target is not None:
                view["target"] = target
            self.views.append(view)
            self.binary += data.tobytes()
            accessor["bufferView"] = len(self.views) - 1
        # an all-zero morph target needs no bytes: an accessor without a buffer view reads as zeros
        self.accessors.append(accessor)
        return len(self.accessors) - 1


def _mesh(w: _Writer, name: str, parts: list[Part], materials: list[str], targets: tuple[str, ...]) -> dict:
    primitives = []
    for part in parts:
        joint = BONE_NAMES.index(part.bone)
        n = len(part.pos)
        attributes = {
            "POSITION": w.add(part.pos.astype(np.float32), "VEC3", 34962, bounds=True),
            "NORMAL": w.add(part.normal.astype(np.float32), "VEC3", 34962),
            "JOINTS_0": w.add(np.tile(np.array([joint, 0, 0, 0], np.uint16), (n, 1)), "VEC4", 34962),
            "WEIGHTS_0": w.add(np.tile(np.array([1, 0, 0, 0], np.float32), (n, 1)), "VEC4", 34962),
        }
        primitive = {"attributes": attributes, "material": materials.index(part.material), "mode": 4,
                     "indices": w.add(part.tris.reshape(-1).astype(np.uint16 if n < 65536 else np.uint32),
                                      "SCALAR", 34963)}
        if targets:
            primitive["targets"] = [{"POSITION": w.add(part.morphs.get(t, np.zeros_like(part.pos))
                                                       .astype(np.float32), "VEC3", 34962, bounds=True)}
                                    for t in targets]
        primitives.append(primitive)
    mesh = {"name": name, "primitives": primitives}
    if targets:
        mesh["extras"] = {"targetNames": list(targets)}
    return mesh


def document() -> tuple[dict, bytes]:
    w = _Writer()
    materials = list(COLOURS)
    nodes: list[dict] = []
    for name, (parent, at) in BONES.items():
        base = np.array(BONES[parent][1]) if parent else np.zeros(3)
        nodes.append({"name": name, "translation": (np.array(at) - base).round(6).tolist()})
        if parent:
            nodes[BONE_NAMES.index(parent)].setdefault("children", []).append(len(nodes) - 1)
    inverse = np.tile(np.eye(4, dtype=np.float32), (len(BONES), 1, 1))
    for i, (_parent, at) in enumerate(BONES.values()):
        inverse[i, 3, :3] = -np.array(at)       # column-major: the translation is the last column
    skin = {"joints": list(range(len(BONES))), "skeleton": 0,
            "inverseBindMatrices": w.add(inverse.reshape(-1, 16), "MAT4")}
    meshes = [_mesh(w, "Body", body(), materials, ()), _mesh(w, "Face", face(), materials, TARGETS)]
    body_node, face_node = len(nodes), len(nodes) + 1
    nodes += [{"name": "Body", "mesh": 0, "skin": 0}, {"name": "Face", "mesh": 1, "skin": 0}]

    def expression(name: str) -> dict:
        return {"morphTargetBinds": [{"node": face_node, "index": TARGETS.index(name), "weight": 1.0}],
                "isBinary": False, "overrideBlink": "blend" if name in EMOTIONS else "none",
                "overrideLookAt": "none", "overrideMouth": "none"}
    vrm = {
        "specVersion": "1.0",
        "meta": {"name": TITLE, "version": "1", "authors": ["The Bea project"],
                 "copyrightInformation": "CC0 1.0: no rights reserved",
                 "licenseUrl": "https://vrm.dev/licenses/1.0/", "otherLicenseUrl": LICENCE_URL,
                 "avatarPermission": "everyone", "commercialUsage": "corporation",
                 "creditNotation": "unnecessary", "allowRedistribution": True,
                 "modification": "allowModificationRedistribution", "allowExcessivelyViolentUsage": False,
                 "allowExcessivelySexualUsage": False, "allowPoliticalOrReligiousUsage": False,
                 "allowAntisocialOrHateUsage": False},
        "humanoid": {"humanBones": {name: {"node": i} for i, name in enumerate(BONE_NAMES)}},
        "expressions": {"preset": {name: expression(name) for name in TARGETS}},
    }
    doc = {
        "asset": {"version": "2.0", "generator": "Bea app.stage.doll"},
        "extensionsUsed": ["VRMC_vrm"],
        "extensions": {"VRMC_vrm": vrm},
        "scene": 0, "scenes": [{"name": TITLE, "nodes": [0, body_node, face_node]}],
        "nodes": nodes, "skins": [skin], "meshes": meshes,
        "materials": [{"name": m, "pbrMetallicRoughness": {
            "baseColorFactor": [*(_linear(c) for c in COLOURS[m]), 1.0], "metallicFactor": 0.0,
            "roughnessFactor": 0.35 if m in ("iris", "shine") else 0.85}} for m in materials],
        "accessors": w.accessors, "bufferViews": w.views,
        "buffers": [{"byteLength": len(w.binary) + (-len(w.binary) % 4)}],
    }
    return doc, bytes(w.binary)


def build() -> bytes:
    """The doll as a .vrm file's bytes (a GLB: header, JSON chunk, binary chunk)."""
    doc, binary = document()
    text = json.dumps(doc, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 4)
    binary += b"\0" * (-len(binary) % 4)
    chunks = struct.pack("<II", len(text), 0x4E4F534A) + text + struct.pack("<II", len(binary), 0x004E4942)
    chunks += binary
    return b"glTF" + struct.pack("<II", 2, 12 + len(chunks)) + chunks


def write(path: Path) -> Path:
    """Write the doll to path (through a temporary file, so a half-written avatar is never seen)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = build()
    if path.is_file() and path.read_bytes() == data:
        return path
    part = path.with_suffix(path.suffix + ".part")
    part.write_bytes(data)
    part.replace(path)
    return path


if __name__ == "__main__":
    from app.stage.assets import default_avatar_path
    print(write(Path(sys.argv[1]) if len(sys.argv) > 1 else default_avatar_path()))
