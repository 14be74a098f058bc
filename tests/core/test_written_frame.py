"""Written conversations in the frame and the turn's rules (seed 004): [WHERE YOU ARE] names platform,
conversation and who, deterministically; a batch of written lines alone is scoped; only the stage's people can
move her mood; the rescue names the written conversations nobody answered."""

from app.core import frame
from app.core.aliases import relabel
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.core.steering import scoped, stage_authors, waiting_written
from tests.her_words import EN


def written(text: str, who: str, key: str = "telegram:-100123", place: str | None = "the group Night Owls",
            uid: str | None = None) -> Perception:
    meta = {Meta.WRITTEN: True, Meta.CONVERSATION_KEY: key, Meta.TEXT: text}
    if place is not None:
        meta[Meta.PLACE] = place
    platform = key.split(":")[0]
    return Perception(PerceptionKind.CHAT, platform, f"[{who}] {text}", meta=meta,
                      author=Author(platform, uid or f"id-{who}", who))


def stage(text: str, who: str = "luca") -> Perception:
    return Perception(PerceptionKind.CHAT, "twitch", f"[{who}] {text}", author=Author("twitch", f"id-{who}", who),
                      meta={Meta.CONVERSATION_KEY: "twitch:#bea", Meta.TEXT: text})


def test_a_written_conversation_is_named_with_who_is_in_it_and_the_call_that_answers_it():
    batch = [written("ciao bea", "marco"), written("anyone?", "giulia"), written("bea?", "marco"),
             written("hi", "ann", key="telegram:42", place=None)]
    text = frame.where_you_are(batch, EN)
    assert text.splitlines() == [
        "[WHERE YOU ARE] only written conversations: nobody hears you out loud in this turn",
        '- written, on telegram: the group Night Owls, with marco and giulia. Answer there with '
        'send_message(platform="telegram", channel="-100123", text=...); never out loud',
        '- written, on telegram: 42, with ann. Answer there with send_message(platform="telegram", '
        'channel="42", text=...); never out loud']
    assert frame.where_you_are(list(batch), EN) == text          # same batch, same words


def test_who_is_in_her_words_and_a_crowd_is_counted():
    marco = relabel(written("ciao", "xX_marco_Xx"), "Marco")
    assert "with Marco." in frame.where_you_are([marco], EN)
    crowd = [written(f"line {i}", f"p{i}") for i in range(11)]
    assert "with p0, p1, p2, p3, p4, p5, p6, p7 and 3 more." in frame.where_you_are(crowd, EN)
    nameless = Perception(PerceptionKind.CHAT, "telegram", "[the group] was renamed",
                          meta={Meta.WRITTEN: True, Meta.CONVERSATION_KEY: "telegram:-1"})
    assert "on telegram: -1. Answer" in frame.where_you_are([nameless], EN)


def test_a_mixed_batch_names_the_stage_first_then_each_written_conversation():
    text = frame.perception_frame([stage("hi bea"), written("ciao", "marco")], EN)
    lines = text.splitlines()
    assert lines[0] == "[WHERE YOU ARE] twitch · twitch:#bea"
    assert lines[1].startswith("- written, on telegram: the group Night Owls, with marco.")
    assert lines[2] == frame.words(EN).now and "[via telegram] [marco] ciao" in text
    assert frame.where_you_are([stage("hi")], EN) == "[WHERE YOU ARE] twitch · twitch:#bea"   # as it always was


def test_a_written_line_arriving_mid_turn_brings_its_place():
    text = frame.steering_frame([written("me too", "giulia", key="telegram:7", place="a private chat")], [], EN)
    assert 'a private chat, with giulia. Answer there with send_message(platform="telegram", channel="7"' in text


def test_only_written_lines_make_a_scoped_turn():
    assert scoped([written("a", "marco"), written("b", "ann", key="telegram:9")])
    assert not scoped([written("a", "marco"), stage("b")])
    assert not scoped([Perception(PerceptionKind.IDLE, "idle", "[idle] quiet")])   # the stage's silence
    assert not scoped([])


def test_only_the_stage_can_move_her():
    assert stage_authors([stage("wow", "luca"), written("wow", "marco")]) == ["twitch:id-luca"]
    assert stage_authors([written("wow", "marco")]) == []


def test_the_rescue_names_the_written_conversations_still_waiting():
    groups = frame.written_conversations([written("a", "marco"), stage("b"), written("c", "ann", key="telegram:9")])
    assert [g[0].conversation_key for g in groups] == ["telegram:-100123", "telegram:9"]
    waiting = waiting_written(groups, {"telegram:-100123"})
    assert [g[0].conversation_key for g in waiting] == ["telegram:9"]
    nudge = frame.nudge_written(waiting, EN)
    assert nudge.startswith("[NOBODY READ THAT]") and "`speak`" not in nudge
    assert 'send_message(platform="telegram", channel="9", text=...)' in nudge
    assert "the stage out loud with `speak`" in frame.nudge_written(waiting, EN, out_loud=True)
