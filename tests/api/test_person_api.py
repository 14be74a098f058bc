"""The person model's HTTP API through a real client: auth, owner from the token, 409, the sync feed, consent,
observations, and requests that must leave the store exactly as it was."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from app.core import person_model as pm
from tests.api.conftest import T0

HOME = {"section": "identity", "key": "home", "summary": "Lives at 14 Oak Street"}
FOCUS, DRIVING, SLEEP = ({"kind": "focus", "payload": {"mode": "Work"}},
                         {"kind": "motion", "payload": {"activity": "driving"}},
                         {"kind": "sleep", "payload": {"hours": 6.2}})


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat().replace("+00:00", "Z")


def snapshot(store, owner: str = "owner"):
    """Everything a refused request could have touched, for this owner."""
    return (store.entries(owner), store.signal_count(owner), store.senses(owner),
            store.sync(0, 500, owner).next, len(store.audit_log()))


# ---- auth -------------------------------------------------------------------------------------------------

def test_no_bad_or_revoked_token_gets_the_same_401_and_a_good_one_gets_in(bea, store, run):
    good = store.create_token("phone")
    revoked = store.create_token("old tablet")
    store.revoke_token("old tablet")

    async def scenario(api):
        refusals = [await api.get("/person/model"),
                    await api.get("/person/model", "bea_not-a-token"),
                    await api.get("/person/model", revoked),
                    await api.get("/person/model", headers={"Authorization": f"Basic {good}"}),
                    await api.get("/person/model", headers={"Authorization": "Bearer"}),
                    await api.put("/person/model/entries", revoked, json=HOME)]
        ok = await api.get("/person/model", good)
        page = await api.get("/person/model", good, headers={"Origin": "https://evil.example"})
        doc = await api.get("/openapi.json")
        return refusals, ok, page, doc

    refusals, ok, page, doc = run(scenario)
    assert {r.status for r in refusals} == {401}
    assert {json.dumps(r.body) for r in refusals} == {json.dumps(refusals[0].body)}  # no detail leaks
    assert refusals[0].body["error"] == "unauthorized"
    assert all(r.headers["WWW-Authenticate"].startswith("Bearer") for r in refusals)
    assert ok.status == 200 and ok.body == {"owner": "owner", "prose": pm.NOTHING_KNOWN, "entries": []}
    assert doc.status == 200 and doc.body["openapi"].startswith("3.")   # the document needs no token
    assert page.status == 403            # a web page's request is refused, even with a good token
    assert not any("Access-Control-Allow-Origin" in r.headers for r in [*refusals, ok, page, doc])
    assert store.entries() == []
    log = (bea.paths.root / "logs" / "bea.log").read_text()
    assert good not in log and revoked not in log


def test_the_server_listens_on_loopback_only_by_default(bea, store, clock):
    from app.api.server import ApiServer
    assert ApiServer(store.verify, bea.blocking, clock=bea.clock.monotonic).host == "127.0.0.1"


# ---- the owner comes from the credential ------------------------------------------------------------------

def test_a_token_sees_only_its_owners_model_and_only_an_admin_may_ask_for_another(store, run):
    alice, bob = store.create_token("alice phone", owner="a"), store.create_token("bob phone", owner="b")
    admin = store.create_token("desk", owner="owner", admin=True)

    async def scenario(api):
        r = {"put": await api.put("/person/model/entries", alice, json=HOME)}
        before = snapshot(store, "a")
        r["bob model"] = await api.get("/person/model", bob)
        r["bob sync"] = await api.get("/person/model/sync", bob)
        r["bob delete"] = await api.delete("/person/model/entries/identity/home", bob)
        r["bob body owner"] = await api.put("/person/model/entries", bob, json={**HOME, "owner": "a"})
        r["bob ?owner"] = await api.get("/person/model?owner=a", bob)
        r["bob ?owner write"] = await api.put("/person/model/entries?owner=a", bob, json=HOME)
        r["admin write"] = await api.put("/person/model/entries?owner=a", admin,
                                         json={**HOME, "summary": "x"})
        unchanged = snapshot(store, "a") == before
        r["admin model"] = await api.get("/person/model?owner=a", admin)
        r["admin sync"] = await api.get("/person/model/sync?owner=a&limit=5", admin)
        r["admin senses"] = await api.get("/person/senses?owner=a", admin)
        r["admin own"] = await api.get("/person/model", admin)
        return r, unchanged

    r, unchanged = run(scenario)
    assert r["put"].status == 200
    assert r["bob model"].body["entries"] == [] and r["bob model"].body["owner"] == "b"
    assert r["bob sync"].body["changes"] == []
    assert r["bob delete"].status == 404
    assert r["bob body owner"].status == 400 and "'owner'" in r["bob body owner"].body["message"]
    assert r["bob ?owner"].status == 403 and r["bob ?owner write"].status == 403
    assert r["admin write"].status == 400
    assert unchanged and store.get("identity", "home", owner="a").summary == HOME["summary"]
    assert store.entries("b") == []
    assert [e["summary"] for e in r["admin model"].body["entries"]] == [HOME["summary"]]
    assert r["admin model"].body["owner"] == "a"
    assert [c["key"] for c in r["admin sync"].body["changes"]] == ["home"]
    assert r["admin senses"].status == 200
    assert r["admin own"].body["entries"] == []
    audited = [(token, action, owner) for _ts, token, action, owner, _detail in store.audit_log()]
    assert {("desk", f"read {what}", "a") for what in ("model", "sync", "senses")} <= set(audited)
    assert not any(action.startswith("read") and token != "desk" for token, action, _o in audited)
    assert not any(action.startswith("read") and owner != "a" for _t, action, owner in audited)


# ---- corrections and precedence ---------------------------------------------------------------------------

def test_a_manual_correction_outranks_an_agent_and_a_refusal_is_409_with_what_stands(store, clock, run):
    token = store.create_token("phone")

    async def scenario(api):
        r = {"manual": await api.put("/person/model/entries", token, json=HOME)}
        r["agent"] = await api.put("/person/model/entries", token,
                                   json={**HOME, "summary": "Lives in Oak Park", "source": "agent:planner"})
        r["agent new"] = await api.put("/person/model/entries", token, json={
            "section": "preferences", "key": "meetings", "summary": "Prefers morning meetings",
            "source": "agent:planner", "confidence": 0.6})
        r["manual over agent"] = await api.put("/person/model/entries", token, json={
            "section": "preferences", "key": "meetings", "summary": "Prefers afternoon meetings",
            "confidence": 0.2})
        r["model"] = await api.get("/person/model", token)
        return r

    r = run(scenario)
    assert r["manual"].status == 200 and r["manual"].body["accepted"] is True
    assert r["manual"].body["entry"]["source"] == "manual" and r["manual"].body["entry"]["confidence"] == 1
    assert r["manual"].body["entry"]["observed_at"] == clock.now
    refused = r["agent"]
    assert refused.status == 409 and refused.body["accepted"] is False
    assert refused.body["reason"] == "you set this yourself, so the planner did not change it"
    assert refused.body["standing"]["summary"] == "Lives at 14 Oak Street"
    assert refused.body["standing"]["source"] == "manual"
    assert "What stands: Lives at 14 Oak Street (they told us)" in refused.body["message"]
    assert store.get("identity", "home").summary == "Lives at 14 Oak Street"
    assert r["agent new"].status == 200
    assert r["manual over agent"].body["reason"] == "recorded, replacing what the planner had inferred"
    assert r["manual over agent"].body["entry"]["confidence"] == 1
    assert r["model"].body["prose"] == ("Who they are:\n- Lives at 14 Oak Street (they told us)\n\n"
                                        "What they prefer:\n- Prefers afternoon meetings (they told us)")


@pytest.mark.parametrize("body,words", [
    ({**HOME, "section": "hobbies"}, "body.section must be one of identity"),
    ({**HOME, "key": "   "}, "body.key does not have the expected form"),
    ({**HOME, "key": "k" * 121}, "body.key must be at most 120 characters"),
    ({**HOME, "summary": ""}, "body.summary must be at least 1 characters"),
    ({"section": "identity", "key": "home"}, "body needs a 'summary' field"),
    ({**HOME, "source": "sense:state"}, "body.source does not have the expected form"),
    ({**HOME, "source": "the cat"}, "body.source does not have the expected form"),
    ({**HOME, "source": "agent:\x1f\t"}, "body.source does not have the expected form"),  # schemathesis
    ({**HOME, "source": "manual\n"}, "body.source does not have the expected form"),
    ({**HOME, "key": "\x1f"}, "body.key does not have the expected form"),  # blank to str.strip()
    ({**HOME, "key": "İ" * 61}, "an entry's key must be 1-120 characters, got 122"),  # the store's own rule
    ({**HOME, "observed_at": T0}, "body has an unknown field 'observed_at'"),
    ({**HOME, "expires_in": 5e-324}, "body.expires_in must be at least 1"),  # schemathesis found it
    ({**HOME, "value": {"a": 1}, "confidence": "high"}, "body.confidence must be number"),
    ({**HOME, "confidence": 1.5}, "body.confidence must be at most 1"),
    ([HOME], "body must be object"),
])
def test_a_bad_entry_is_400_with_the_validation_message_and_stores_nothing(store, run, body, words):
    token = store.create_token("phone")
    before = snapshot(store)

    async def scenario(api):
        return await api.put("/person/model/entries", token, json=body)

    reply = run(scenario)
    assert reply.status == 400, reply.body
    assert words in reply.body["message"]
    assert snapshot(store) == before


def test_deleting_one_entry(store, run):
    token = store.create_token("phone")

    async def scenario(api):
        await api.put("/person/model/entries", token, json={**HOME, "key": "Home.City"})
        return [await api.delete("/person/model/entries/identity/HOME.city", token),
                await api.delete("/person/model/entries/identity/home.city", token),
                await api.delete("/person/model/entries/hobbies/home.city", token),
                await api.delete("/person/model/entries/identity/a%2Fb", token)]

    gone, again, bad_section, slash = run(scenario)
    assert gone.status == 200 and gone.body == {"deleted": True, "section": "identity", "key": "home.city"}
    assert again.status == 404 and bad_section.status == 400 and slash.status == 404
    assert store.entries() == []


# ---- the sync feed ----------------------------------------------------------------------------------------

def test_sync_pages_through_more_than_500_changes_with_limit_and_cursor(store, clock, run):
    token = store.create_token("watch")
    keys = {f"k{i:04d}" for i in range(1100)}
    for key in sorted(keys):
        store.write(pm.Entry("commitments", key, f"Owes {key}", source="manual", observed_at=clock.now))

    async def scenario(api):
        pages, since = [], 0
        while True:
            page = await api.get(f"/person/model/sync?since={since}&limit=500", token)
            pages.append(page.body)
            since = page.body["next"]
            if not page.body["more"]:
                break
        tail = await api.get(f"/person/model/sync?since={since}", token)
        default = await api.get("/person/model/sync", token)
        bad = [await api.get(f"/person/model/sync?{q}", token)
               for q in ("limit=501", "limit=0", "since=-1", "since=abc", "limit=1e3",
                         "since=99999999999999999999")]
        return pages, tail, default, bad

    pages, tail, default, bad = run(scenario)
    assert [len(p["changes"]) for p in pages] == [500, 500, 100]
    assert [p["more"] for p in pages] == [True, True, False] and not any(p["reset"] for p in pages)
    seqs = [c["seq"] for p in pages for c in p["changes"]]
    assert seqs == sorted(seqs) and len(set(seqs)) == 1100
    assert {c["key"] for p in pages for c in p["changes"]} == keys
    changes = [c for p in pages for c in p["changes"]]
    assert all(c["op"] == "put" and c["entry"]["summary"] == f"Owes {c['key']}" for c in changes)
    assert tail.body == {"changes": [], "next": pages[-1]["next"], "more": False, "reset": False}
    assert len(default.body["changes"]) == 500 and default.body["more"] is True
    assert [b.status for b in bad] == [400] * 6
    assert "limit must be a whole number from 1 to 500" in bad[0].body["message"]


def test_an_expired_entry_arrives_as_a_deletion_and_is_greyed_for_the_owner(store, clock, run):
    token = store.create_token("watch")

    async def scenario(api):
        await api.put("/person/model/entries", token, json={
            "section": "state", "key": "now", "summary": "Commuting", "expires_in": 600})
        first = await api.get("/person/model/sync", token)
        clock.now += 601
        model = await api.get("/person/model", token)
        after = await api.get(f"/person/model/sync?since={first.body['next']}", token)
        again = await api.get(f"/person/model/sync?since={after.body['next']}", token)
        return first, model, after, again

    first, model, after, again = run(scenario)
    assert [(c["op"], c["key"]) for c in first.body["changes"]] == [("put", "now")]
    assert model.body["prose"] == pm.NOTHING_KNOWN
    assert [(e["key"], e["expired"]) for e in model.body["entries"]] == [("now", True)]
    assert [(c["op"], c["section"], c["key"], c["entry"]) for c in after.body["changes"]] == \
        [("delete", "state", "now", None)]
    assert again.body["changes"] == [] and not again.body["reset"]


def test_forgetting_everything_needs_confirm_and_devices_get_reset(store, run):
    token = store.create_token("watch")

    async def scenario(api):
        await api.put("/person/model/entries", token, json=HOME)
        await api.put("/person/model/entries", token, json={**HOME, "key": "pronouns", "summary": "she/her"})
        held = await api.get("/person/model/sync", token)
        refused = [await api.delete("/person/model", token),
                   await api.delete("/person/model?confirm=false", token),
                   await api.delete("/person/model?confirm=yes", token)]
        kept = len(store.entries())
        purged = await api.delete("/person/model?confirm=true", token)
        after_purge = await api.get(f"/person/model/sync?since={held.body['next']}", token)
        await api.put("/person/model/entries", token, json={**HOME, "summary": "Lives in Turin"})
        caught_up = await api.get(f"/person/model/sync?since={after_purge.body['next']}", token)
        model = await api.get("/person/model", token)
        return held, refused, kept, purged, after_purge, caught_up, model

    held, refused, kept, purged, after_purge, caught_up, model = run(scenario)
    assert len(held.body["changes"]) == 2 and not held.body["reset"]
    assert [r.status for r in refused] == [400, 400, 400] and kept == 2
    assert "?confirm=true" in refused[0].body["message"]
    assert purged.status == 200 and purged.body == {"purged": 2}
    assert after_purge.body["reset"] is True and after_purge.body["changes"] == []
    assert caught_up.body["reset"] is False
    assert [(c["op"], c["entry"]["summary"]) for c in caught_up.body["changes"]] == \
        [("put", "Lives in Turin")]
    assert [e["summary"] for e in model.body["entries"]] == ["Lives in Turin"]
    assert any(action == "forgot everything" for _ts, _t, action, _o, _d in store.audit_log())


# ---- consent and observations -----------------------------------------------------------------------------

def test_switching_a_sense_off_deletes_what_it_concluded_and_its_signals(store, clock, run):
    token = store.create_token("phone")
    signals = [{**FOCUS, "at": clock.now - 120}, {**DRIVING, "at": clock.now - 60},
               {**SLEEP, "at": clock.now - 30}]

    async def scenario(api):
        r = {"senses": await api.get("/person/senses", token)}
        r["off"] = await api.post("/person/observations", token, json={"signals": signals})
        r["stored while off"] = (len(store.entries()), store.signal_count())
        await api.put("/person/model/entries", token, json={
            "section": "preferences", "key": "coffee", "summary": "Takes coffee black"})
        r["on"] = await api.put("/person/senses/state", token, json={"enabled": True})
        r["observed"] = await api.post("/person/observations", token, json={"signals": signals})
        r["model"] = await api.get("/person/model", token)
        r["cursor"] = (await api.get("/person/model/sync", token)).body["next"]
        r["switched off"] = await api.put("/person/senses/state", token, json={"enabled": False})
        r["after"] = await api.get("/person/model", token)
        r["feed"] = await api.get(f"/person/model/sync?since={r['cursor']}", token)
        r["senses after"] = await api.get("/person/senses", token)
        r["unknown"] = await api.put("/person/senses/location", token, json={"enabled": True})
        r["not a bool"] = await api.put("/person/senses/state", token, json={"enabled": "yes"})
        return r

    r = run(scenario)
    assert r["senses"].body["senses"] == [
        {"name": name, "enabled": False, "purpose": sense.purpose, "reads": list(sense.reads)}
        for name, sense in pm.SENSES.items()]
    assert r["off"].body == {"recorded": 0, "ignored": 3, "refused": 0, "applied": 0,
                             "reasons": ["focus: the state sense is switched off",
                                         "motion: the state sense is switched off",
                                         "sleep: the state sense is switched off"]}
    assert r["stored while off"] == (0, 0)
    assert r["on"].status == 200 and r["on"].body["enabled"] is True and r["on"].body["removed"] == 0
    assert r["observed"].body["recorded"] == 3 and r["observed"].body["applied"] == 2
    assert {(e["key"], e["source"]) for e in r["model"].body["entries"]} == \
        {("coffee", "manual"), ("now", "sense:state"), ("rest", "sense:state")}
    assert r["switched off"].body["removed"] == 2 and r["switched off"].body["enabled"] is False
    assert [e["key"] for e in r["after"].body["entries"]] == ["coffee"]
    assert store.signal_count() == 0
    assert sorted((c["op"], c["key"]) for c in r["feed"].body["changes"]) == [("delete", "now"),
                                                                             ("delete", "rest")]
    assert not any(s["enabled"] for s in r["senses after"].body["senses"])
    assert r["unknown"].status == 404 and "state, routine" in r["unknown"].body["message"]
    assert r["not a bool"].status == 400


def test_observations_are_counted_recorded_ignored_refused_and_applied(store, clock, run):
    token = store.create_token("phone")
    store.set_sense("state", True)
    signals = [
        {**FOCUS, "at": iso(clock.now - 600)},                          # recorded
        {**DRIVING, "at": clock.now - 300},                             # recorded: driving outranks a Focus
        SLEEP,                                                          # recorded, at "now"
        {"kind": "arrival", "at": iso(clock.now - 900), "payload": {"place": "work"}},  # routine off: ignored
        {"kind": "teleport", "payload": {}},                            # refused: unknown kind
        {**FOCUS, "at": iso(clock.now + 3600)},                         # refused: in the future
        {**FOCUS, "at": clock.now - 40 * 86400},                        # refused: older than 35 days
    ]

    async def scenario(api):
        counts = await api.post("/person/observations", token, json={"signals": signals})
        seed_name = await api.post("/person/observations", token, json={"observations": [FOCUS]})
        both = await api.post("/person/observations", token, json={"signals": [], "observations": []})
        neither = await api.post("/person/observations", token, json={})
        naive = await api.post("/person/observations", token,
                               json={"signals": [{**FOCUS, "at": "2027-01-15T08:00:00"}]})
        garbled = await api.post("/person/observations", token,
                                 json={"signals": [{**FOCUS, "at": "yesterday"}]})
        empty = await api.post("/person/observations", token, json={"signals": [{**FOCUS, "at": ""}]})
        unreal = await api.post("/person/observations", token,
                                json={"signals": [{**FOCUS, "at": "2027-02-30T08:00:00Z"}]})
        return counts, seed_name, both, neither, naive, garbled, empty, unreal

    counts, seed_name, both, neither, naive, garbled, empty, unreal = run(scenario)
    assert counts.status == 200
    body = counts.body
    assert (body["recorded"], body["ignored"], body["refused"], body["applied"]) == (3, 1, 3, 2)
    assert body["reasons"] == ["arrival: the routine sense is switched off",
                               "teleport: unknown signal kind 'teleport'", "focus: dated in the future",
                               "focus: older than the 35 days raw signals are kept"]
    now = store.get("state", "now")
    assert now.summary == "Driving" and now.source == "sense:state"
    assert store.get("state", "rest").summary == "Slept 6.2 hours"
    assert seed_name.status == 200 and seed_name.body["recorded"] == 1
    kept = store.signal_count()
    assert [r.status for r in (both, neither, naive, garbled, empty, unreal)] == [400] * 6
    assert "time zone" in naive.body["message"] and "signals[0].at" in garbled.body["message"]
    assert store.signal_count() == kept == 4


# ---- malformed and oversized bodies ------------------------------------------------------------------------

def test_malformed_json_and_oversized_bodies_are_refused_and_store_nothing(store, run):
    token = store.create_token("phone")
    store.write(pm.Entry("identity", "name", "Called Sam", source="manual", observed_at=1.0))
    json_type = {"Content-Type": "application/json"}
    big_entry = json.dumps({**HOME, "summary": "x" * 300, "value": {"notes": "y" * 8000}}).encode()
    big_signals = json.dumps({"signals": [{**FOCUS, "at": T0 - i} for i in range(200)]}).encode()

    async def chunks(data: bytes):
        for i in range(0, len(data), 1000):
            yield data[i:i + 1000]

    async def scenario(api):
        before = snapshot(store)
        replies = {
            "truncated entry": await api.put("/person/model/entries", token, headers=json_type,
                                             data=b'{"section": "identity", "key": "h'),
            "not json": await api.put("/person/model/entries", token, data=b"section=identity",
                                      headers=json_type),
            "NaN": await api.put("/person/model/entries", token,
                                 data=json.dumps({**HOME, "confidence": float("nan")}).encode(),
                                 headers=json_type),
            "bad utf-8": await api.put("/person/model/entries", token, data=b'{"section": "\xff"}',
                                       headers=json_type),
            "lone surrogate": await api.put("/person/model/entries", token, headers=json_type,
                                            data=json.dumps({**HOME, "summary": "a\ud800b"}).encode()),
            "empty": await api.put("/person/model/entries", token, data=b"", headers=json_type),
            "form": await api.put("/person/model/entries", token, data={"section": "identity"}),
            "truncated signals": await api.post("/person/observations", token, data=b'{"signals": [{"kind": ',
                                                headers=json_type),
            "truncated switch": await api.put("/person/senses/state", token, data=b'{"enabled": true',
                                              headers=json_type),
            "big entry": await api.put("/person/model/entries", token, data=big_entry, headers=json_type),
            "big signals": await api.post("/person/observations", token, data=big_signals, headers=json_type),
            "big chunked": await api.post("/person/observations", token, data=chunks(big_signals),
                                          headers=json_type),
        }
        after = snapshot(store)
        fine = await api.put("/person/model/entries", token, json=HOME)
        return before, replies, after, fine

    before, replies, after, fine = run(scenario, max_body_kb=4)
    statuses = {name: r.status for name, r in replies.items()}
    assert statuses == {"truncated entry": 400, "not json": 400, "NaN": 400, "bad utf-8": 400,
                        "lone surrogate": 400, "empty": 400,
                        "form": 415, "truncated signals": 400, "truncated switch": 400,
                        "big entry": 413, "big signals": 413, "big chunked": 413}
    assert all(r.body["error"] in ("malformed_json", "too_large", "unsupported_media_type")
               for r in replies.values())
    assert "at most 4 KB" in replies["big entry"].body["message"]
    assert after == before
    assert fine.status == 200   # the server is fine afterwards


def test_unknown_addresses_and_methods_answer_in_json(store, run):
    token = store.create_token("phone")

    async def scenario(api):
        return (await api.get("/person/nothing-here", token), await api.call("PATCH", "/person/model", token),
                await api.call("OPTIONS", "/person/model", headers={"Origin": "https://evil.example",
                                                                    "Access-Control-Request-Method": "GET"}))

    missing, wrong_method, preflight = run(scenario)
    assert missing.status == 404 and missing.body["error"] == "not_found"
    assert wrong_method.status == 405 and set(wrong_method.headers["Allow"].split(",")) == {"GET", "DELETE"}
    assert preflight.status == 403 and "Access-Control-Allow-Origin" not in preflight.headers


def test_the_openapi_document_describes_every_route(run):
    async def scenario(api):
        return await api.get("/openapi.json")

    doc = run(scenario).body
    ops = {(method.upper(), path) for path, item in doc["paths"].items() for method in item}
    assert ops == {("GET", "/api/v1/openapi.json"), ("GET", "/api/v1/person/model"),
                   ("PUT", "/api/v1/person/model/entries"),
                   ("DELETE", "/api/v1/person/model/entries/{section}/{key}"),
                   ("GET", "/api/v1/person/model/sync"), ("DELETE", "/api/v1/person/model"),
                   ("GET", "/api/v1/person/senses"), ("PUT", "/api/v1/person/senses/{name}"),
                   ("POST", "/api/v1/person/observations")}
    for path, item in doc["paths"].items():
        for op in item.values():
            needs_token = path != "/api/v1/openapi.json"
            assert (op["security"] == [{"bearerAuth": []}]) == needs_token
            assert ("401" in op["responses"]) == needs_token
    put = doc["paths"]["/api/v1/person/model/entries"]["put"]
    assert {"200", "400", "401", "409", "413", "415"} <= set(put["responses"])


def test_the_model_narrows_by_sections_and_words(store, run):
    token = store.create_token("phone")

    async def scenario(api):
        await api.put("/person/model/entries", token, json=HOME)
        await api.put("/person/model/entries", token, json={"section": "commitments", "key": "priya",
                                                           "summary": "Owes Priya the proposal by Friday"})
        return [await api.get(f"/person/model?{q}", token)
                for q in ("sections=commitments", "sections=state,identity", "query=priya%20proposal",
                          "query=oak&sections=commitments", "sections=", "sections=identity,",
                          "sections=Identity")]

    commitments, two, words, none, *bad = run(scenario)
    assert commitments.body["prose"] == \
        "Open commitments:\n- Owes Priya the proposal by Friday (they told us)"
    assert [e["key"] for e in two.body["entries"]] == ["home"]
    assert [e["key"] for e in words.body["entries"]] == ["priya"]
    assert none.body["prose"] == 'Nothing is known about them in commitments matching "oak".'
    assert [b.status for b in bad] == [400, 400, 400]   # an empty ?sections= is what schemathesis found


@pytest.mark.parametrize("text,expected", [
    ("2026-09-15T08:55:00Z", 1789462500.0),
    ("2026-09-15t08:55:00z", 1789462500.0),
    ("2026-09-15 10:55:00+02:00", 1789462500.0),
    ("2026-09-15T08:55:00.123456789Z", 1789462500.123456),
    ("2016-12-31T23:59:60Z", 1483228800.0),   # a leap second
])
def test_signal_times_read_as_rfc_3339(text, expected):
    from app.api.person_routes import _moment
    assert _moment(text, 0.0, "at") == pytest.approx(expected)


@pytest.mark.parametrize("text", ["", "yesterday", "2026-09-15", "2026-09-15T08:55Z", "2026-13-01T00:00:00Z",
                                  "2026-09-15T08:55:00+24:00", "2026-09-15T08:55:00"])
def test_anything_else_is_not_a_signal_time(text):
    from app.api.person_routes import _moment
    from app.api.server import ApiError
    with pytest.raises(ApiError) as err:
        _moment(text, 0.0, "at")
    assert err.value.status == 400
