"""One message schema, two validators: app/stage/messages.py and stage/messages.js must agree, sentence for
sentence, with each other and with an independent JSON Schema implementation."""

import json
import shutil
import subprocess

import pytest

from app.stage import messages as m
from tests.conftest import REPO

SAMPLES = [
    # (message, direction, valid)
    (m.config(), "down", True),
    (m.load("/stage/model/1.vrm", "Bea", 1), "down", True),
    (m.unload(), "down", True),
    (m.expression("happy", 0.8, "excited"), "down", True),
    (m.mouth(0.5, "oh"), "down", True),
    (m.mouth(0.0), "down", True),
    (m.caption("Ciao chat! è bello", "happy", 8000), "down", True),
    (m.ping(3, 1_750_000_000_000.5), "down", True),
    ({"type": "ready", "page": "stage", "client": "app", "version": 1}, "up", True),
    ({"type": "ready", "page": "captions", "client": "obs", "version": 1, "webgl": "ANGLE"}, "up", True),
    ({"type": "loaded", "serial": 2, "name": "Bea", "vrm_version": "1", "expressions": ["happy", "aa"],
      "lip_sync": ["aa"], "blink": False}, "up", True),
    ({"type": "error", "code": "invalid_vrm", "message": "not a VRM"}, "up", True),
    ({"type": "pong", "id": 3, "latency_ms": -0.2}, "up", True),
    ({"type": "stats", "fps": 59.5, "frames": 1200}, "up", True),
    ({"type": "mouth", "level": 1.0}, "down", True),
    ({"type": "mouth", "level": 1}, "down", True),
    # wrong
    ({"type": "mouth", "level": 1.5}, "down", False),
    ({"type": "mouth", "level": "0.5"}, "down", False),
    ({"type": "mouth", "level": True}, "down", False),
    ({"type": "mouth", "level": 0.2, "viseme": "xx"}, "down", False),
    ({"type": "mouth"}, "down", False),
    ({"type": "mouth", "level": 0.2, "extra": 1}, "down", False),
    ({"type": "config", "background": "transparent", "color": "green", "camera": "upper", "blink": True,
      "idle": True, "fps_limit": 60, "lip_gain": 1}, "down", False),
    ({"type": "config", "background": "transparent", "color": "#00ff00", "camera": "upper", "blink": True,
      "idle": True, "fps_limit": 60.5, "lip_gain": 1}, "down", False),
    ({"type": "load", "url": "", "name": "x", "serial": 1}, "down", False),
    ({"type": "load", "url": "/m.vrm", "name": "x", "serial": -1}, "down", False),
    ({"type": "caption", "text": "é" * 2001, "mood": "", "hold_ms": 0}, "down", False),
    ({"type": "loaded", "serial": 1, "name": "x", "vrm_version": "1", "expressions": ["a", 3], "lip_sync": [],
      "blink": True}, "up", False),
    ({"type": "loaded", "serial": 1, "name": "x", "vrm_version": "2", "expressions": [], "lip_sync": [],
      "blink": True}, "up", False),
    ({"type": "nope"}, "down", False),
    ({"kind": "mouth"}, "down", False),
    ({"type": 3}, "down", False),
    ({"type": "__proto__"}, "down", False),
    ({"type": "constructor"}, "down", False),
    ([1, 2], "down", False),
    ("mouth", "down", False),
    ({"type": "error", "code": "boom", "message": "x"}, "up", False),
    # animation clips
    (m.clips([("Wave", "/stage/clips/Wave.vrma?v=1f", False), ("idle loop", "/stage/clips/idle%20loop.vrma",
                                                                 True)]), "down", True),
    (m.clips([]), "down", True),
    (m.play("Wave"), "down", True),
    (m.play("", 0), "down", True),
    ({"type": "clip_loaded", "name": "Wave", "duration": 1.5, "bones": ["head", "neck"]}, "up", True),
    ({"type": "error", "code": "invalid_clip", "message": "“x” is not a valid VRM animation", "clip": "x"},
     "up", True),
    ({"type": "clips", "clips": [{"name": "", "url": "/c.vrma", "idle": False}]}, "down", False),
    ({"type": "clips", "clips": [{"name": "a", "url": "/c.vrma"}]}, "down", False),
    ({"type": "clips", "clips": [{"name": "a", "url": "/c.vrma", "idle": 1}]}, "down", False),
    ({"type": "clips", "clips": [{"name": "a", "url": "/c.vrma", "idle": False, "loop": True}]}, "down", False),
    ({"type": "clips", "clips": [{"name": f"c{i}", "url": "/c.vrma", "idle": False} for i in range(65)]},
     "down", False),
    ({"type": "play", "name": "Wave", "fade_ms": 6000}, "down", False),
    ({"type": "play", "name": "W" * 129, "fade_ms": 0}, "down", False),
    ({"type": "clip_loaded", "name": "Wave", "duration": -1, "bones": []}, "up", False),
    ({"type": "clip_loaded", "name": "Wave", "duration": 1, "bones": [7]}, "up", False),
    ({"type": "error", "code": "invalid_clip", "message": "x", "clip": 3}, "up", False),
    # valid messages going the wrong way
    (m.play("Wave"), "up", False),
    (m.mouth(0.3), "up", False),
    ({"type": "stats", "fps": 1, "frames": 1}, "down", False),
]
DIRECTION_ONLY = {len(SAMPLES) - 3, len(SAMPLES) - 2, len(SAMPLES) - 1}


def python_results():
    return [m.validate(message, direction) for message, direction, _ in SAMPLES]


def test_python_validator_on_the_samples():
    results = python_results()
    for (message, direction, valid), problem in zip(SAMPLES, results, strict=True):
        assert (problem is None) == valid, (message, direction, problem)
    assert results[16] == "mouth.level must be <= 1"
    assert results[22] == "config.color does not match ^#[0-9a-fA-F]{6}$"
    assert results[29] == 'unknown message type "nope"'
    assert results[30] == "the message has no type" and results[31] == "unknown message type 3"
    assert results[-2] == "mouth is never sent up" and results[-3] == "play is never sent up"
    clip_results = dict(zip((json.dumps(mm) for mm, _d, _v in SAMPLES), results, strict=True))
    by = lambda message: clip_results[json.dumps(message)]  # noqa: E731
    assert by({"type": "clips", "clips": [{"name": "a", "url": "/c.vrma"}]}) == "clips.clips[0].idle is missing"
    assert by({"type": "play", "name": "Wave", "fade_ms": 6000}) == "play.fade_ms must be <= 5000"
    assert by({"type": "error", "code": "invalid_clip", "message": "x", "clip": 3}) == \
        "error.clip must be of type string"


def test_the_page_validator_agrees_sentence_for_sentence(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    samples = tmp_path / "samples.json"
    samples.write_text(json.dumps([{"message": mm, "direction": d} for mm, d, _ in SAMPLES]),
                       encoding="utf-8")
    out = subprocess.run([node, str(REPO / "tests" / "stage" / "js" / "validate.mjs"), str(m.schema_path()),
                          str(samples)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    page = json.loads(out.stdout)
    assert page["version"] == m.schema().version
    assert page["types"] == m.schema().types
    assert page["results"] == python_results()


def test_an_independent_json_schema_validator_agrees():
    jsonschema_rs = pytest.importorskip("jsonschema_rs",
                                        reason="jsonschema-rs is not installed (pip install -e .[dev])")
    validator = jsonschema_rs.validator_for(json.loads(m.schema_path().read_text(encoding="utf-8")))
    for i, (message, direction, valid) in enumerate(SAMPLES):
        if i in DIRECTION_ONLY:
            continue
        assert validator.is_valid(message) == valid, (message, direction)


def test_every_definition_is_named_by_its_type_and_has_a_direction():
    s = m.schema()
    assert s.types == ["config", "load", "unload", "expression", "mouth", "caption", "ping", "clips", "play",
                       "ready", "loaded", "error", "pong", "stats", "clip_loaded"]
    assert {s.direction(t) for t in s.types} == {"down", "up"}
    assert all(s.raw["$defs"][t]["additionalProperties"] is False for t in s.types)


def test_an_unsupported_keyword_is_refused_rather_than_ignored():
    raw = json.loads(m.schema_path().read_text(encoding="utf-8"))
    raw["$defs"]["mouth"]["properties"]["level"]["multipleOf"] = 0.01
    with pytest.raises(m.MessageError, match="multipleOf is not supported"):
        m.Schema(raw)


def test_constructors_refuse_bad_values():
    with pytest.raises(m.MessageError):
        m.config(camera="feet")
    with pytest.raises(m.MessageError):
        m.load("", "x", 1)
    with pytest.raises(m.MessageError):
        m.clips([("", "/stage/clips/x.vrma", False)])
    with pytest.raises(m.MessageError):
        m.play("Wave", fade_ms=-1)
    assert m.mouth(7.0)["level"] == 1.0 and m.expression("happy", -1)["weight"] == 0.0


def test_parse_up_reads_what_a_page_sends():
    assert m.parse_up('{"type":"pong","id":1,"latency_ms":0.4}')["id"] == 1
    with pytest.raises(m.MessageError, match="not JSON"):
        m.parse_up("{")
    with pytest.raises(m.MessageError, match="never sent up"):
        m.parse_up(m.encode(m.mouth(0.1)))


def test_the_motion_helpers_pass_their_node_tests():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    out = subprocess.run([node, "--test", str(REPO / "tests" / "stage" / "js" / "motion.test.mjs")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
