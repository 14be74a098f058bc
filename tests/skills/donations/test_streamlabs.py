"""Streamlabs tips through its socket API, against a fake Socket.IO 2 server written from the protocol: a tip
is stored once and reaches her, amounts stay exact, test alerts and relayed Twitch events are left out, a bad
event stores nothing and keeps the link, a refused token stops the client, a drop or a silent server is
redialled, and privacy mode refuses the real host."""

from __future__ import annotations

import asyncio
from decimal import Decimal

from app.core.events import EventKind
from app.core.perception import Meta
from app.skills.platform.link import State
from tests.skills.donations.fake_streamlabs import FakeStreamlabs, donation
from tests.waiting import until


async def link(bea, server: FakeStreamlabs, token: str = "good-token"):
    skill = bea.skills["donations"]
    await skill.start()
    skill.set_streamlabs_token(token)
    bea.settings.set("skills.donations.streamlabs_server", server.base)
    bea.settings.set("skills.donations.streamlabs", True)
    await until(lambda: skill.streamlabs is not None)
    return skill


def errors(bea) -> list[str]:
    return [e.text for e in bea.bus.recent([EventKind.ERROR])]


def test_a_tip_is_stored_once_and_reaches_her_while_the_link_stays_alive(bea):
    async def go():
        server = FakeStreamlabs(ping_interval_ms=100, ping_timeout_ms=400)
        await server.start()
        skill = await link(bea, server)
        await until(lambda: skill.streamlabs_state[0] == "connected")
        await server.emit(donation())
        await server.emit(donation())                                   # the same _id again
        await server.emit(donation("t1", name="Tester", isTest=True))   # a dashboard test alert
        await server.emit({"type": "bits", "for": "twitch_account",     # Twitch, relayed: Bea hears it herself
                           "message": [{"name": "viewer", "amount": "100", "_id": "b1"}]})
        await server.emit(None, raw='42["event",{"type":"donation","message":[{"_id":"n1","from":"Ann",'
                                    '"amount":13.37,"currency":"USD","message":"a JSON number"}]}]')
        await until(lambda: len(bea.mind.bus.pending()) == 2)
        await asyncio.sleep(0.3)
        pending = bea.mind.bus.pending()
        state, pings = skill.streamlabs_state, server.pings
        await skill.stop()
        await server.stop()
        return pending, state, pings, server.queries

    pending, state, pings, queries = asyncio.run(go())
    assert [p.content for p in pending] == ["[Giulia] (donated 13.37 EUR on Streamlabs) ciao Bea!",
                                            "[Ann] (donated 13.37 USD on Streamlabs) a JSON number"]
    assert pending[0].meta[Meta.DONATION] == {"amount": "13.37", "currency": "EUR", "platform": "streamlabs"}
    assert pending[0].meta[Meta.MESSAGE_ID] == "streamlabs:5f0c1"
    people = bea.skills["people"]
    assert people.people.donations_of(people.card_of("streamlabs:giulia").person_id) == {"EUR": Decimal("13.37")}
    assert people.card_of("streamlabs:tester") is None                  # no card for a test alert
    assert state == ("connected", "") and pings >= 2                    # she pings; the server answers
    assert queries == [{"token": "good-token", "EIO": "3", "transport": "websocket"}]


def test_a_bad_event_stores_nothing_says_why_and_the_next_tip_still_arrives(bea):
    async def go():
        server = FakeStreamlabs()
        await server.start()
        skill = await link(bea, server)
        await until(lambda: skill.streamlabs_state[0] == "connected")
        await server.emit({"type": "donation", "message": [{"_id": "x1", "from": "Ann", "amount": "5.00"}]})
        await server.emit({"type": "donation", "message": [{"_id": "x2", "from": "Bo", "amount": "5.001",
                                                            "currency": "EUR"}]})
        await server.emit(None, raw='42["event",{"type":"donation","type":"donation","message":[]}]')
        await server.emit(donation("x3", name="Cleo", amount="2.50"))
        await until(lambda: len(bea.mind.bus.pending()) == 1)
        state = skill.streamlabs_state[0]
        await skill.stop()
        await server.stop()
        return state

    assert asyncio.run(go()) == "connected"
    assert [p.content for p in bea.mind.bus.pending()] == ["[Cleo] (donated 2.50 EUR on Streamlabs) ciao Bea!"]
    said = errors(bea)
    assert any("currency must be a 3-letter" in e for e in said)
    assert any("EUR amounts have at most 2 decimal places" in e for e in said)
    assert any("appears twice" in e for e in said)
    people = bea.skills["people"]
    assert people.card_of("streamlabs:ann") is None and people.card_of("streamlabs:bo") is None


def test_a_refused_token_stops_the_client_and_says_so(bea):
    async def go(refuse):
        server = FakeStreamlabs(refuse=refuse)
        await server.start()
        skill = await link(bea, server, token="wrong")
        await until(lambda: skill.streamlabs_state[0] == State.AUTH_FAILED)
        await asyncio.sleep(1.5)                                          # no redialling
        state = skill.streamlabs_state
        await skill.stop()
        await server.stop()
        return state, len(server.queries)

    for refuse, words in (("http", "HTTP 401"), ("packet", "the socket token is not valid")):
        (state, why), dials = asyncio.run(go(refuse))
        assert state == State.AUTH_FAILED and words in why and dials == 1
        assert any("Streamlabs refused the socket token" in e for e in errors(bea))
        bea.settings.set("skills.donations.streamlabs", False)


def test_a_dropped_or_silent_link_is_redialled(bea):
    async def go():
        server = FakeStreamlabs(ping_interval_ms=100, ping_timeout_ms=200)
        await server.start()
        skill = await link(bea, server)
        await until(lambda: skill.streamlabs_state[0] == "connected")
        await server.drop()                                                 # the server hangs up
        await until(lambda: len(server.queries) == 2 and skill.streamlabs_state[0] == "connected")
        server.answer_pings = False                                         # then goes silent
        await until(lambda: skill.streamlabs_state[0] == "retrying", timeout=5)
        why = skill.streamlabs_state[1]
        server.answer_pings = True
        await until(lambda: len(server.queries) == 3 and skill.streamlabs_state[0] == "connected")
        await server.emit(donation("after"))
        await until(lambda: len(bea.mind.bus.pending()) == 1)
        await skill.stop()
        await server.stop()
        return why

    why = asyncio.run(go())
    assert "silent" in why and "trying again in" in why


def test_privacy_mode_refuses_the_streamlabs_host_and_no_token_is_a_clear_state(bea):
    skill = bea.skills["donations"]

    async def go():
        await skill.start()
        bea.settings.set("privacy.enabled", True)
        bea.settings.set("skills.donations.streamlabs", True)     # the real host, and no token yet
        await until(lambda: skill.streamlabs is not None and skill.streamlabs_state[0] == "no token")
        skill.set_streamlabs_token("good-token")
        await until(lambda: skill.streamlabs_state[0] == "refused")
        state = skill.streamlabs_state
        await skill.stop()
        return state

    state, why = asyncio.run(go())
    assert state == "refused" and "Streamlabs donations" in why
    assert any("no Streamlabs socket token is set" in e for e in errors(bea))


def test_a_setting_changed_before_the_skill_starts_or_after_it_stops_opens_no_link(bea):
    """A first start that only writes settings (the stream in a box's set-up, `settings set`) and then closes the
    store must leave nothing behind that reads the closed store later."""
    skill = bea.skills["donations"]

    async def go():
        bea.settings.set("skills.donations.streamlabs", True)
        await asyncio.sleep(0.2)
        before_start = skill.streamlabs
        await skill.start()
        await skill.stop()
        bea.settings.set("skills.donations.streamlabs_server", "http://127.0.0.1:9")
        await asyncio.sleep(0.2)
        return before_start, skill.streamlabs

    assert asyncio.run(go()) == (None, None)
