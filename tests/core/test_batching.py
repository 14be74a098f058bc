"""The quiet-gap rule as a table: when does a batch close."""

import pytest

from app.core.batching import Arrival, arrival_of, closes_at, is_noise_only
from app.core.perception import OWNER, Author, Perception, PerceptionKind


def typed(at):
    return Arrival(at, typed=True)


def live(at):
    return Arrival(at, typed=False)


def noise(at):
    return Arrival(at, typed=False, noise=True)


CASES = [
    # arrivals, closes at
    ([typed(0.0)], 1.2),                                        # one chat line waits for a second one
    ([typed(0.0), typed(0.06), typed(0.12)], 1.32),             # "hey / come stai / tutto bene?"
    ([live(5.0)], 5.3),                                         # a voice line goes quickly
    ([typed(0.0), live(0.5)], 0.8),                             # voice makes the batch impatient
    ([live(0.0), typed(0.1)], 0.4),                             # ... whichever came first
    ([typed(0.0)] + [typed(i * 1.0) for i in range(1, 20)], 8.0),  # a chat that never stops: max_window
    ([typed(3.0), typed(1.0)], 4.2),                            # out of order: the last arrival counts
    ([typed(0.0), noise(1.0)], 1.2),                            # texture does not hold the batch open
    ([typed(0.0), noise(0.5)], 1.2),                            # ... nor hurry it
    ([noise(0.0), noise(0.2)], 0.5),                            # a noise-only batch settles like a sense
]


@pytest.mark.parametrize("arrivals,expected", CASES)
def test_closes_at(arrivals, expected):
    assert closes_at(arrivals) == pytest.approx(expected)


def test_max_window_counts_from_the_first_arrival_given():
    assert closes_at([typed(10.0)], first=2.5) == pytest.approx(10.5)
    assert closes_at([typed(10.0)], first=4.0) == pytest.approx(11.2)


def test_windows_are_parameters():
    assert closes_at([typed(0.0), live(0.1)], text_window=2.0, window=0.5, max_window=0.4) == pytest.approx(0.4)
    assert closes_at([typed(0.0)], text_window=2.0) == pytest.approx(2.0)


def test_an_empty_batch_has_no_deadline():
    with pytest.raises(ValueError):
        closes_at([])


@pytest.mark.parametrize("kind,is_typed", [
    (PerceptionKind.CHAT, True),
    (PerceptionKind.VOICE, False),
    (PerceptionKind.GAME, False),
    (PerceptionKind.SYSTEM, False),
])
def test_only_chat_is_typed(kind, is_typed):
    assert arrival_of(Perception(kind, "s", "x"), 2.0) == Arrival(2.0, typed=is_typed)


def test_the_streamers_own_line_in_the_apps_chat_is_live_and_closes_at_the_short_gap():
    mine = arrival_of(Perception(PerceptionKind.CHAT, "app", "[Streamer] hi Bea", author=OWNER), 0.0)
    viewer = arrival_of(Perception(PerceptionKind.CHAT, "twitch", "[anna] hi",
                                   author=Author("twitch", "anna", "anna")), 0.0)
    assert (mine.typed, viewer.typed) == (False, True)
    assert closes_at([mine]) == 0.3 and closes_at([viewer]) == 1.2


def test_the_streamers_voice_closes_at_once_and_anyone_elses_at_the_short_gap():
    mine = arrival_of(Perception(PerceptionKind.VOICE, "voice", "[Streamer said] hi Bea", author=OWNER), 5.0)
    call = arrival_of(Perception(PerceptionKind.VOICE, "call", "[Guest said] hi",
                                 author=Author("discord", "guest", "Guest")), 5.0)
    assert (mine.settled, call.settled) == (True, False)
    assert closes_at([mine]) == 5.0 and closes_at([call]) == pytest.approx(5.3)
    typed_before = arrival_of(Perception(PerceptionKind.CHAT, "twitch", "[anna] hi",
                                         author=Author("twitch", "anna", "anna")), 4.9)
    assert closes_at([typed_before, mine]) == 5.0     # her answer does not wait for the chat's burst either


def line(text, noisy=False):
    return Perception(PerceptionKind.GAME, "minecraft", text, meta={"noise": noisy},
                      author=Author("minecraft", "uuid-1", "Steve"))


@pytest.mark.parametrize("batch,only_noise", [
    ([], False),
    ([line("heartbeat", True)], True),
    ([line("heartbeat", True), line("heartbeat", True)], True),
    ([line("heartbeat", True), line("Steve was slain by a zombie")], False),
    ([line("Steve joined the game")], False),
])
def test_is_noise_only(batch, only_noise):
    assert is_noise_only(batch) is only_noise
