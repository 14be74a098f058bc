"""The perception contract: identity is the truth, meta is read-only, and the helpers read the right keys."""

import dataclasses

import pytest

from app.core.perception import Author, Meta, Perception, PerceptionKind


def chat(content="[marco] ciao bea", **meta):
    return Perception(PerceptionKind.CHAT, "twitch:chat", content, meta=meta,
                      author=Author("twitch", "4711", "marco"))


def test_identity_is_platform_and_native_id():
    assert Author("discord", "4711", "marco").identity == "discord:4711"


@pytest.mark.parametrize("a,b,same", [
    (Author("twitch", "4711", "marco"), Author("twitch", "4711", "Marco_Rossi"), True),   # renamed
    (Author("twitch", "4711", "marco"), Author("discord", "4711", "marco"), False),       # other platform
    (Author("twitch", "4711", "marco"), Author("twitch", "4712", "marco"), False),        # namesake
])
def test_authors_are_equal_by_identity_only(a, b, same):
    assert (a == b) is same
    if same:
        assert hash(a) == hash(b)


def test_meta_cannot_change_after_the_perception_is_made():
    source = {"conversation_key": "twitch:#bea"}
    p = chat(**source)
    source["conversation_key"] = "elsewhere"
    assert p.conversation_key == "twitch:#bea"
    with pytest.raises(TypeError):
        p.meta["addressed"] = True  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.content = "changed"  # type: ignore[misc]


def test_perceptions_can_be_hashed_despite_their_meta():
    assert len({chat(message_id="1"), chat(message_id="1")}) == 1


@pytest.mark.parametrize("meta,expected", [
    ({}, dict(conversation_key="twitch:chat", addressed=False, noise=False, tallied=False,
              message_id=None, reply_to=None, text="[marco] ciao bea")),
    ({Meta.CONVERSATION_KEY: "discord:123", Meta.ADDRESSED: True, Meta.NOISE: True, Meta.TALLIED: True,
      Meta.MESSAGE_ID: 42, Meta.REPLY_TO: "m-7", Meta.TEXT: "ciao bea"},
     dict(conversation_key="discord:123", addressed=True, noise=True, tallied=True,
          message_id="42", reply_to="m-7", text="ciao bea")),
])
def test_meta_helpers(meta, expected):
    p = chat(**meta)
    assert {name: getattr(p, name) for name in expected} == expected


def test_annotated_returns_a_copy_with_priority_and_reasons():
    p = chat()
    q = p.annotated(0.7, ("question",))
    assert (p.priority, p.reasons) == (None, ())
    assert (q.priority, q.reasons) == (0.7, ("question",))
    assert q.meta == p.meta and q.author == p.author and q.content == p.content


@pytest.mark.parametrize("salience", [-0.1, 1.5])
def test_salience_out_of_range_is_a_sense_bug(salience):
    with pytest.raises(ValueError, match="salience"):
        Perception(PerceptionKind.GAME, "minecraft", "creeper", salience=salience)


def test_a_written_conversation_names_where_send_message_answers_it():
    p = Perception(PerceptionKind.CHAT, "telegram", "[marco] ciao", author=Author("telegram", "77", "marco"),
                   meta={Meta.WRITTEN: True, Meta.CONVERSATION_KEY: "telegram:-100123:7",
                         Meta.PLACE: "the group Night Owls"})
    assert p.written and p.destination == ("telegram", "-100123:7")   # the channel keeps its own colons
    assert p.place == "the group Night Owls" and p.who == "marco"
    assert Perception(PerceptionKind.CHAT, "telegram", "x", meta={"written": True}).written  # a plain string


def test_a_line_is_not_written_unless_its_sense_says_so():
    p = chat()
    assert not p.written and p.destination == ("twitch", "chat")   # the surface stands in for the key
    assert p.place == "chat"                   # no name given: the channel
    anonymous = Perception(PerceptionKind.SYSTEM, "obs", "the scene changed")
    assert anonymous.who == "" and anonymous.destination == ("obs", "")
