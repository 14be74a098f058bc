"""The sliding window: wire-true costs, deterministic replay, cut and slide, the valve, snapshots."""

import json

from app.core.budget import Budget
from app.core.chat import Role
from app.core.context_window import (
    MESSAGE_OVERHEAD,
    EntryKind,
    SingleContext,
    estimate_tokens,
    transcript,
)
from tests.her_words import EN


def words(text: str) -> int:
    return len(text.split())


def small(ceiling=150_000, count=words):
    return SingleContext(Budget(ceiling), count)


def filled(ctx, n, size=10):
    for i in range(n):
        ctx.heard(" ".join([f"line{i}"] * size), "twitch:#bea")
        ctx.spoke(f"answer {i}", "happy", "twitch:#bea")
    return ctx


def test_replay_hands_her_lines_back_as_the_calls_they_were():
    ctx = small()
    ctx.heard("[marco] ciao bea", "twitch:#bea")
    ctx.heard("[anna] hi", "twitch:#bea")
    ctx.spoke("ciao a tutti!", "happy", "twitch:#bea")
    ctx.wrote("discord", "general", "see you at 9")
    msgs = ctx.replay(EN)
    assert [m.role for m in msgs] == [Role.USER, Role.ASSISTANT, Role.TOOL, Role.ASSISTANT, Role.TOOL]
    assert msgs[0].content == "[marco] ciao bea\n[anna] hi"
    speak = msgs[1].tool_calls[0]
    assert (speak.id, speak.name, json.loads(speak.arguments)) == ("w3", "speak",
                                                                  {"message": "ciao a tutti!", "mood": "happy"})
    assert msgs[2].tool_call_id == "w3" and msgs[2].content == "said out loud"
    send = msgs[3].tool_calls[0]
    assert send.name == "send_message" and json.loads(send.arguments) == {
        "platform": "discord", "channel": "general", "text": "see you at 9"}
    assert msgs[4].content == "sent to discord general"
    assert ctx.messages()[2] == ("her", "twitch:#bea", "ciao a tutti!")


def test_the_same_window_replays_byte_identically_even_after_a_restart():
    ctx = filled(small(), 5)
    again = SingleContext.restore(json.loads(json.dumps(ctx.snapshot())), ctx.budget, words)
    assert repr(ctx.replay(EN)) == repr(again.replay(EN))
    assert again.next_seq == ctx.next_seq and again.used() == ctx.used()


def test_costs_are_what_the_replayed_call_costs_on_the_wire():
    ctx = small()
    heard = ctx.heard("one two three")
    spoke = ctx.spoke("four five", "calm")
    assert heard.cost == 3 + MESSAGE_OVERHEAD
    call = ctx.replay(EN)[1].tool_calls[0]
    assert spoke.cost == words("speak") + words(call.arguments) + words("said out loud") + 2 * MESSAGE_OVERHEAD
    assert ctx.used() == heard.cost + spoke.cost


def test_cut_keeps_the_hot_present_plus_a_margin_and_never_splits_an_entry():
    ctx = filled(small(), 40)  # every pair: 14 + ~13 tokens
    cut = ctx.cut(hot=100, margin=30)
    hot = [e for e in ctx.entries if e.seq >= cut.seq]
    hot_cost = sum(e.cost for e in hot)
    assert 100 <= hot_cost <= 130
    assert [e.seq for e in cut.cold] == [e.seq for e in ctx.entries if e.seq < cut.seq]


def test_slide_keeps_everything_after_the_cut_including_lines_that_arrived_during_the_recap():
    ctx = filled(small(), 20)
    cut = ctx.cut(hot=60, margin=0)
    ctx.heard("[late] arrived while the recap was written")
    assert ctx.slide("They talked about pasta for an hour.", cut)
    assert ctx.entries[0].kind is EntryKind.RECAP and ctx.recap() == "They talked about pasta for an hour."
    assert ctx.entries[-1].text == "[late] arrived while the recap was written"
    assert all(e.seq >= cut.seq for e in ctx.entries[1:])
    assert ctx.replay(EN)[0].role is Role.SYSTEM and ctx.replay(EN)[0].content.startswith("[EARLIER]")
    assert ctx.version == 1


def test_a_second_handoff_folds_the_old_recap_into_the_cold_part():
    ctx = filled(small(), 20)
    ctx.slide("first recap", ctx.cut(hot=60, margin=0))
    filled(ctx, 10)
    cut = ctx.cut(hot=60, margin=0)
    assert cut.cold[0].kind is EntryKind.RECAP
    assert "(an earlier recap) first recap" in transcript(cut.cold, EN)
    ctx.slide("second recap", cut)
    assert [e.kind for e in ctx.entries].count(EntryKind.RECAP) == 1 and ctx.recap() == "second recap"


def test_a_recap_for_a_window_that_was_cleared_meanwhile_is_dropped():
    ctx = filled(small(), 10)
    cut = ctx.cut(hot=20)
    ctx.clear()
    ctx.heard("[new] a fresh evening")
    assert not ctx.slide("the old evening", cut)
    assert ctx.recap() == "" and [e.text for e in ctx.entries] == ["[new] a fresh evening"]


def test_only_the_ceiling_evicts_oldest_first_and_counts_it():
    ctx = SingleContext(Budget(150_000), words)
    ctx.slide("recap", ctx.cut())
    big = " ".join(["w"] * 60_000)
    for i in range(3):
        ctx.heard(f"{i} {big}")
    assert ctx.used() <= 150_000
    assert ctx.entries[0].kind is EntryKind.RECAP  # the recap is never evicted by the valve
    assert [e.text.split()[0] for e in ctx.entries[1:]] == ["1", "2"]
    assert ctx.evicted_tokens == 60_001 + MESSAGE_OVERHEAD


def test_a_new_counter_recounts_every_entry():
    ctx = filled(small(), 3)
    before = ctx.used()
    ctx.set_counter(lambda text: 2 * words(text))
    assert ctx.used() > before


def test_the_estimator_is_declared_and_monotonic():
    assert estimate_tokens("") == 0
    assert estimate_tokens("abcdefg") == 2
    assert estimate_tokens("a" * 350) == 100


def test_incremental_replay_matches_a_fresh_one_through_appends_slides_and_evictions():
    ctx = SingleContext(Budget(150_000), words)
    for i in range(60):
        ctx.heard(f"[u] line {i}")
        if i % 3 == 0:
            ctx.spoke(f"reply {i}")
        if i % 7 == 0:
            ctx.wrote("discord", "general", f"note {i}")
        if i == 30:
            ctx.slide("the first half", ctx.cut(hot=40, margin=0))
        fresh = SingleContext.restore(ctx.snapshot(), ctx.budget, words)
        assert repr(ctx.replay(EN)) == repr(fresh.replay(EN)), f"diverged after line {i}"
    ctx.set_budget(Budget(150_000))
    big = " ".join(["w"] * 149_900)
    ctx.heard(big)  # the ceiling evicts from the front: the cache must notice
    assert repr(ctx.replay(EN)) == repr(SingleContext.restore(ctx.snapshot(), ctx.budget, words).replay(EN))
