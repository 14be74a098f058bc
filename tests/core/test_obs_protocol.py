"""app.core.obs_protocol against the obs-websocket fixtures: the README's auth vector, protocol.json's enums
and events, protocol.md's example messages, and a table of malformed messages with the close code each
earns."""

import json
import re

import pytest

from app.core import obs_protocol as p
from tests.conftest import REPO

FIXTURES = REPO.parent / "shared" / "fixtures" / "obs_websocket"
PROTOCOL_MD = (FIXTURES / "protocol.md").read_text(encoding="utf-8")
PROTOCOL = json.loads((FIXTURES / "protocol.json").read_text(encoding="utf-8"))
README = (FIXTURES.parent / "README.md").read_text(encoding="utf-8")

SALT = "lM1GncleQOaCu9lT1yeUZhFYnqhsLLP1G5lAGo3ixaI="
CHALLENGE = "+IxH4CnCiqpX1rM9scsNynZzbOe4KhDeYcTNS3PDaeY="
PASSWORD = "supersecretpassword"
EXPECTED = "1Ct943GAT+6YQUUX47Ia/ncufilbe6+oD6lY+5kaCu4="


def enum(name):
    return {i["enumIdentifier"]: i["enumValue"]
            for e in PROTOCOL["enums"] if e["enumType"] == name for i in e["enumIdentifiers"]}


def snake(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()


# ---- authentication ---------------------------------------------------------------------------------------


def test_the_vector_comes_from_the_fixtures():
    assert SALT in PROTOCOL_MD and CHALLENGE in PROTOCOL_MD and PASSWORD in PROTOCOL_MD
    assert EXPECTED in README


def test_auth_string_matches_the_fixture_vector():
    assert p.auth_string(PASSWORD, SALT, CHALLENGE) == EXPECTED


def test_the_spec_example_string_is_not_the_right_answer():
    # the README warns that protocol.md's own Identify example does not match its Hello example
    assert '"authentication": "Dj6cLS+jrNA0HpCArRg0Z/Fc+YHdt2FQfAvgD1mip6Y="' in PROTOCOL_MD
    assert p.auth_string(PASSWORD, SALT, CHALLENGE) != "Dj6cLS+jrNA0HpCArRg0Z/Fc+YHdt2FQfAvgD1mip6Y="


def test_auth_secret_is_the_first_step():
    import base64
    import hashlib
    secret = p.auth_secret(PASSWORD, SALT)
    assert secret == base64.b64encode(hashlib.sha256((PASSWORD + SALT).encode()).digest()).decode()
    assert base64.b64encode(hashlib.sha256((secret + CHALLENGE).encode()).digest()).decode() == EXPECTED


def test_the_auth_string_depends_on_every_input():
    assert p.auth_string(PASSWORD + "x", SALT, CHALLENGE) != EXPECTED
    assert p.auth_string(PASSWORD, SALT + "x", CHALLENGE) != EXPECTED
    assert p.auth_string(PASSWORD, SALT, CHALLENGE + "x") != EXPECTED


def test_non_ascii_passwords_are_utf8():
    import base64
    import hashlib
    secret = base64.b64encode(hashlib.sha256("pässwörd☃s".encode()).digest()).decode()
    assert p.auth_string("pässwörd☃", "s", "c") == base64.b64encode(
        hashlib.sha256((secret + "c").encode()).digest()).decode()


# ---- enums against protocol.json --------------------------------------------------------------------------


@pytest.mark.parametrize("name,cls", [("WebSocketOpCode", p.OpCode), ("WebSocketCloseCode", p.CloseCode),
                                      ("RequestStatus", p.RequestStatus),
                                      ("RequestBatchExecutionType", p.BatchExecutionType)])
def test_int_enums_match_protocol_json(name, cls):
    spec = {snake(k): int(v) for k, v in enum(name).items()}
    assert {m.name: int(m.value) for m in cls} == spec


def test_event_subscription_bits_match_protocol_json():
    spec = enum("EventSubscription")
    bits = {}
    for ident, value in spec.items():
        if isinstance(value, int):
            bits[ident] = value
        elif m := re.fullmatch(r"\(1 << (\d+)\)", value):
            bits[ident] = 1 << int(m.group(1))
    all_value = 0
    for ident in re.findall(r"\w+", spec["All"]):
        all_value |= bits[ident]
    bits["All"] = all_value
    members = {k: int(v) for k, v in p.EventSubscription.__members__.items()}
    assert {snake(k): v for k, v in bits.items()} == members
    assert p.EventSubscription.ALL == 4095
    assert not p.EventSubscription.ALL & p.EventSubscription.INPUT_VOLUME_METERS


def test_every_event_in_the_document_has_its_intent():
    spec = {e["eventType"]: snake(e["eventSubscription"]) for e in PROTOCOL["events"]}
    assert len(spec) == 60
    assert {k: v.name for k, v in p.EVENT_SUBSCRIPTIONS.items()} == spec
    assert p.event_subscription("CurrentProgramSceneChanged") == p.EventSubscription.SCENES
    assert p.event_subscription("StreamStateChanged") == p.EventSubscription.OUTPUTS
    with pytest.raises(KeyError):
        p.event_subscription("NoSuchEvent")


# ---- the document's example messages ----------------------------------------------------------------------


def examples():
    section = PROTOCOL_MD[PROTOCOL_MD.index("## Message Types (OpCodes)"):PROTOCOL_MD.index("# Enums")]
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)]


def test_the_document_has_examples_for_each_kind():
    assert sorted({e["op"] for e in examples()}) == [0, 1, 2, 5, 6, 7]


@pytest.mark.parametrize("example", examples(), ids=lambda e: f"op{e['op']}")
def test_document_examples_decode_and_encode_back(example):
    message = p.decode(json.dumps(example))
    assert message.op == example["op"]
    assert message.to_message() == example
    assert p.decode(p.encode(message)) == message


def test_hello_with_auth_from_the_document():
    hello = next(p.parse(e) for e in examples() if e["op"] == 0 and "authentication" in e["d"])
    assert hello.authentication == p.AuthChallenge(challenge=CHALLENGE, salt=SALT)
    identify = p.identify_for(hello, PASSWORD, event_subscriptions=33)
    assert identify.to_message() == {"op": 1, "d": {"rpcVersion": 1, "authentication": EXPECTED,
                                                    "eventSubscriptions": 33}}


def test_failure_response_from_the_document():
    response = next(p.parse(e) for e in examples() if e["op"] == 7 and not e["d"]["requestStatus"]["result"])
    assert not response.ok
    assert response.request_status == p.Status(False, 608, "Parameter: sceneName")
    assert p.describe_status(608, response.request_status.comment) == (
        "OBS answered with status 608. (Parameter: sceneName)")


# ---- building and round trips -----------------------------------------------------------------------------

MESSAGES = [
    p.Hello("31.0.2", "5.5.4"),
    p.Hello("31.0.2", "5.5.4", 2, p.AuthChallenge("c", "s")),
    p.Identify(),
    p.Identify(1, "auth", 0),
    p.Identified(1),
    p.Reidentify(int(p.EventSubscription.SCENES | p.EventSubscription.OUTPUTS)),
    p.Event("ExitStarted", 1),
    p.Event.of("CurrentProgramSceneChanged", {"sceneName": "BRB", "sceneUuid": "u"}),
    p.Request("GetVersion", "1"),
    p.Request("SetCurrentProgramScene", 42, {"sceneName": "BRB"}),
    p.RequestResponse("GetVersion", "1", p.Status.success(), {"obsVersion": "31"}),
    p.RequestResponse("SetCurrentProgramScene", 42, p.Status.failure(600, "No scene")),
    p.RequestBatch("b1", (p.Request("GetVersion", ""), p.Request("Sleep", "x", {"sleepMillis": 5})), True, 1),
    p.RequestBatchResponse("b1", (p.RequestResponse("GetVersion", "", p.Status.success(), {}),)),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_round_trip(message):
    text = p.encode(message)
    assert json.loads(text)["op"] == int(message.op)
    assert p.decode(text) == message
    assert p.decode(text.encode()) == message


def test_wire_forms():
    assert p.Identify(1, None, 0).to_message() == {"op": 1, "d": {"rpcVersion": 1, "eventSubscriptions": 0}}
    assert p.Identify().to_message()["d"]["eventSubscriptions"] == 4095
    assert p.Request("GetVersion", "a").to_message() == {"op": 6, "d": {"requestType": "GetVersion",
                                                                         "requestId": "a"}}
    assert p.Event.of("ExitStarted").to_message() == {"op": 5, "d": {"eventType": "ExitStarted",
                                                                      "eventIntent": 1}}
    batch = p.RequestBatch("b", (p.Request("GetVersion", ""),)).to_message()
    assert batch == {"op": 8, "d": {"requestId": "b", "haltOnFailure": False, "executionType": 0,
                                    "requests": [{"requestType": "GetVersion"}]}}


def test_defaults_when_optional_fields_are_absent():
    assert p.decode('{"op":1,"d":{"rpcVersion":1}}') == p.Identify(1, None, 4095)
    assert p.decode('{"op":3,"d":{}}') == p.Reidentify(4095)
    batch = p.decode('{"op":8,"d":{"requestId":"b","requests":[{"requestType":"GetVersion"}]}}')
    assert batch == p.RequestBatch("b", (p.Request("GetVersion", ""),), False, 0)
    assert p.decode('{"op":5,"d":{"eventType":"ExitStarted","eventIntent":1}}').event_data is None


def test_integer_request_ids_are_kept_as_given():
    # obsws-python sends requestId as an int (fixture README)
    response = p.decode('{"op":7,"d":{"requestType":"GetVersion","requestId":417,'
                        '"requestStatus":{"result":true,"code":100},"responseData":{}}}')
    assert response.request_id == 417 and response.ok


def test_integral_floats_count_as_integers():
    assert p.decode('{"op":2,"d":{"negotiatedRpcVersion":1.0}}') == p.Identified(1)


# ---- validation -------------------------------------------------------------------------------------------

C = p.CloseCode
BAD = [
    ("not json", "{op: 1}", C.MESSAGE_DECODE_ERROR),
    ("not utf-8", b"\xff\xfe", C.MESSAGE_DECODE_ERROR),
    ("an array", "[1, 2]", C.MESSAGE_DECODE_ERROR),
    ("a string", '"hello"', C.MESSAGE_DECODE_ERROR),
    ("obs-websocket 4.x", '{"request-type":"GetVersion","message-id":"1"}', C.UNSUPPORTED_RPC_VERSION),
    ("no op", '{"d":{}}', C.UNKNOWN_OP_CODE),
    ("string op", '{"op":"1","d":{}}', C.UNKNOWN_OP_CODE),
    ("bool op", '{"op":true,"d":{}}', C.UNKNOWN_OP_CODE),
    ("unknown op 4", '{"op":4,"d":{}}', C.UNKNOWN_OP_CODE),
    ("unknown op 10", '{"op":10,"d":{}}', C.UNKNOWN_OP_CODE),
    ("no d", '{"op":1}', C.MISSING_DATA_FIELD),
    ("d not object", '{"op":1,"d":[]}', C.INVALID_DATA_FIELD_TYPE),
    ("identify without rpc", '{"op":1,"d":{}}', C.MISSING_DATA_FIELD),
    ("identify rpc string", '{"op":1,"d":{"rpcVersion":"1"}}', C.INVALID_DATA_FIELD_TYPE),
    ("identify rpc bool", '{"op":1,"d":{"rpcVersion":true}}', C.INVALID_DATA_FIELD_TYPE),
    ("identify rpc fraction", '{"op":1,"d":{"rpcVersion":1.5}}', C.INVALID_DATA_FIELD_TYPE),
    ("identify rpc zero", '{"op":1,"d":{"rpcVersion":0}}', C.INVALID_DATA_FIELD_VALUE),
    ("identify auth number", '{"op":1,"d":{"rpcVersion":1,"authentication":5}}', C.INVALID_DATA_FIELD_TYPE),
    ("identify subs string", '{"op":1,"d":{"rpcVersion":1,"eventSubscriptions":"all"}}',
     C.INVALID_DATA_FIELD_TYPE),
    ("identify subs negative", '{"op":1,"d":{"rpcVersion":1,"eventSubscriptions":-1}}',
     C.INVALID_DATA_FIELD_VALUE),
    ("hello without versions", '{"op":0,"d":{"rpcVersion":1}}', C.MISSING_DATA_FIELD),
    ("hello auth without salt",
     '{"op":0,"d":{"obsStudioVersion":"a","obsWebSocketVersion":"b","rpcVersion":1,'
     '"authentication":{"challenge":"c"}}}', C.MISSING_DATA_FIELD),
    ("event without type", '{"op":5,"d":{"eventIntent":1}}', C.MISSING_DATA_FIELD),
    ("event data not object", '{"op":5,"d":{"eventType":"X","eventIntent":1,"eventData":[]}}',
     C.INVALID_DATA_FIELD_TYPE),
    ("request without id", '{"op":6,"d":{"requestType":"GetVersion"}}', C.MISSING_DATA_FIELD),
    ("request id float", '{"op":6,"d":{"requestType":"GetVersion","requestId":1.5}}',
     C.INVALID_DATA_FIELD_TYPE),
    ("request data string", '{"op":6,"d":{"requestType":"GetVersion","requestId":"1","requestData":"x"}}',
     C.INVALID_DATA_FIELD_TYPE),
    ("response without status", '{"op":7,"d":{"requestType":"GetVersion","requestId":"1"}}',
     C.MISSING_DATA_FIELD),
    ("response result not bool",
     '{"op":7,"d":{"requestType":"X","requestId":"1","requestStatus":{"result":1,"code":100}}}',
     C.INVALID_DATA_FIELD_TYPE),
    ("batch without requests", '{"op":8,"d":{"requestId":"b"}}', C.MISSING_DATA_FIELD),
    ("batch requests not array", '{"op":8,"d":{"requestId":"b","requests":{}}}', C.INVALID_DATA_FIELD_TYPE),
    ("batch item not object", '{"op":8,"d":{"requestId":"b","requests":[1]}}', C.INVALID_DATA_FIELD_TYPE),
    ("batch item without type", '{"op":8,"d":{"requestId":"b","requests":[{}]}}', C.MISSING_DATA_FIELD),
    ("batch execution type", '{"op":8,"d":{"requestId":"b","requests":[],"executionType":7}}',
     C.INVALID_DATA_FIELD_VALUE),
    ("batch execution none", '{"op":8,"d":{"requestId":"b","requests":[],"executionType":-1}}',
     C.INVALID_DATA_FIELD_VALUE),
    ("batch halt not bool", '{"op":8,"d":{"requestId":"b","requests":[],"haltOnFailure":"yes"}}',
     C.INVALID_DATA_FIELD_TYPE),
    ("batch response results", '{"op":9,"d":{"requestId":"b","results":[{"requestType":"X"}]}}',
     C.MISSING_DATA_FIELD),
]


@pytest.mark.parametrize("name,text,code", BAD, ids=[b[0] for b in BAD])
def test_malformed_messages_earn_their_close_code(name, text, code):
    with pytest.raises(p.ProtocolError) as info:
        p.decode(text)
    assert info.value.close_code == code
    assert str(info.value)  # a clear message, not an empty one


def test_errors_name_the_field():
    with pytest.raises(p.ProtocolError, match="rpcVersion"):
        p.decode('{"op":1,"d":{"rpcVersion":"1"}}')
    with pytest.raises(p.ProtocolError, match=r"requests\[1\]"):
        p.decode('{"op":8,"d":{"requestId":"b","requests":[{"requestType":"A"},{"requestId":"x"}]}}')


# ---- negotiation and identify ------------------------------------------------------------------------------


@pytest.mark.parametrize("server,supported,chosen", [
    (1, [1], 1), (2, [1], 1), (2, [1, 2, 3], 2), (3, [1, 2], 2), (1, [2, 3], 2), (5, [1, 3, 7], 3)])
def test_choose_rpc_version(server, supported, chosen):
    assert p.choose_rpc_version(server, supported) == chosen


def test_choose_rpc_version_needs_versions():
    with pytest.raises(ValueError):
        p.choose_rpc_version(1, [])


def test_identify_for_a_server_without_auth_ignores_the_password():
    identify = p.identify_for(p.Hello("31", "5.5", 1), "whatever", event_subscriptions=0)
    assert identify == p.Identify(1, None, 0)


def test_identify_for_a_server_with_auth_needs_a_password():
    hello = p.Hello("31", "5.5", 1, p.AuthChallenge(CHALLENGE, SALT))
    for missing in (None, ""):
        with pytest.raises(p.AuthenticationRequired, match="password"):
            p.identify_for(hello, missing)
    assert p.identify_for(hello, PASSWORD).authentication == EXPECTED


def test_identify_for_a_newer_server_offers_our_version():
    assert p.identify_for(p.Hello("40", "6.0", 2), None).rpc_version == 1


# ---- human text -------------------------------------------------------------------------------------------


def test_every_close_code_has_a_message():
    for code in p.CloseCode:
        if code != p.CloseCode.DONT_CLOSE:
            assert code in p.CLOSE_MESSAGES


def test_describe_close():
    assert "password" in p.describe_close(4009)
    assert "kicked" in p.describe_close(4011)
    assert p.describe_close(1006) == "The connection to OBS was lost."
    assert p.describe_close(None) == "The connection to OBS was closed."
    assert p.describe_close(4999) == "The connection to OBS closed with code 4999."
    assert p.describe_close(4010, "You are attempting to use the 4.x protocol").endswith(
        "(OBS said: You are attempting to use the 4.x protocol)")
    assert "OBS said" not in p.describe_close(4009, "")


def test_should_reconnect():
    for code in (4009, 4010, 4011, 4012):
        assert not p.should_reconnect(code)
    for code in (None, 1000, 1001, 1006, 4000, 4002):
        assert p.should_reconnect(code)


def test_describe_status():
    assert p.describe_status(600, "No scene was found by the name of `X`.") == (
        "OBS has no scene or source by that name. (No scene was found by the name of `X`.)")
    assert p.describe_status(204) == "OBS does not know this request (is OBS up to date?)."
    assert p.describe_status(999) == "OBS answered with status 999."
    for code in p.RequestStatus:
        if code not in (p.RequestStatus.UNKNOWN, p.RequestStatus.NO_ERROR):
            assert code in p.STATUS_MESSAGES
