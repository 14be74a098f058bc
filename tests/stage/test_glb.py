"""The GLB reader both file checks share: each refusal in the caller's error and words, and what it returns."""

import struct

import pytest

from app.stage import glb
from tests.stage.vrmfiles import glb as glb_bytes
from tests.stage.vrmfiles import plain_gltf, write


class Refused(ValueError):
    pass


THING = glb.Expected(Refused, max_file=64 * 1024, one="a thing", kind="a thing file", file="a .thing",
                     needs="things need", carry="Keep it all inside.")


def _header(version: int = 2, total: int = 0, length: int = 0, kind: int = glb.JSON_CHUNK) -> bytes:
    return glb.MAGIC + struct.pack("<IIII", version, total, length, kind)


def _chunk(text: bytes) -> bytes:
    return _header(total=20 + len(text), length=len(text)) + text


@pytest.mark.parametrize(("data", "says"), [
    (b"PK\x03\x04" + bytes(40), "“f.glb” is not a thing file: a .thing is a binary glTF (it starts with “glTF”), "
                                "and this one does not."),
    (b"glTF", "“f.glb” is not a thing file: a .thing is a binary glTF (it starts with “glTF”), and this one "
              "does not."),
    (_header(version=1), "“f.glb” is a glTF 1 file; things need glTF 2."),
    (_header(total=999), "“f.glb” is cut short: it says 999 bytes and has 20."),
    (_header(total=30, length=10, kind=0x004E4942) + bytes(10), "“f.glb” is damaged: its glTF description is "
                                                                 "missing."),
    (_header(total=20, length=8), "“f.glb” is damaged: its glTF description is missing."),
    (_chunk(b"{not json"), "“f.glb” is damaged: its glTF description is not valid JSON."),
    (_chunk(b"\xff\xfe  "), "“f.glb” is damaged: its glTF description is not valid JSON."),
    (_chunk(b"[" * 3000 + b"]" * 3000), "“f.glb” is damaged: its glTF description is not valid JSON."),  # deep
    (_chunk(b"[1, 2]  "), "“f.glb” is damaged: its glTF description is not an object."),
    (bytes(64 * 1024 + 1), "“f.glb” is 0 MB: too big for a thing."),    # MB rounded down
    (glb_bytes({"images": [{"uri": "http://192.0.2.1/b.png"}]}),
     "“f.glb” is refused: it asks for “http://192.0.2.1/b.png” from outside the file, which the stage would "
     "fetch (in this window and in OBS). Keep it all inside."),
])
def test_a_file_unfit_to_load_is_refused_in_the_callers_error_and_words(tmp_path, data, says):
    with pytest.raises(Refused) as caught:
        glb.read_json(write(tmp_path / "f.glb", data), THING)
    assert str(caught.value) == says


def test_a_missing_file_or_a_folder_is_named_by_its_whole_path(tmp_path):
    for path in (tmp_path / "gone.glb", tmp_path):
        with pytest.raises(Refused, match="does not exist"):
            glb.read_json(path, THING)


def test_a_good_file_gives_its_description_and_size(tmp_path):
    data = plain_gltf()
    doc, size = glb.read_json(write(tmp_path / "f.glb", data), THING)
    assert doc["nodes"] == [{"name": "empty"}]
    assert size == len(data)


@pytest.mark.parametrize(("doc", "found"), [
    ({"images": [{"bufferView": 0}], "buffers": [{"byteLength": 4}]}, None),    # stored in the file
    ({"images": [{"uri": "data:image/png;base64,AAAA"}, {"uri": "DATA:,x"}]}, None),
    ({"images": [{"uri": "data:,x"}], "buffers": [{"uri": "mesh.bin"}]}, "“mesh.bin”"),
    ({"images": [{"uri": None}]}, "a URI that is not text (a JSON NoneType)"),
    ({"images": "not a list", "buffers": [3, {"uri": "a\nb"}]}, "“a\\nb”"),
    ({"images": [{"uri": "x" * 200}]}, "“" + "x" * 119 + "…”"),
    ({"images": {"0": {"uri": "https://tracker.example/p.png"}}}, "“https://tracker.example/p.png”"),   # an object
    ({"buffers": {"main": {"uri": "data:,x"}, "extra": {"uri": "../../secret.bin"}}}, "“../../secret.bin”"),
])
def test_outside_uri_names_the_first_uri_a_loader_would_fetch(doc, found):
    assert glb.outside_uri(doc) == found
