"""Smaller files for two of the default models when a bundle is built, holding what the app computes with.

Theory of operation:
1. Her ears (whisper tiny.en as CTranslate2 stores it, float16) run with compute_type int8 (stt.py), so
   CTranslate2 quantizes every linear and embedding weight to int8 when it loads the model. whisper_int8()
   does that once, at build time, with the formula of CTranslate2's own converter (each row scaled by
   127 / its largest magnitude, rounded): 75 MB become 39 MB, and the transcripts are the same (the test
   transcribes JFK and synthesized sentences with both). The convolutions, norms and biases stay as they are.
2. Her voice (Piper's joe, an ONNX model with float32 weights) keeps float32 arithmetic: onnx_half_weights()
   stores each float32 weight as float16 with a Cast back to float32 in front of the graph, which onnxruntime's
   constant folding removes when it loads the voice. 61 MB become 32 MB; the weights lose the precision past
   float16's 11 bits, and the voice stays as understood (the test and the README give the measure).
3. Both write a new file and leave the source alone; neither is needed when running from source.
"""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np

CT2_DTYPES = ("float32", "int8", "int16", "int32", "float16", "bfloat16")   # CTranslate2's DataType order
CT2_VERSION = 6                                                            # the model.bin layout read here


def int8_rows(weight: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CTranslate2's int8 quantization of a 2-D weight: (int8 values, float32 scale per row) (rule 1)."""
    w = weight.astype(np.float32)
    amax = np.amax(np.abs(w), axis=1)
    amax[amax == 0] = 127.0
    amax = np.maximum(amax, np.float32(127) / np.finfo(np.float32).max)
    scale = (np.float32(127.0) / amax).astype(np.float32)
    return np.rint(w * scale[:, None]).astype(np.int8), scale


def _read_ct2(data: bytes) -> tuple[str, int, dict[str, np.ndarray], list[tuple[str, str]]]:
    at = 0

    def take(fmt: str) -> int:
        nonlocal at
        (value,) = struct.unpack_from(fmt, data, at)
        at += struct.calcsize(fmt)
        return value

    def text() -> str:
        nonlocal at
        size = take("H")
        value = data[at:at + size - 1].decode("utf-8")
        at += size
        return value

    if (version := take("I")) != CT2_VERSION:
        raise ValueError(f"CTranslate2 model.bin version {version}, this reads version {CT2_VERSION}")
    name, revision = text(), take("I")
    variables: dict[str, np.ndarray] = {}
    for _ in range(take("I")):
        key = text()
        dims = [take("I") for _ in range(take("B"))]
        dtype = np.dtype(CT2_DTYPES[take("B")].replace("bfloat16", "uint16"))
        size = take("I")
        variables[key] = np.frombuffer(data, dtype=dtype, count=size // dtype.itemsize, offset=at).reshape(dims)
        at += size
    aliases = [(text(), text()) for _ in range(take("I"))]
    if at != len(data):
        raise ValueError("CTranslate2 model.bin has trailing bytes")
    return name, revision, variables, aliases


def whisper_int8(source: Path, dest: Path) -> None:
    """Rule 1: a CTranslate2 model.bin with its 2-D float16 weights as int8 and their scales."""
    name, revision, variables, aliases = _read_ct2(source.read_bytes())
    out: dict[str, np.ndarray] = {}
    for key, value in variables.items():
        if key.endswith("/weight") and value.ndim == 2 and value.dtype == np.float16:
            out[key], out[f"{key}_scale"] = int8_rows(value)
        else:
            out[key] = value

    def text(value: str) -> bytes:
        raw = value.encode("utf-8")
        return struct.pack("H", len(raw) + 1) + raw + b"\0"

    with dest.open("wb") as f:
        f.write(struct.pack("I", CT2_VERSION) + text(name) + struct.pack("II", revision, len(out)))
        for key, value in out.items():
            f.write(text(key) + struct.pack("B", value.ndim) + struct.pack(f"{value.ndim}I", *value.shape))
            f.write(struct.pack("=BI", CT2_DTYPES.index(str(value.dtype)), value.nbytes) + value.tobytes())
        f.write(struct.pack("I", len(aliases)) + b"".join(text(a) + text(b) for a, b in aliases))


def onnx_half_weights(source: Path, dest: Path) -> None:
    """Rule 2: float32 weights stored as float16, each behind a Cast to float32."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load(str(source))
    graph = model.graph
    kept, casts = [], []
    for init in graph.initializer:
        value = numpy_helper.to_array(init)
        if init.data_type == TensorProto.FLOAT and value.size >= 16 and np.all(np.abs(value) <= 65504):
            half = numpy_helper.from_array(value.astype(np.float16), f"{init.name}_fp16")
            kept.append(half)
            casts.append(helper.make_node("Cast", [half.name], [init.name], to=TensorProto.FLOAT,
                                          name=f"{init.name}_to_float"))
        else:
            kept.append(init)
    nodes = casts + list(graph.node)
    del graph.initializer[:]
    graph.initializer.extend(kept)
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.save(model, str(dest))
