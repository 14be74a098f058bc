"""VRM animation (.vrma) files built for the tests: there is no shared .vrma fixture, so a small valid one is
made here from scratch (a GLB with a JSON chunk and a BIN chunk).

The clip: five humanoid bone nodes in a chain (hips → spine → chest → neck → head, hips one metre up, all
in their rest pose: no rotations), the VRMC_vrm_animation extension mapping those human bones to the nodes,
and one animation whose only channel turns the head about its vertical axis, out and back, over `seconds`.
"""

import math
import struct

from tests.stage.vrmfiles import glb

BONES = ("hips", "spine", "chest", "neck", "head")
OFFSETS = ((0.0, 1.0, 0.0), (0.0, 0.1, 0.0), (0.0, 0.15, 0.0), (0.0, 0.2, 0.0), (0.0, 0.1, 0.0))
FLOAT, SCALAR, VEC4 = 5126, "SCALAR", "VEC4"


def yaw(angle: float) -> tuple[float, float, float, float]:
    """A quaternion (x, y, z, w) turning `angle` radians about +Y."""
    return (0.0, math.sin(angle / 2), 0.0, math.cos(angle / 2))


def vrma_doc(*, seconds: float = 1.0, angle: float = 0.8, bone: str = "head", extension: bool = True,
             declared: bool = True, spec: str | None = "1.0") -> tuple[dict, bytes]:
    """The glTF description and binary of a clip turning `bone` by `angle` and back over `seconds`."""
    times = [0.0, seconds / 2, seconds]
    turns = [yaw(0.0), yaw(angle), yaw(0.0)]
    time_bytes = struct.pack(f"<{len(times)}f", *times)
    turn_bytes = struct.pack(f"<{4 * len(turns)}f", *(v for q in turns for v in q))
    binary = time_bytes + turn_bytes
    nodes = []
    for i, (name, offset) in enumerate(zip(BONES, OFFSETS, strict=True)):
        node = {"name": name.capitalize(), "translation": list(offset)}
        if i + 1 < len(BONES):
            node["children"] = [i + 1]
        nodes.append(node)
    doc = {
        "asset": {"version": "2.0", "generator": "bea tests (vrmafiles.py)"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": nodes,
        "buffers": [{"byteLength": len(binary)}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": len(time_bytes)},
                        {"buffer": 0, "byteOffset": len(time_bytes), "byteLength": len(turn_bytes)}],
        "accessors": [
            {"bufferView": 0, "componentType": FLOAT, "count": len(times), "type": SCALAR,
             "min": [times[0]], "max": [times[-1]]},
            {"bufferView": 1, "componentType": FLOAT, "count": len(turns), "type": VEC4},
        ],
        "animations": [{
            "name": "turn",
            "samplers": [{"input": 0, "output": 1, "interpolation": "LINEAR"}],
            "channels": [{"sampler": 0, "target": {"node": BONES.index(bone), "path": "rotation"}}],
        }],
    }
    if extension:
        ext: dict = {"humanoid": {"humanBones": {name: {"node": i} for i, name in enumerate(BONES)}}}
        if spec is not None:
            ext["specVersion"] = spec
        doc["extensions"] = {"VRMC_vrm_animation": ext}
    if declared and extension:
        doc["extensionsUsed"] = ["VRMC_vrm_animation"]
    return doc, binary


def vrma(**options) -> bytes:
    """A valid .vrma (with the defaults): the head turns 0.8 rad and back over one second."""
    return glb(*vrma_doc(**options))


def without_extension() -> bytes:
    """The same GLB, animation and all, with no VRMC_vrm_animation: a plain animated glTF."""
    return vrma(extension=False)
