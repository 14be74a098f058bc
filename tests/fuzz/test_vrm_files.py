"""Avatar (.vrm) and clip (.vrma) files fuzzed: inspect reads the GLB header and JSON chunk of any file and
raises only InvalidVrm / InvalidVrma, whose message the Stage skill shows."""

import json
import struct
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from app.stage import vrm, vrma
from tests.fuzz.strategies import FUZZ, count, json_inputs, vrm_files
from tests.stage.vrmafiles import vrma_doc
from tests.stage.vrmfiles import chunks, glb

SCRATCH = Path(tempfile.mkdtemp(prefix="bea-fuzz-vrm-"))


def _lean(doc: dict) -> dict:
    """What inspect reads of a fixture: its extensions and the parts a clip refers to (kept small: cheap)."""
    return {k: doc[k] for k in ("asset", "extensions", "extensionsUsed") if k in doc}


FIXTURE_BYTES = [p.read_bytes() for p in vrm_files()]
DOCS = [_lean(chunks(data)[0]) for data in FIXTURE_BYTES]
DOCS.append({"asset": {"version": "2.0"}, "extensionsUsed": ["VRM"], "extensions": {"VRM": {
    "meta": {"title": "Old Bea"}, "blendShapeMaster": {"blendShapeGroups": [
        {"name": "Joy", "presetName": "joy"}, {"name": "A", "presetName": "a"},
        {"name": "Wink", "presetName": "unknown"}]}}}})
CLIP, CLIP_BIN = vrma_doc()
CLIPS = [CLIP]


def _raw_glb(text: bytes) -> bytes:
    """A GLB whose JSON chunk is `text`, whatever it holds."""
    text += b" " * (-len(text) % 4)
    return b"glTF" + struct.pack("<IIII", 2, 20 + len(text), len(text), 0x4E4F534A) + text


def _header_mutation(data: bytes, at: int, value: int) -> bytes:
    """One of the first 20 bytes (magic, version, lengths, chunk type) replaced."""
    at = at % 20
    return data[:at] + bytes([value]) + data[at + 1:]


files = st.one_of(
    json_inputs(DOCS).map(lambda d: glb(d)),
    json_inputs(CLIPS).map(lambda d: glb(d, CLIP_BIN)),
    st.builds(_header_mutation, st.sampled_from([glb(d) for d in DOCS] + [glb(CLIP, CLIP_BIN)]),
              st.integers(0, 19), st.integers(0, 255)),
    st.sampled_from(FIXTURE_BYTES).flatmap(lambda b: st.integers(0, len(b)).map(lambda n: b[:n])),
    st.binary(max_size=64).map(lambda b: b"glTF" + struct.pack("<III", 2, 20 + len(b), len(b)) + b),
    st.binary(max_size=40),
    st.sampled_from(["[" * 5000, '{"extensions":' * 3000 + "1"]).map(lambda t: _raw_glb(t.encode())),
)


@FUZZ
@given(files)
def test_an_avatar_file_is_inspected_or_raises_invalid_vrm(data):
    count("vrm")
    path = SCRATCH / "avatar.vrm"
    path.write_bytes(data)
    try:
        info = vrm.inspect(path)
    except vrm.InvalidVrm as exc:
        assert str(exc)
        return
    assert all(isinstance(name, str) for name in info.expressions)
    json.dumps(info.title)


@FUZZ
@given(files)
def test_a_clip_file_is_inspected_or_raises_invalid_vrma(data):
    count("vrma")
    path = SCRATCH / "clip.vrma"
    path.write_bytes(data)
    try:
        info = vrma.inspect(path)
    except vrma.InvalidVrma as exc:
        assert str(exc)
        return
    assert info.duration >= 0 or info.duration != info.duration
