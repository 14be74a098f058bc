"""A burst's sample (app.core.burst): the lines said to her first, then follow-ups, donors, people she knows,
first-time chatters and the rest, one line per author before anyone's second, within the model's budget; what is
left is owed (said to her: the next turn) or summed up in her words."""

import pytest

from app.core import burst, frame, irc
from app.core.attention import ADDRESSED, FOLLOW_UP, KNOWN_PERSON
from app.core.local_calls import heard_lines
from app.core.perception import Author, Meta, Perception, PerceptionKind
from tests.her_words import CATALOGS, DEMO, EN, IT
from tests.skills.twitch.helpers import fixture


def chat(who: str, text: str, reasons: tuple[str, ...] = ("salience 0.50",), key: str = "twitch:#bea",
         **meta) -> Perception:
    return Perception(PerceptionKind.CHAT, key.split(":")[0], f"[{who}] {text}", author=Author("twitch", who, who),
                      meta={Meta.CONVERSATION_KEY: key, Meta.TEXT: text, **meta}).annotated(0.5, reasons)


def to_her(who: str, text: str) -> Perception:
    return chat(who, text, (ADDRESSED + "her name",))


def one_each(p: Perception) -> int:
    return 1


def test_a_batch_that_fits_is_shown_whole_in_the_gates_order() -> None:
    batch = [chat("ann", "hi"), to_her("bob", "Bea hi"), chat("cy", "yo")]
    cut = burst.sample(batch, 10, one_each)
    assert cut.shown == tuple(batch) and cut.whole and cut.owed == cut.summed == ()


def test_the_classes_come_in_order_within_the_budget() -> None:
    rest = [chat(f"raider{i}", "welcome!") for i in range(5)]
    first = chat("newbie", "first time here", **{Meta.FIRST_TIME: True})
    known = chat("ada", "hey all", ("salience 0.50", KNOWN_PERSON))
    donor = chat("gio", "(cheered 100 bits) gg", **{Meta.DONATION: {"amount": "100"}})
    follow = chat("luca", "right?", (FOLLOW_UP,))
    named = to_her("marco", "Bea what game is this?")
    batch = [*rest, first, known, donor, follow, named]
    for budget, shown in [(1, [named]), (2, [follow, named]), (3, [donor, follow, named]),
                          (4, [known, donor, follow, named]), (5, [first, known, donor, follow, named]),
                          (6, [rest[0], first, known, donor, follow, named])]:
        cut = burst.sample(batch, budget, one_each)
        assert list(cut.shown) == shown, budget
        assert cut.owed == () and len(cut.summed) == len(batch) - budget


def test_every_author_once_before_anyone_twice() -> None:
    batch = [chat("ann", "a1"), chat("ann", "a2"), chat("ann", "a3"), chat("bob", "b1"), chat("cy", "c1")]
    cut = burst.sample(batch, 3, one_each)
    assert [p.content for p in cut.shown] == ["[ann] a1", "[bob] b1", "[cy] c1"]


def test_lines_said_to_her_that_do_not_fit_are_owed_in_the_order_they_came() -> None:
    named = [to_her(f"v{i}", f"Bea, question {i}?") for i in range(6)]
    batch = [*named, *(chat(f"r{i}", "hype") for i in range(20))]
    cut = burst.sample(batch, 2, one_each)
    assert cut.shown == tuple(named[:2]) and cut.owed == tuple(named[2:])
    assert len(cut.summed) == 20 and not any(p in cut.summed for p in named)


def test_a_line_that_does_not_fit_is_passed_over_and_the_first_is_always_shown() -> None:
    long_line, short = chat("ann", "x" * 400), chat("bob", "hi")
    def cost(p: Perception) -> int:
        return len(p.content)
    assert burst.sample([long_line, short], 50, cost).shown == (long_line,)   # nothing fits: the first all the same
    named_long = to_her("cy", "Bea " + "y" * 100)
    cut = burst.sample([named_long, to_her("dan", "Bea hi"), short], 30, cost)
    assert cut.shown[0] is named_long and cut.owed[0].content.startswith("[dan]")


def test_the_summary_counts_lines_and_people_per_conversation_in_her_words() -> None:
    summed = [chat("ann", "hype"), chat("ann", "hype"), chat("bob", "hype")]
    assert burst.summary(summed, EN) == [EN.say("burst.many", lines=3, people=2, place="twitch")]
    assert "3" in burst.summary(summed, EN)[0] and "2" in burst.summary(summed, IT)[0]
    assert burst.summary(summed[:1], EN) == [EN.say("burst.one", lines=1, people=1, place="twitch")]
    assert burst.summary(summed[:2], EN) == [EN.say("burst.from_one", lines=2, people=1, place="twitch")]
    group = chat("sam", "hello", key="telegram:-100200", **{Meta.WRITTEN: True, Meta.PLACE: "the group Owls"})
    written = burst.summary([group], EN)[0]
    assert "the group Owls" in written and "-100200" not in written   # a written conversation by its name
    assert burst.summary([], EN) == []


@pytest.mark.parametrize("code", ["en", "it", "es"])
def test_the_summary_is_no_frame_line_the_demo_would_take_for_chat(code: str) -> None:
    words = CATALOGS[code]
    shown, summed = [to_her("marco", "Bea ciao")], [chat("ann", "hype"), chat("bob", "hype")]
    text = frame.perception_frame(shown, words, burst.summary(summed, words))
    assert heard_lines(text, DEMO)[0] == ["[marco] Bea ciao"]


def test_the_budget_follows_the_model() -> None:
    assert burst.frame_budget(True) == burst.BUILTIN_TOKENS < burst.frame_budget(False) == burst.SERVER_TOKENS
    assert burst.frame_budget(False, 8192) == 8192 // burst.CONTEXT_SHARE
    assert burst.frame_budget(False, 1_000_000) == burst.SERVER_TOKENS


def test_twitch_says_who_chats_for_the_first_time() -> None:
    seen = fixture("first-msg=0;")                      # a real line: a returning chatter
    assert irc.twitch_event(irc.parse(seen)).first is False
    assert irc.twitch_event(irc.parse(seen.replace("first-msg=0;", "first-msg=1;"))).first is True
