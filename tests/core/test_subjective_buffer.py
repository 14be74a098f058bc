"""The subjective buffer, serialised viewer-relative (app.core.subjective_buffer)."""

from datetime import UTC, datetime

import pytest

from app.core.aliases import Alias, resolve_alias
from app.core.subjective_buffer import (
    BufferEntry,
    Intent,
    Outcome,
    consolidated_source,
    intent_from_json,
    intent_json,
    serialise,
    to_consolidate,
)

NOON = datetime(2026, 12, 2, 12, 3, 0, tzinfo=UTC).timestamp()
ALIASES = {"bob": Alias("the hooded figure", "described")}


def view(viewer):
    return lambda target: resolve_alias(viewer, target, ALIASES if viewer == "alice" else {})


def test_an_action_with_its_outcome_from_a_viewer_who_knows_the_actor_by_sight():
    e = BufferEntry("alice", NOON, "tavern", Intent("action", "bob", (), "opened the wooden chest"), Outcome(True))
    assert serialise(e, view("alice")) == "[12:03:00 PM] the hooded figure opened the wooden chest (Outcome: Succeeded)"
    failed = BufferEntry("alice", NOON, None, Intent("action", "bob", (), "picked the lock"), Outcome(False, "rusty"))
    assert serialise(failed, view("alice")).endswith("picked the lock (Outcome: Failed - rusty)")


def test_dialogue_from_the_owners_side_names_nobody_by_id():
    e = BufferEntry("alice", NOON + 70, "tavern", Intent("dialogue", "alice", ("carol",), "hello"))
    assert serialise(e, view("alice")) == '[12:04:10 PM] you spoke to an unfamiliar figure: "hello"'
    assert serialise(e, view("bob")) == '[12:04:10 PM] an unfamiliar figure spoke to an unfamiliar figure: "hello"'


def test_intents_round_trip_and_refuse_nonsense():
    intent = Intent("dialogue", "twitch:1", ("bea",), "ciao è bello")
    assert intent_from_json(intent_json(intent)) == intent
    with pytest.raises(ValueError, match="dialogue or an action"):
        Intent("gossip", "a", (), "x")


def test_consolidation_keeps_the_newest_verbatim():
    assert to_consolidate(199) == 0
    assert to_consolidate(200) == 150
    assert to_consolidate(10, keep=3, at=10) == 7
    entries = [BufferEntry("bea", 0, None, Intent("dialogue", a, (), "x")) for a in ("bea", "twitch:1")]
    assert consolidated_source(entries, "bea") == ["bea", "person"]
