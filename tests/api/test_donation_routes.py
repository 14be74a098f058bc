"""The donation webhooks through a real client against the real server: Ko-fi's form and the JSON POST each
with its own secret from the keyring, a card minted at once and a perception for her, a repeated delivery
counted once, and every refusal (400, 401, 403, 413, 415, 503) leaving the database exactly as it was."""

from __future__ import annotations

import asyncio
import contextlib
import json
import ssl
from decimal import Decimal
from urllib.parse import urlencode

import aiohttp
import pytest

from app.api import donation_routes, registry
from app.api.server import ApiServer
from app.core.perception import Meta, PerceptionKind
from app.skills.donations.skill import DONATION_SALIENCE
from tests.api.conftest import Client


def kofi_data(token: str, **over) -> dict:
    data = {"verification_token": token, "message_id": "c7a1-0001", "timestamp": "2027-01-15T10:00:00Z",
            "type": "Donation", "is_public": True, "from_name": "Marco", "message": "per il caffè!",
            "amount": "5.00", "url": "https://ko-fi.com/Home/CoffeeShop?txid=x", "email": "m@example.com",
            "currency": "EUR", "is_subscription_payment": False, "is_first_subscription_payment": False,
            "kofi_transaction_id": "0a1b", "shop_items": None, "tier_name": None, "shipping": None}
    data.update(over)
    return data


def kofi_form(token: str, **over) -> str:
    return urlencode({"data": json.dumps(kofi_data(token, **over))})


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def generic(secret: str, **over) -> dict:
    return {"id": "tip-42", "name": "Giulia", "amount": "0.10", "currency": "USD", "message": "ciao", "secret": secret,
            **over}


def snapshot(bea) -> dict:
    """Every row of every table: what a refused delivery must leave as it was."""
    def run(c):
        tables = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: c.execute(f"SELECT * FROM \"{t}\"").fetchall() for t in tables if t != "runs"}
    return bea.db.read(run)


@pytest.fixture
def skill(bea):
    return bea.skills["donations"]


@pytest.fixture
def secrets(skill):
    return {"kofi": skill.create_secret("kofi"), "json": skill.create_secret("json")}


@contextlib.asynccontextmanager
async def serving(bea, max_body_kb: int = 256):
    server = ApiServer(bea.person_store.verify, bea.blocking, max_body=max_body_kb * 1024, clock=bea.clock.monotonic)
    registry.installers()["donations"](bea, server)       # the way the app adds them
    await server.start()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{server.port}") as http:
            yield Client(http, server)
    finally:
        await server.stop()


def run(bea, scenario, max_body_kb: int = 256):
    async def main():
        async with serving(bea, max_body_kb) as api:
            return await scenario(api)
    return asyncio.run(main())


def donations_pending(bea):
    return [p for p in bea.mind.bus.pending() if p.meta.get(Meta.DONATION)]


def test_a_kofi_donation_is_stored_once_mints_a_card_and_addresses_her(bea, skill, secrets):
    async def scenario(api):
        first = await api.post("/donations/kofi", data=kofi_form(secrets["kofi"]), headers=FORM)
        after_first = snapshot(bea)
        again = await api.post("/donations/kofi", data=kofi_form(secrets["kofi"]), headers=FORM)
        return first, after_first, again

    first, after_first, again = run(bea, scenario)
    assert first.status == 200 and first.body == {"status": "stored", "delivery_id": "c7a1-0001"}
    assert again.status == 200 and again.body == {"status": "duplicate", "delivery_id": "c7a1-0001"}
    assert snapshot(bea) == after_first                    # the retry changed nothing
    people = bea.skills["people"]
    card = people.card_of("kofi:marco")
    assert card is not None and card.reason == "donation"
    assert people.people.donations_of(card.person_id) == {"EUR": Decimal("5.00")}
    [p] = donations_pending(bea)                          # one perception, not two
    assert p.kind is PerceptionKind.CHAT and p.salience == DONATION_SALIENCE
    assert p.meta[Meta.DONATION] == {"amount": "5.00", "currency": "EUR", "platform": "kofi"}
    assert p.content == "[Marco] (donated 5.00 EUR on Ko-fi) per il caffè!"
    assert p.author.identity == "kofi:marco" and p.tallied
    assert "addressed: donation" in bea.mind.gate.annotate([p])[0].reasons
    log = (bea.paths.root / "logs" / "bea.log").read_text()
    assert secrets["kofi"] not in log


def test_a_json_donation_is_exact_and_its_delivery_counts_once(bea, skill, secrets):
    async def scenario(api):
        return [await api.post("/donations/json", json=generic(secrets["json"])),
                await api.post("/donations/json", json=generic(secrets["json"], amount="999.00")),
                await api.post("/donations/json", json=generic(secrets["json"], id="tip-43", amount="7"))]

    stored, repeat, other = run(bea, scenario)
    assert (stored.status, stored.body["status"]) == (200, "stored")
    assert (repeat.status, repeat.body["status"]) == (200, "duplicate")   # same id: not counted again
    assert (other.status, other.body["status"]) == (200, "stored")
    people = bea.skills["people"]
    assert people.people.donations_of(people.card_of("generic:giulia").person_id) == {"USD": Decimal("7.10")}
    assert [p.meta[Meta.DONATION]["amount"] for p in donations_pending(bea)] == ["0.10", "7.00"]


@pytest.mark.parametrize("route, body, reason", [
    ("json", {"amount": 5}, "not a JSON number"),
    ("json", {"amount": "5,00"}, "plain decimal"),
    ("json", {"amount": "0.00"}, "more than zero"),
    ("json", {"amount": "5.001"}, "at most 2 decimal places"),
    ("json", {"currency": "eur"}, "currency"),
    ("json", {"id": ""}, "id is missing"),
    ("kofi", {"type": "Refund"}, "unknown Ko-fi type"),
    ("kofi", {"amount": "1e3"}, "plain decimal"),
    ("kofi", {"is_public": "yes"}, "is_public"),
])
def test_a_bad_payload_is_400_with_the_reason_and_nothing_is_stored(bea, skill, secrets, route, body, reason):
    before = snapshot(bea)

    async def scenario(api):
        if route == "json":
            return await api.post("/donations/json", json=generic(secrets["json"], **body))
        return await api.post("/donations/kofi", data=kofi_form(secrets["kofi"], **body), headers=FORM)

    r = run(bea, scenario)
    assert r.status == 400 and r.body["error"] == "invalid" and reason in r.body["message"]
    assert snapshot(bea) == before and donations_pending(bea) == []


def test_malformed_bodies_are_400_and_store_nothing(bea, skill, secrets):
    before = snapshot(bea)

    async def scenario(api):
        return [await api.post("/donations/json", data=b"{not json", headers={"Content-Type": "application/json"}),
                await api.post("/donations/json", data=b'{"id": "a", "id": "b"}',
                               headers={"Content-Type": "application/json"}),
                await api.post("/donations/json", json=["a list"]),
                await api.post("/donations/kofi", data="other=1", headers=FORM),
                await api.post("/donations/kofi", data=urlencode([("data", "{}"), ("data", "{}")]), headers=FORM),
                await api.post("/donations/kofi", data=b"data=%ff%fe", headers=FORM)]

    replies = run(bea, scenario)
    assert [r.status for r in replies] == [400] * 6, [r.body for r in replies]
    assert all(r.body["message"] for r in replies)
    assert snapshot(bea) == before and donations_pending(bea) == []


def test_a_missing_secret_is_401_a_wrong_one_403_and_neither_stores_anything(bea, skill, secrets):
    token = bea.person_store.create_token("phone")
    before = snapshot(bea)

    async def scenario(api):
        return {"missing": await api.post("/donations/json", json={**generic(""), "secret": None}),
                "wrong": await api.post("/donations/json", json=generic(secrets["json"] + "x")),
                "the other kind's": await api.post("/donations/json", json=generic(secrets["kofi"])),
                "kofi missing": await api.post("/donations/kofi", data=kofi_form(""), headers=FORM),
                "kofi wrong": await api.post("/donations/kofi", data=kofi_form("guess"), headers=FORM),
                "a bearer token is no secret": await api.post(
                    "/donations/json", json={k: v for k, v in generic("").items() if k != "secret"},
                    token=token)}

    r = run(bea, scenario)
    assert {k: v.status for k, v in r.items()} == {"missing": 401, "wrong": 403, "the other kind's": 403,
                                                   "kofi missing": 401, "kofi wrong": 403,
                                                   "a bearer token is no secret": 401}
    assert snapshot(bea) == before and donations_pending(bea) == []


def test_no_secret_set_refuses_every_delivery_and_a_replaced_secret_stops_at_once(bea, skill):
    async def scenario(api):
        unset = await api.post("/donations/json", json=generic("anything"))
        old = skill.create_secret("json")
        new = skill.create_secret("json")
        return unset, await api.post("/donations/json", json=generic(old)), \
            await api.post("/donations/json", json=generic(new))

    before = snapshot(bea)
    unset, old, new = run(bea, scenario)
    assert unset.status == 403 and "no shared secret" in unset.body["message"]
    assert old.status == 403
    assert new.status == 200 and new.body["status"] == "stored"
    assert snapshot(bea) != before


def test_size_and_type_limits_hold_and_store_nothing(bea, skill, secrets):
    before = snapshot(bea)

    async def scenario(api):
        big = generic(secrets["json"], message="x" * (70 * 1024))
        return [await api.post("/donations/json", json=big),
                await api.post("/donations/kofi", data=kofi_form(secrets["kofi"], message="x" * 70_000),
                               headers=FORM),
                await api.post("/donations/json", data=kofi_form(secrets["kofi"]), headers=FORM),
                await api.post("/donations/kofi", json=kofi_data(secrets["kofi"]))]

    too_big_json, too_big_form, form_as_json, json_as_form = run(bea, scenario)
    assert too_big_json.status == 413 and too_big_form.status == 413
    assert too_big_json.body["error"] == "too_large"
    assert form_as_json.status == 415 and json_as_form.status == 415
    assert snapshot(bea) == before

    async def over_the_server_limit(api):
        return await api.post("/donations/json", json=generic(secrets["json"], message="x" * 20_000))
    assert run(bea, over_the_server_limit, max_body_kb=8).status == 413
    assert snapshot(bea) == before and donations_pending(bea) == []


def test_with_the_skill_or_social_memory_off_a_delivery_waits_for_a_retry(bea, skill, secrets):
    before = snapshot(bea)

    async def scenario(api):
        bea.settings.set("skills.people.enabled", False)
        no_people = await api.post("/donations/json", json=generic(secrets["json"]))
        bea.settings.set("skills.people.enabled", True)
        bea.settings.set("skills.donations.enabled", False)
        off = await api.post("/donations/json", json=generic(secrets["json"]))
        bea.settings.set("skills.donations.enabled", True)
        return no_people, off, await api.post("/donations/json", json=generic(secrets["json"]))

    no_people, off, retried = run(bea, scenario)
    assert no_people.status == 503 and off.status == 503
    assert retried.status == 200 and retried.body["status"] == "stored"    # the retry is not a "duplicate"
    assert before != snapshot(bea) and len(donations_pending(bea)) == 1


def test_the_openapi_document_lists_both_webhooks_without_a_bearer_token(bea, skill):
    async def scenario(api):
        return await api.get("/openapi.json")

    doc = run(bea, scenario).body
    for path, media in (("/api/v1/donations/kofi", "application/x-www-form-urlencoded"),
                        ("/api/v1/donations/json", "application/json")):
        op = doc["paths"][path]["post"]
        assert op["security"] == [] and media in op["requestBody"]["content"]
        assert {"200", "400", "401", "403", "413", "415"} <= set(op["responses"])
    assert skill.url("kofi").endswith("/api/v1/donations/kofi")


def test_the_route_module_installs_on_a_server_and_the_skill_learns_its_port(bea, skill):
    server = ApiServer(bea.person_store.verify, bea.blocking, clock=bea.clock.monotonic)
    donation_routes.install(server, skill)

    async def go():
        await server.start()
        try:
            return skill.url("json")
        finally:
            await server.stop()
    assert asyncio.run(go()) == f"http://127.0.0.1:{server.port}/api/v1/donations/json"


def test_in_lan_mode_the_webhook_address_shown_is_https(bea, skill):
    """LAN mode serves the API over TLS only, loopback included: the address the settings page shows says so."""
    server = ApiServer(bea.person_store.verify, bea.blocking,
                       ssl_context=ssl.create_default_context(ssl.Purpose.CLIENT_AUTH), clock=bea.clock.monotonic)
    donation_routes.install(server, skill)
    assert skill.url("kofi").startswith("https://127.0.0.1:") and skill.url("kofi").endswith("/api/v1/donations/kofi")
