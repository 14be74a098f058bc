"""The person model on the real encrypted store: precedence, the sync feed, consent, observers, devices."""

import json
from datetime import UTC, timedelta, timezone

import pytest

from app.core import person_model as pm
from app.core.person_model import Entry, Signal
from app.memory.person_store import PersonStore, token_hash

NOW = 1_800_000_000.0


@pytest.fixture
def clock():
    return [NOW]


@pytest.fixture
def store(bea, clock):
    return PersonStore(bea.db, clock=lambda: clock[0], zone=lambda: UTC)


def entry(key="home_city", summary="lives in Turin", source="manual", at=NOW - 10, **kw) -> Entry:
    return Entry("identity", key, summary, source=source, observed_at=at, **kw)


def test_manual_outranks_an_agent_and_the_refusal_says_what_stands(store):
    assert store.write(entry()).accepted
    refused = store.write(entry(summary="lives in Milan", source="agent:planner", at=NOW))
    assert not refused.accepted and "you set this yourself" in refused.message
    assert store.get("identity", "HOME_CITY ").summary == "lives in Turin"
    assert store.write(entry(summary="lives in Rome", at=NOW)).accepted  # the owner corrects their own


def test_bad_entries_leave_the_store_untouched(store):
    store.write(entry())
    with pytest.raises(pm.PersonModelError):
        store.write(Entry("hobbies", "x", "y", source="manual", observed_at=NOW))
    with pytest.raises(pm.PersonModelError):
        store.write(entry(key="", summary="nothing"))
    assert [e.key for e in store.entries()] == ["home_city"]
    assert store.count() == 1 and store.count("someone else") == 0


def test_the_sync_feed_pages_and_reports_expiry_and_purge(store, clock):
    for i in range(7):
        store.write(entry(key=f"k{i}", summary=f"fact {i}"))
    store.write(Entry("state", "now", "driving", source="sense:state", observed_at=NOW - 60, expires_at=NOW + 60))
    first = store.sync(0, limit=5)
    assert [c.key for c in first.changes] == ["k0", "k1", "k2", "k3", "k4"] and first.more and not first.reset
    rest = store.sync(first.next, limit=5)
    assert [c.key for c in rest.changes] == ["k5", "k6", "now"] and not rest.more
    assert rest.changes[-1].entry["summary"] == "driving"
    assert store.sync(rest.next).changes == []
    clock[0] = NOW + 61                                   # the state expired: it arrives as a deletion, once
    expired = store.sync(rest.next)
    assert [(c.op, c.section, c.key) for c in expired.changes] == [("delete", "state", "now")]
    assert store.sync(expired.next).changes == []
    assert store.get("state", "now") is not None          # kept (shown greyed to the owner)
    store.delete("identity", "k0")
    assert [(c.op, c.key) for c in store.sync(expired.next).changes] == [("delete", "k0")]
    assert store.purge() == 7
    after = store.sync(expired.next)
    assert after.reset and after.changes == [] and store.entries() == []
    store.write(entry(key="fresh"))
    assert [c.key for c in store.sync(after.next).changes] == ["fresh"] and not store.sync(after.next).reset
    with pytest.raises(ValueError, match="limit is 1 to 500"):
        store.sync(0, limit=501)


def test_senses_are_off_until_switched_on_and_off_forgets_what_they_concluded(store):
    drive = [Signal("motion", NOW - 30, {"activity": "driving"})]
    assert store.senses() == {"state": False, "routine": False, "voice": False}
    ignored = store.observe(drive)
    assert (ignored.recorded, ignored.ignored, ignored.applied) == (0, 1, 0) and store.signal_count() == 0
    store.set_sense("state", True)
    counts = store.observe([*drive, Signal("motion", NOW + 3600, {"activity": "driving"}),
                            Signal("teleport", NOW, {})])
    assert (counts.recorded, counts.refused, counts.applied) == (1, 2, 1)
    assert store.get("state", "now").value == {"now": "driving"} and store.get("state", "now").source == "sense:state"
    store.write(entry())
    assert store.set_sense("state", False) == 1
    assert store.get("state", "now") is None and store.signal_count() == 0 and store.get("identity", "home_city")
    with pytest.raises(ValueError, match="no sense called"):
        store.set_sense("telepathy", True)


def test_raw_signals_are_kept_35_days_at_most(store, clock):
    store.set_sense("state", True)
    store.observe([Signal("sleep", NOW - 34 * 86400, {"hours": 7})])
    assert store.signal_count() == 1
    clock[0] = NOW + 2 * 86400
    store.observe([])
    assert store.signal_count() == 0


def test_her_routine_is_read_in_the_streamers_zone_the_store_was_given(bea, clock):
    store = PersonStore(bea.db, clock=lambda: clock[0], zone=lambda: timezone(timedelta(hours=2)))
    store.set_sense("routine", True)
    midnight = NOW - NOW % 86400
    store.observe([Signal("departure", midnight - week * 7 * 86400 + 6 * 3600 + 600, {"place": "home"})
                   for week in range(1, 5)])   # four Fridays at 06:10 UTC
    assert [e.summary for e in store.entries() if e.section == "routine"] == ["Friday leaves home around 08:10"]


def test_device_tokens_are_shown_once_and_stored_hashed(bea, store):
    token = store.create_token("phone")
    assert token.startswith("bea_") and store.verify(token).name == "phone" and store.verify("bea_nope") is None
    stored = bea.db.read(lambda c: c.execute("SELECT hash FROM api_tokens").fetchall())
    assert stored == [(token_hash(token),)] and token not in json.dumps(stored)
    with pytest.raises(ValueError, match="already has a token"):
        store.create_token("phone")
    assert store.revoke_token("phone") and store.verify(token) is None and not store.revoke_token("phone")
    assert [a[2] for a in store.audit_log()] == ["token revoked", "token created"]


def test_a_voice_print_switches_the_voice_sense_on_and_switching_it_off_deletes_the_print(store):
    assert store.voice_print() is None and store.senses()["voice"] is False
    store.keep_voice_print(b'{"a voice print": 1}')
    assert store.voice_print() == b'{"a voice print": 1}' and store.senses()["voice"] is True
    store.keep_voice_print(b"a newer one")                        # read again: the new print replaces the old
    assert store.voice_print() == b"a newer one"
    assert store.set_sense("state", False) == 0 and store.voice_print() == b"a newer one"   # another sense: kept
    assert store.set_sense("voice", False) == 1
    assert store.voice_print() is None and store.senses()["voice"] is False
