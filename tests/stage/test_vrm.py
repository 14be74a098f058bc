"""The .vrm check before any page sees a file, and the mood → expression picker."""

import pytest

from app.stage.vrm import InvalidVrm, emotions, expression_for, inspect, strength
from tests.stage.conftest import FIXTURES, HAPPY_VRM, MTOON_VRM
from tests.stage.vrmfiles import BEACON, chunks, glb, plain_gltf, vrm0, with_mouth, with_uri, write


def test_the_fixtures_are_vrm_1_with_their_expressions():
    info = inspect(HAPPY_VRM)
    assert (info.version, info.title, info.expressions) == ("1", "isBinary overridden", ("happy", "blink"))
    assert info.size == HAPPY_VRM.stat().st_size
    mtoon = inspect(MTOON_VRM)
    assert mtoon.version == "1" and mtoon.expressions == ()
    assert len(list(FIXTURES.glob("*.vrm"))) == 3


def test_a_vrm_0_file_names_its_presets_as_the_page_will(tmp_path):
    info = inspect(write(tmp_path / "old.vrm", vrm0(HAPPY_VRM)))
    assert (info.version, info.title) == ("0", "Old Bea")
    assert info.expressions == ("happy", "aa", "blink", "Wink")


def test_a_model_with_mouth_shapes(tmp_path):
    assert "aa" in inspect(write(tmp_path / "m.vrm", with_mouth(HAPPY_VRM))).expressions


@pytest.mark.parametrize("make, says", [
    (lambda p: write(p / "x.vrm", b"hello, I am a text file pretending"),
     "is not a VRM avatar: a .vrm file is a binary glTF"),
    (lambda p: write(p / "x.vrm", b""), "is not a VRM avatar"),
    (lambda p: write(p / "x.vrm", plain_gltf()), "is a 3D model (glTF) but not a VRM avatar"),
    (lambda p: write(p / "x.vrm", plain_gltf()[:-8]), "is cut short"),
    (lambda p: write(p / "x.vrm", b"glTF" + (1).to_bytes(4, "little") + bytes(12)), "glTF 1 file"),
    (lambda p: write(p / "x.vrm", glb({"asset": {"version": "2.0"}})[:20] + b"{not json" + bytes(200)),
     "damaged"),
    (lambda p: p / "missing.vrm", "does not exist"),
    (lambda p: p, "does not exist (or is not a file)"),
])
def test_files_that_are_not_vrm_say_why(tmp_path, make, says):
    with pytest.raises(InvalidVrm, match=r".*") as info:
        inspect(make(tmp_path))
    assert says in str(info.value)


@pytest.mark.parametrize("uri, where, quoted", [
    (BEACON, "images", BEACON),                                   # the security review's beacon
    ("https://example.com/skin.png", "images", "https://example.com/skin.png"),
    ("//example.com/skin.png", "images", "//example.com/skin.png"),  # scheme-relative: still remote
    ("skin.png", "images", "skin.png"),                           # beside the file: fetched from the server
    ("file:///etc/passwd", "images", "file:///etc/passwd"),
    ("blob:http://127.0.0.1/x", "images", "blob:http://127.0.0.1/x"),
    (" data:image/png;base64,AAAA", "images", " data:image/png;base64,AAAA"),   # not a data: URI to a loader
    ("http://192.0.2.1/mesh.bin", "buffers", "http://192.0.2.1/mesh.bin"),
])
def test_a_model_that_points_outside_itself_is_refused_naming_the_uri(tmp_path, uri, where, quoted):
    path = write(tmp_path / "hostile.vrm", with_uri(HAPPY_VRM, uri, where))
    with pytest.raises(InvalidVrm) as caught:
        inspect(path)
    said = str(caught.value)
    assert f"“hostile.vrm” is refused: it asks for “{quoted}” from outside the file" in said
    assert "export it again" in said


def test_a_uri_that_is_not_text_is_refused_too(tmp_path):
    for uri in (7, ["http://192.0.2.1/a.png"], {"href": BEACON}, None):
        with pytest.raises(InvalidVrm, match="asks for a URI that is not text"):
            inspect(write(tmp_path / "odd.vrm", with_uri(HAPPY_VRM, uri)))


def test_a_vrm_0_model_with_a_remote_texture_is_refused_too(tmp_path):
    path = write(tmp_path / "old.vrm", with_uri(vrm0(HAPPY_VRM)))
    with pytest.raises(InvalidVrm, match=f"asks for “{BEACON}”"):
        inspect(path)


def test_data_uris_and_embedded_images_are_accepted_and_long_uris_are_cut_short(tmp_path):
    doc, binary = chunks(HAPPY_VRM.read_bytes())
    doc["images"][0] = {"uri": "DATA:image/png;base64,iVBORw0KGgo=", "mimeType": "image/png"}
    doc["buffers"].append({"uri": "data:application/octet-stream;base64,AAAAAA==", "byteLength": 4})
    assert inspect(write(tmp_path / "inline.vrm", glb(doc, binary))).title == "isBinary overridden"
    long = "http://192.0.2.1/" + "a" * 5000 + "\n\x00"
    with pytest.raises(InvalidVrm) as caught:
        inspect(write(tmp_path / "long.vrm", with_uri(HAPPY_VRM, long)))
    assert "“http://192.0.2.1/aaa" in str(caught.value) and len(str(caught.value)) < 500


def test_mood_maps_onto_what_the_model_has():
    model = ["happy", "blink", "aa", "lookUp"]
    assert emotions(model) == ["happy"]
    assert expression_for("happy", model) == "happy"
    assert expression_for("excited", model) == "happy"
    assert expression_for("thrilled", model) == "happy"       # a synonym
    assert expression_for("felice", model) == "happy"         # Italian
    assert expression_for("sad", model) == ""                 # never a smile for sadness
    assert expression_for("angry", model) == ""
    assert expression_for("grumble-wumble", model) == ""      # no idea: a neutral face
    assert expression_for("", model) == ""
    assert expression_for("happy", ["blink", "aa"]) == ""     # nothing that shows a mood


def test_a_full_preset_model_gets_the_nearest_face():
    model = ["happy", "angry", "sad", "relaxed", "surprised", "neutral", "aa", "blink"]
    assert expression_for("furious", model) == "angry"
    assert expression_for("lonely", model) == "sad"
    assert expression_for("calm", model) == "relaxed"
    assert expression_for("shocked", model) == "surprised"
    assert expression_for("neutral", model) == "neutral"
    assert expression_for("curious", model) in ("happy", "neutral", "surprised")


def test_custom_names_and_the_streamers_own_picks():
    model = ["Smile", "Cry", "happy", "blink"]
    assert expression_for("smile", model) == "Smile"                       # an exact (folded) name
    assert expression_for("excited", model, {"excited": "Smile"}) == "Smile"
    assert expression_for("Thrilled!", model, {"excited": "Smile"}) == "Smile"   # via the mood it names
    assert expression_for("sad", model, {"sad": "Cry"}) == "Cry"
    assert expression_for("sad", model, {"sad": "Tears"}) == ""                 # a pick the model lacks


def test_strength_grows_with_distance_from_rest():
    assert strength(0.0, 0.3) == 0.0
    assert strength(0.7, 0.55) == 1.0
    assert 0 < strength(0.2, 0.35) < 0.5
