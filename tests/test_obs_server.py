"""The fake OBS (tests/obs_server.py) checked against the obs-websocket 5.x protocol with a raw aiohttp
client, in both of its modes (on the test's loop and in a background thread), and, when obsws-python is
installed, against the client library the app uses."""

import asyncio
import base64
import gc
import hashlib
import json
import threading
import warnings

import aiohttp
import pytest

from tests.obs_server import OBS_29, FakeOBS

SALT = "lM1GncleQOaCu9lT1yeUZhFYnqhsLLP1G5lAGo3ixaI="
CHALLENGE = "+IxH4CnCiqpX1rM9scsNynZzbOe4KhDeYcTNS3PDaeY="
VECTOR = "1Ct943GAT+6YQUUX47Ia/ncufilbe6+oD6lY+5kaCu4="  # shared/fixtures/README.md
SCENES, OUTPUTS, INPUTS, SCENE_ITEMS, GENERAL, CONFIG = 1 << 2, 1 << 6, 1 << 3, 1 << 7, 1 << 0, 1 << 1


def run(coro, timeout=20):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def auth(password, salt, challenge):
    def h(s):
        return base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()
    return h(h(password + salt) + challenge)


class Raw:
    """A minimal obs-websocket client: JSON frames over aiohttp, nothing else."""

    def __init__(self, http, ws):
        self.http, self.ws, self.n = http, ws, 0

    @classmethod
    async def connect(cls, url, protocols=("obswebsocket.json",)):
        http = aiohttp.ClientSession()
        try:
            ws = await http.ws_connect(url, protocols=protocols, autoclose=True)
        except BaseException:
            await http.close()
            raise
        return cls(http, ws)

    async def close(self):
        await self.ws.close()
        await self.http.close()

    async def send(self, obj):
        await self.ws.send_str(json.dumps(obj))

    async def recv(self, timeout=3):
        msg = await self.ws.receive(timeout)
        assert msg.type == aiohttp.WSMsgType.TEXT, (msg.type, msg.data, msg.extra)
        return json.loads(msg.data)

    async def closed_with(self, timeout=3):
        """Read until the server closes; return its close code and reason."""
        while True:
            msg = await self.ws.receive(timeout)
            if msg.type == aiohttp.WSMsgType.CLOSE:  # the server's close frame, as sent
                return msg.data, msg.extra
            if msg.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                return self.ws.close_code, msg.extra

    async def hello_and_identify(self, password=None, subs=None, rpc=None):
        hello = await self.recv()
        assert hello["op"] == 0
        d = {"rpcVersion": rpc or hello["d"]["rpcVersion"]}
        if "authentication" in hello["d"] and password is not None:
            a = hello["d"]["authentication"]
            d["authentication"] = auth(password, a["salt"], a["challenge"])
        if subs is not None:
            d["eventSubscriptions"] = subs
        await self.send({"op": 1, "d": d})
        return hello

    async def identified(self, **kw):
        await self.hello_and_identify(**kw)
        reply = await self.recv()
        assert reply["op"] == 2, reply
        return reply

    async def request(self, request_type, data=None, request_id=None):
        self.n += 1
        rid = request_id if request_id is not None else f"r{self.n}"
        d = {"requestType": request_type, "requestId": rid}
        if data is not None:
            d["requestData"] = data
        await self.send({"op": 6, "d": d})
        reply = await self.recv()
        assert reply["op"] == 7, reply
        assert reply["d"]["requestId"] == rid and reply["d"]["requestType"] == request_type
        return reply["d"]


def ok(response):
    assert response["requestStatus"] == {"result": True, "code": 100}, response
    return response.get("responseData")


def failed(response, code):
    status = response["requestStatus"]
    assert status["result"] is False and status["code"] == code, response
    assert status["comment"]
    return status["comment"]


# ---- connecting -------------------------------------------------------------------------------------------


def test_connect_without_auth():
    async def go():
        async with FakeOBS() as obs:
            assert obs.port > 0 and obs.url == f"ws://127.0.0.1:{obs.port}"
            c = await Raw.connect(obs.url)
            assert c.ws.protocol == "obswebsocket.json"
            hello = await c.hello_and_identify()
            assert hello["d"] == {"obsStudioVersion": "31.0.2", "obsWebSocketVersion": "5.5.4",
                                  "rpcVersion": 1}
            assert await c.recv() == {"op": 2, "d": {"negotiatedRpcVersion": 1}}
            assert obs.sessions()[0].identified and obs.sessions()[0].event_subscriptions == 4095
            await c.close()
    run(go())


def test_a_client_offering_no_subprotocol_gets_json():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url, protocols=())
            assert c.ws.protocol is None
            await c.identified()
            assert ok(await c.request("GetVersion"))["rpcVersion"] == 1
            await c.close()
    run(go())


def test_a_msgpack_only_client_is_refused():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url, protocols=("obswebsocket.msgpack",))
            assert (await c.closed_with())[0] == 4012
            await c.close()
    run(go())


def test_auth_with_the_fixture_vector():
    async def go():
        async with FakeOBS(password="supersecretpassword", salt=SALT, challenge=CHALLENGE) as obs:
            c = await Raw.connect(obs.url)
            hello = await c.recv()
            assert hello["d"]["authentication"] == {"challenge": CHALLENGE, "salt": SALT}
            await c.send({"op": 1, "d": {"rpcVersion": 1, "authentication": VECTOR}})
            assert (await c.recv())["op"] == 2
            await c.close()
    run(go())


def test_each_connection_gets_a_fresh_challenge():
    async def go():
        async with FakeOBS(password="pw") as obs:
            a, b = await Raw.connect(obs.url), await Raw.connect(obs.url)
            ha, hb = await a.recv(), await b.recv()
            assert ha["d"]["authentication"]["salt"] == hb["d"]["authentication"]["salt"]
            assert ha["d"]["authentication"]["challenge"] != hb["d"]["authentication"]["challenge"]
            await a.close()
            await b.close()
    run(go())


@pytest.mark.parametrize("password", ["wrong", "", None])
def test_wrong_or_missing_password_closes_with_4009(password):
    async def go():
        async with FakeOBS(password="right") as obs:
            c = await Raw.connect(obs.url)
            await c.hello_and_identify(password=password)
            code, reason = await c.closed_with()
            assert code == 4009 and reason == "Authentication failed."
            assert obs.close_codes == [4009] and obs.identified_count == 0
            await c.close()
    run(go())


def test_the_right_password_after_a_wrong_one_works():
    async def go():
        async with FakeOBS(password="right") as obs:
            bad = await Raw.connect(obs.url)
            await bad.hello_and_identify(password="nope")
            assert (await bad.closed_with())[0] == 4009
            good = await Raw.connect(obs.url)
            await good.identified(password="right")
            assert obs.identified_count == 1 and obs.connections == 2
            await bad.close()
            await good.close()
    run(go())


def test_rpc_version_negotiation():
    async def go():
        async with FakeOBS(rpc_version=1) as obs:
            c = await Raw.connect(obs.url)
            await c.hello_and_identify(rpc=2)
            assert (await c.closed_with())[0] == 4010
            await c.close()
        async with FakeOBS(rpc_version=2) as obs:
            c = await Raw.connect(obs.url)
            hello = await c.hello_and_identify(rpc=1)
            assert hello["d"]["rpcVersion"] == 2
            assert await c.recv() == {"op": 2, "d": {"negotiatedRpcVersion": 1}}
            assert obs.sessions()[0].rpc_version == 1
            await c.close()
    run(go())


PROTOCOL_BREAKS = [
    ("invalid json", "{nope", 4002),
    ("not an object", "[1]", 4002),
    ("4.x request", '{"request-type":"GetVersion","message-id":"1"}', 4010),
    ("no op", '{"d":{"rpcVersion":1}}', 4006),
    ("unknown op", '{"op":4,"d":{}}', 4006),
    ("server-only op", '{"op":0,"d":{}}', 4006),
    ("no d", '{"op":1}', 4003),
    ("d not object", '{"op":1,"d":3}', 4004),
    ("request first", '{"op":6,"d":{"requestType":"GetVersion","requestId":"1"}}', 4007),
    ("reidentify first", '{"op":3,"d":{}}', 4007),
    ("identify without rpc", '{"op":1,"d":{}}', 4003),
    ("identify rpc string", '{"op":1,"d":{"rpcVersion":"1"}}', 4004),
    ("identify subs string", '{"op":1,"d":{"rpcVersion":1,"eventSubscriptions":"x"}}', 4004),
]


@pytest.mark.parametrize("name,text,code", PROTOCOL_BREAKS, ids=[b[0] for b in PROTOCOL_BREAKS])
def test_protocol_breaks_before_identify_close_with_their_code(name, text, code):
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.recv()
            await c.ws.send_str(text)
            assert (await c.closed_with())[0] == code
            await c.close()
    run(go())


IDENTIFIED_BREAKS = [
    ("second identify", '{"op":1,"d":{"rpcVersion":1}}', 4008),
    ("request without id", '{"op":6,"d":{"requestType":"GetVersion"}}', 4003),
    ("request without type", '{"op":6,"d":{"requestId":"1"}}', 4003),
    ("request data not object", '{"op":6,"d":{"requestType":"GetVersion","requestId":"1","requestData":1}}',
     4004),
    ("batch without requests", '{"op":8,"d":{"requestId":"b"}}', 4003),
    ("batch bad execution type", '{"op":8,"d":{"requestId":"b","requests":[],"executionType":9}}', 4005),
]


@pytest.mark.parametrize("name,text,code", IDENTIFIED_BREAKS, ids=[b[0] for b in IDENTIFIED_BREAKS])
def test_protocol_breaks_after_identify_close_with_their_code(name, text, code):
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified()
            await c.ws.send_str(text)
            assert (await c.closed_with())[0] == code
            await c.close()
    run(go())


def test_a_binary_frame_closes_with_4002():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.recv()
            await c.ws.send_bytes(b'{"op":1,"d":{"rpcVersion":1}}')
            assert (await c.closed_with())[0] == 4002
            await c.close()
    run(go())


# ---- requests ---------------------------------------------------------------------------------------------


def test_request_round_trips():
    async def go():
        async with FakeOBS(password="pw") as obs:
            c = await Raw.connect(obs.url)
            await c.identified(password="pw", subs=0)

            version = ok(await c.request("GetVersion"))
            assert version["obsWebSocketVersion"] == "5.5.4"
            assert "SetInputSettings" in version["availableRequests"]

            scenes = ok(await c.request("GetSceneList"))
            assert scenes["currentProgramSceneName"] == "Main"
            by_index = sorted(scenes["scenes"], key=lambda s: -s["sceneIndex"])
            assert [s["sceneName"] for s in by_index] == ["Starting Soon", "Main", "BRB"]

            ok(await c.request("SetCurrentProgramScene", {"sceneName": "BRB"}))
            current = ok(await c.request("GetCurrentProgramScene"))
            assert current["sceneName"] == current["currentProgramSceneName"] == "BRB" == obs.current_scene
            uuid = next(s["sceneUuid"] for s in scenes["scenes"] if s["sceneName"] == "Main")
            ok(await c.request("SetCurrentProgramScene", {"sceneUuid": uuid}))
            assert obs.current_scene == "Main"

            assert "Nope" in failed(await c.request("SetCurrentProgramScene", {"sceneName": "Nope"}), 600)
            failed(await c.request("SetCurrentProgramScene", {}), 300)
            failed(await c.request("SetCurrentProgramScene"), 301)
            failed(await c.request("SetCurrentProgramScene", {"sceneName": 3}), 401)
            failed(await c.request("SetCurrentProgramScene", {"sceneName": ""}), 403)
            failed(await c.request("MakeCoffee"), 204)
            await c.close()
            types = obs.request_types()
            assert types[:3] == ["GetVersion", "GetSceneList", "SetCurrentProgramScene"]
            assert types[-1] == "MakeCoffee"
            assert obs.requests_of("SetCurrentProgramScene")[0].request_data == {"sceneName": "BRB"}
    run(go())


def test_integer_request_ids_are_mirrored():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified()
            response = await c.request("GetVersion", request_id=417)
            assert response["requestId"] == 417
            assert obs.requests[0].request_id == 417
            await c.close()
    run(go())


def test_scene_items():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified(subs=0)
            items = ok(await c.request("GetSceneItemList", {"sceneName": "Main"}))["sceneItems"]
            assert [i["sourceName"] for i in items] == ["Webcam", "Avatar", "Captions"]  # bottom first
            assert [i["sceneItemIndex"] for i in items] == [0, 1, 2]
            assert all(i["sceneItemEnabled"] for i in items)
            captions = next(i for i in items if i["sourceName"] == "Captions")
            assert captions["inputKind"] == "text_ft2_source_v2"

            found = ok(await c.request("GetSceneItemId", {"sceneName": "Main", "sourceName": "Avatar"}))
            avatar_id = found["sceneItemId"]
            failed(await c.request("GetSceneItemId", {"sceneName": "Main", "sourceName": "Ghost"}), 600)
            failed(await c.request("GetSceneItemId", {"sceneName": "Main"}), 300)
            failed(await c.request("GetSceneItemId", {"sceneName": "Main", "sourceName": "Avatar",
                                                      "searchOffset": -2}), 402)
            failed(await c.request("GetSceneItemList", {"sceneName": "Nope"}), 600)
            # null is absent: the default offset, and a missing field when required
            assert ok(await c.request("GetSceneItemId", {"sceneName": "Main", "sourceName": "Avatar",
                                                         "searchOffset": None}))["sceneItemId"] == avatar_id
            failed(await c.request("GetSceneItemId", {"sceneName": "Main", "sourceName": None}), 300)

            ok(await c.request("SetSceneItemEnabled", {"sceneName": "Main", "sceneItemId": avatar_id,
                                                       "sceneItemEnabled": False}))
            assert obs.item_enabled("Main", "Avatar") is False
            got = ok(await c.request("GetSceneItemEnabled", {"sceneName": "Main", "sceneItemId": avatar_id}))
            assert got == {"sceneItemEnabled": False}
            failed(await c.request("SetSceneItemEnabled", {"sceneName": "Main", "sceneItemId": 99,
                                                           "sceneItemEnabled": True}), 600)
            failed(await c.request("SetSceneItemEnabled", {"sceneName": "Main", "sceneItemId": avatar_id,
                                                           "sceneItemEnabled": "yes"}), 401)
            failed(await c.request("SetSceneItemEnabled", {"sceneName": "Main", "sceneItemId": avatar_id}),
                   300)
            await c.close()
    run(go())


def test_text_source_settings():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified(subs=0)
            got = ok(await c.request("GetInputSettings", {"inputName": "Captions"}))
            assert got == {"inputSettings": {"text": ""}, "inputKind": "text_ft2_source_v2"}
            ok(await c.request("SetInputSettings", {"inputName": "Captions",
                                                    "inputSettings": {"text": "ciao!"}}))
            assert obs.text_of("Captions") == "ciao!"
            ok(await c.request("SetInputSettings", {"inputName": "Captions",
                                                    "inputSettings": {"font": {"size": 48}}}))
            assert obs.input_settings("Captions") == {"text": "ciao!", "font": {"size": 48}}  # overlay
            ok(await c.request("SetInputSettings", {"inputName": "Captions", "inputSettings": {"text": "x"},
                                                    "overlay": False}))
            assert obs.input_settings("Captions") == {"text": "x"}  # replaced
            failed(await c.request("SetInputSettings", {"inputName": "Nope", "inputSettings": {"text": "x"}}),
                   600)
            failed(await c.request("SetInputSettings", {"inputName": "Captions"}), 300)
            failed(await c.request("SetInputSettings", {"inputName": "Captions", "inputSettings": "x"}), 401)
            failed(await c.request("GetInputSettings", {}), 300)
            kinds = ok(await c.request("GetInputList", {"inputKind": "text_ft2_source_v2"}))["inputs"]
            assert {i["inputName"] for i in kinds} == {"Starting Text", "Captions", "BRB Text"}
            await c.close()
    run(go())


def test_stream_and_record_status():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified(subs=0)
            status = ok(await c.request("GetStreamStatus"))
            assert status["outputActive"] is False and status["outputTimecode"] == "00:00:00.000"
            assert ok(await c.request("GetRecordStatus"))["outputActive"] is False
            ok(await c.request("StartStream"))
            assert ok(await c.request("GetStreamStatus"))["outputActive"] is True and obs.streaming
            failed(await c.request("StartStream"), 500)
            obs.stop_stream()
            failed(await c.request("StopStream"), 501)
            obs.start_record()
            assert ok(await c.request("GetRecordStatus"))["outputActive"] is True
            stopped = ok(await c.request("StopRecord"))
            assert stopped["outputPath"] == obs.last_recording and not obs.recording
            await c.close()
    run(go())


def test_request_batch():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified(subs=0)
            requests = [{"requestType": "SetCurrentProgramScene", "requestId": "a",
                         "requestData": {"sceneName": "BRB"}},
                        {"requestType": "SetCurrentProgramScene", "requestData": {"sceneName": "Nope"}},
                        {"requestType": "GetCurrentProgramScene", "requestId": "c"}]
            await c.send({"op": 8, "d": {"requestId": "batch1", "requests": requests}})
            reply = await c.recv()
            assert reply["op"] == 9 and reply["d"]["requestId"] == "batch1"
            results = reply["d"]["results"]
            assert [r["requestStatus"]["code"] for r in results] == [100, 600, 100]
            assert results[0]["requestId"] == "a" and "requestId" not in results[1]
            assert results[2]["responseData"]["sceneName"] == "BRB"

            await c.send({"op": 8, "d": {"requestId": "batch2", "haltOnFailure": True, "requests": requests}})
            results = (await c.recv())["d"]["results"]
            assert [r["requestStatus"]["code"] for r in results] == [100, 600]
            assert [r.batch_id for r in obs.requests] == ["batch1"] * 3 + ["batch2"] * 2
            await c.close()
    run(go())


# ---- events -----------------------------------------------------------------------------------------------


async def nothing_pending(c):
    """Proves no event is queued for c: a response comes after anything already queued."""
    reply = await c.request("GetVersion")
    assert reply["requestType"] == "GetVersion"


def test_events_only_reach_subscribed_clients():
    async def go():
        async with FakeOBS() as obs:
            scenes, outputs, none = [await Raw.connect(obs.url) for _ in range(3)]
            await scenes.identified(subs=SCENES)
            await outputs.identified(subs=OUTPUTS)
            await none.identified(subs=0)

            obs.switch_scene("BRB")
            event = await scenes.recv()
            assert event == {"op": 5, "d": {"eventType": "CurrentProgramSceneChanged", "eventIntent": SCENES,
                                            "eventData": {"sceneName": "BRB",
                                                          "sceneUuid": event["d"]["eventData"]["sceneUuid"]}}}
            obs.start_stream()
            states = [(await outputs.recv())["d"] for _ in range(2)]
            assert [(s["eventType"], s["eventIntent"], s["eventData"]) for s in states] == [
                ("StreamStateChanged", OUTPUTS,
                 {"outputActive": False, "outputState": "OBS_WEBSOCKET_OUTPUT_STARTING"}),
                ("StreamStateChanged", OUTPUTS,
                 {"outputActive": True, "outputState": "OBS_WEBSOCKET_OUTPUT_STARTED"})]
            for c in (scenes, outputs, none):
                await nothing_pending(c)
            assert [e[0] for e in obs.emitted] == ["CurrentProgramSceneChanged"] + ["StreamStateChanged"] * 2
            for c in (scenes, outputs, none):
                await c.close()
    run(go())


def test_unidentified_clients_get_no_events():
    async def go():
        async with FakeOBS(password="pw") as obs:
            c = await Raw.connect(obs.url)
            await c.recv()  # Hello, no Identify yet
            obs.switch_scene("BRB")
            obs.exit_started()
            await c.send({"op": 1, "d": {"rpcVersion": 1, "authentication": "x"}})
            assert (await c.closed_with())[0] == 4009  # nothing arrived before the close
            await c.close()
    run(go())


def test_each_event_with_its_intent():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified()  # default: All
            obs.set_text("Captions", "hello")
            obs.set_item_enabled("Main", "Webcam", False)
            obs.start_record()
            obs.stop_record()
            obs.exit_started()
            got = [(await c.recv())["d"] for _ in range(7)]
            assert [(e["eventType"], e["eventIntent"]) for e in got] == [
                ("InputSettingsChanged", INPUTS), ("SceneItemEnableStateChanged", SCENE_ITEMS),
                ("RecordStateChanged", OUTPUTS), ("RecordStateChanged", OUTPUTS),
                ("RecordStateChanged", OUTPUTS), ("RecordStateChanged", OUTPUTS), ("ExitStarted", GENERAL)]
            assert got[0]["eventData"]["inputName"] == "Captions"
            assert got[0]["eventData"]["inputSettings"] == {"text": "hello"}
            assert got[1]["eventData"]["sceneItemEnabled"] is False
            assert [e["eventData"]["outputState"][len("OBS_WEBSOCKET_OUTPUT_"):] for e in got[2:6]] == [
                "STARTING", "STARTED", "STOPPING", "STOPPED"]
            assert got[5]["eventData"]["outputPath"] == obs.last_recording
            assert got[3]["eventData"]["outputPath"] is None
            assert "eventData" not in got[6]
            await c.close()
    run(go())


def test_a_request_answers_before_its_events():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified(subs=SCENES | INPUTS)
            await c.send({"op": 6, "d": {"requestType": "SetCurrentProgramScene", "requestId": "1",
                                         "requestData": {"sceneName": "BRB"}}})
            assert (await c.recv())["op"] == 7
            assert (await c.recv())["d"]["eventType"] == "CurrentProgramSceneChanged"
            # setting the scene already showing changes nothing and says nothing
            await c.request("SetCurrentProgramScene", {"sceneName": "BRB"})
            await nothing_pending(c)
            await c.close()
    run(go())


def test_reidentify_changes_subscriptions():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified(subs=0)
            obs.switch_scene("BRB")
            await nothing_pending(c)
            await c.send({"op": 3, "d": {"eventSubscriptions": SCENES}})
            assert await c.recv() == {"op": 2, "d": {"negotiatedRpcVersion": 1}}
            obs.switch_scene("Main")
            assert (await c.recv())["d"]["eventData"]["sceneName"] == "Main"
            await c.close()
    run(go())


def test_high_volume_events_need_their_own_bit():
    async def go():
        async with FakeOBS() as obs:
            everything, meters = await Raw.connect(obs.url), await Raw.connect(obs.url)
            await everything.identified()  # All: low-volume only
            await meters.identified(subs=1 << 16)
            obs.emit("InputVolumeMeters", {"inputs": []}, intent=1 << 16)
            assert (await meters.recv())["d"]["eventType"] == "InputVolumeMeters"
            await nothing_pending(everything)
            await everything.close()
            await meters.close()
    run(go())


def test_hooks_refuse_what_obs_would_refuse():
    obs = FakeOBS()
    with pytest.raises(ValueError, match="No scene"):
        obs.switch_scene("Nope")
    with pytest.raises(ValueError, match="not running"):
        obs.stop_stream()
    obs.start_stream()  # no server yet: the state still changes
    assert obs.streaming
    with pytest.raises(ValueError, match="already running"):
        obs.start_stream()


def test_custom_layout():
    obs = FakeOBS(scenes={"Only": ["Title", "Cam"]}, inputs={"Title": ("text_gdiplus_v3", {"text": "hi"})})
    assert obs.current_scene == "Only" and obs.scene_names() == ["Only"]
    assert obs.inputs["Cam"].kind == "color_source_v3" and obs.text_of("Title") == "hi"
    with pytest.raises(ValueError):
        FakeOBS(scenes={})


# ---- stop, restart, kick ----------------------------------------------------------------------------------


def test_restart_on_the_same_port():
    async def go():
        async with FakeOBS(password="pw") as obs:
            port = obs.port
            c = await Raw.connect(obs.url)
            await c.identified(password="pw")
            await obs.stop()
            assert (await c.closed_with())[0] == 1001
            assert not obs.running
            with pytest.raises(aiohttp.ClientConnectionError):
                await Raw.connect(obs.url)
            assert await obs.start() == port
            again = await Raw.connect(obs.url)
            await again.identified(password="pw")
            assert ok(await again.request("GetCurrentProgramScene"))["sceneName"] == "Main"
            assert await obs.restart() == port
            assert (await again.closed_with())[0] == 1001
            await c.close()
            await again.close()
    run(go())


def test_state_survives_a_restart():
    async def go():
        async with FakeOBS() as obs:
            obs.switch_scene("BRB")
            obs.set_text("Captions", "kept")
            await obs.restart(down_for=0.05)
            c = await Raw.connect(obs.url)
            await c.identified()
            assert ok(await c.request("GetCurrentProgramScene"))["sceneName"] == "BRB"
            settings = ok(await c.request("GetInputSettings", {"inputName": "Captions"}))["inputSettings"]
            assert settings["text"] == "kept"
            await c.close()
    run(go())


def test_kick_closes_with_4011():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified()
            obs.kick()
            assert (await c.closed_with())[0] == 4011
            await c.close()
            await obs.wait_until_async(lambda: not obs.sessions())
    run(go())


# ---- background thread ------------------------------------------------------------------------------------


def test_runs_in_a_background_thread():
    with FakeOBS(password="pw") as obs:
        assert obs._thread is not None and obs._thread is not threading.current_thread()

        async def client(expect_event):
            c = await Raw.connect(obs.url)
            await c.identified(password="pw", subs=SCENES)
            await asyncio.get_running_loop().run_in_executor(None, obs.switch_scene, expect_event)
            event = await c.recv()
            await c.close()
            return event["d"]["eventData"]["sceneName"]

        assert run(client("BRB")) == "BRB"
        assert obs.current_scene == "BRB"
        port = obs.port
        obs.stop_in_thread()
        assert obs.start_in_thread() == port
        assert run(client("Main")) == "Main"
        assert obs.restart_in_thread() == port
        assert run(client("BRB")) == "BRB"
        obs.wait_until(lambda: obs.connections == 3, what="three connections")
    assert obs._thread is None and not obs.running


# ---- obsws-python, the client library the app uses --------------------------------------------------------


@pytest.fixture
def obsws():
    return pytest.importorskip("obsws_python", reason="obsws-python is not installed (pip install -e .[dev])")


def test_obsws_python_request_client(obsws):
    with FakeOBS(password="pw") as obs:
        client = obsws.ReqClient(host="127.0.0.1", port=obs.port, password="pw", timeout=3)
        try:
            version = client.get_version()
            assert version.obs_web_socket_version == "5.5.4" and version.rpc_version == 1
            client.set_current_program_scene("BRB")
            assert obs.current_scene == "BRB"
            assert client.get_current_program_scene().scene_name == "BRB"
            item = client.get_scene_item_id("Main", "Avatar").scene_item_id
            client.set_scene_item_enabled("Main", item, False)
            assert obs.item_enabled("Main", "Avatar") is False
            client.set_input_settings("Captions", {"text": "from obsws"}, True)
            assert obs.text_of("Captions") == "from obsws"
            with pytest.raises(obsws.error.OBSSDKRequestError) as info:
                client.set_current_program_scene("Nope")
            assert info.value.code == 600
            assert isinstance(obs.requests[0].request_id, int)  # as the fixture README says
        finally:
            client.disconnect()


def test_obsws_python_wrong_password(obsws):
    with FakeOBS(password="pw") as obs, warnings.catch_warnings():
        # obsws-python leaves its socket open when Identify fails; collect it here, quietly
        warnings.simplefilter("ignore", ResourceWarning)
        with pytest.raises(obsws.error.OBSSDKError, match="failed to identify"):
            obsws.ReqClient(host="127.0.0.1", port=obs.port, password="wrong", timeout=3)
        gc.collect()
        assert obs.close_codes == [4009]


def test_obsws_python_event_client(obsws):
    with FakeOBS(password="pw") as obs:
        events = obsws.EventClient(host="127.0.0.1", port=obs.port, password="pw", timeout=3)
        got = []

        def on_current_program_scene_changed(data):
            got.append(("scene", data.scene_name))

        def on_stream_state_changed(data):
            got.append(("stream", data.output_state))

        events.callback.register([on_current_program_scene_changed, on_stream_state_changed])
        try:
            obs.wait_until(lambda: obs.identified_count == 1)
            client = obsws.ReqClient(host="127.0.0.1", port=obs.port, password="pw", timeout=3)
            client.set_current_program_scene("BRB")
            client.start_stream()
            client.disconnect()
            obs.wait_until(lambda: len(got) == 3, what="three events")
            assert got == [("scene", "BRB"), ("stream", "OBS_WEBSOCKET_OUTPUT_STARTING"),
                           ("stream", "OBS_WEBSOCKET_OUTPUT_STARTED")]
            # when OBS goes away the event thread ends: that is how a client notices
            obs.stop_in_thread()
            events.worker.join(5)
            assert not events.worker.is_alive()
        finally:
            events.base_client.ws.close()


# ---- what a real OBS 29.0.2 (obs-websocket 5.1.0) does -----------------------------------------------------


def test_hello_as_obs_29_sends_it_has_no_obs_studio_version():
    async def go():
        async with FakeOBS(password="pw", **OBS_29) as obs:
            c = await Raw.connect(obs.url)
            hello = await c.hello_and_identify(password="pw")
            # the keys a real OBS 29.0.2 sent (its Hello, captured on this machine): no obsStudioVersion
            assert sorted(hello["d"]) == ["authentication", "obsWebSocketVersion", "rpcVersion"]
            assert hello["d"]["obsWebSocketVersion"] == "5.1.0"
            assert (await c.recv())["op"] == 2
            assert ok(await c.request("GetVersion"))["obsVersion"] == "29.0.2"  # GetVersion still names it
            await c.close()
    run(go())


def test_scene_collections_change_as_obs_29_does():
    async def go():
        async with FakeOBS() as obs:
            c = await Raw.connect(obs.url)
            await c.identified(subs=CONFIG | SCENES)
            assert ok(await c.request("GetSceneCollectionList")) == {
                "currentSceneCollectionName": "Untitled", "sceneCollections": ["Untitled"]}
            ok(await c.request("CreateSceneCollection", {"sceneCollectionName": "Fresh"}))
            got = [(await c.recv())["d"] for _ in range(7)]
            assert [(e["eventType"], e["eventIntent"]) for e in got] == [
                ("CurrentSceneCollectionChanging", CONFIG), ("SceneRemoved", SCENES), ("SceneRemoved", SCENES),
                ("SceneRemoved", SCENES), ("SceneCreated", SCENES), ("SceneCollectionListChanged", CONFIG),
                ("CurrentSceneCollectionChanged", CONFIG)]  # no CurrentProgramSceneChanged: OBS 29 sends none
            assert got[0]["eventData"] == {"sceneCollectionName": "Untitled"}
            assert [e["eventData"]["sceneName"] for e in got[1:5]] == ["Starting Soon", "Main", "BRB", "Scene"]
            assert got[5]["eventData"] == {"sceneCollections": ["Fresh", "Untitled"]}
            assert got[6]["eventData"] == {"sceneCollectionName": "Fresh"}
            await nothing_pending(c)
            assert ok(await c.request("GetCurrentProgramScene"))["sceneName"] == "Scene"
            assert [s["sceneName"] for s in ok(await c.request("GetSceneList"))["scenes"]] == ["Scene"]
            failed(await c.request("SetCurrentProgramScene", {"sceneName": "Main"}), 600)  # gone with "Untitled"
            failed(await c.request("GetInputSettings", {"inputName": "Captions"}), 600)
            failed(await c.request("CreateSceneCollection", {"sceneCollectionName": "Fresh"}), 601)
            failed(await c.request("SetCurrentSceneCollection", {"sceneCollectionName": "Nope"}), 600)
            failed(await c.request("SetCurrentSceneCollection", {}), 300)

            ok(await c.request("SetCurrentSceneCollection", {"sceneCollectionName": "Untitled"}))
            got = [(await c.recv())["d"] for _ in range(7)]
            assert [e["eventType"] for e in got] == [
                "CurrentSceneCollectionChanging", "SceneRemoved", "SceneCreated", "SceneCreated", "SceneCreated",
                "CurrentProgramSceneChanged", "CurrentSceneCollectionChanged"]  # switching back: the scene is said
            assert got[5]["eventData"]["sceneName"] == "Main" and obs.scene_names() == ["Starting Soon", "Main", "BRB"]
            assert obs.text_of("Starting Text") == "Starting soon"  # each collection keeps its own sources
            ok(await c.request("SetCurrentSceneCollection", {"sceneCollectionName": "Untitled"}))
            await nothing_pending(c)  # already current: nothing changes
            await c.close()
    run(go())


def test_the_streamer_changes_scene_collection_in_obs():
    with FakeOBS() as obs:
        obs.new_scene_collection("Fresh")
        assert (obs.scene_collection, obs.scene_names(), obs.current_scene) == ("Fresh", ["Scene"], "Scene")
        obs.switch_scene_collection("Untitled")
        assert (obs.scene_collection, obs.current_scene) == ("Untitled", "Main")
        with pytest.raises(ValueError, match="already exists"):
            obs.new_scene_collection("Fresh")
        with pytest.raises(ValueError, match="No scene collection"):
            obs.switch_scene_collection("Nope")
