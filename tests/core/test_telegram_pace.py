"""Telegram's limits for bots as the pacer books them, at the Bots FAQ's own numbers: one message a second in a
chat, twenty a minute in a group, thirty a second in all; a 429's retry_after holds its chat; a line's life is
never outlived by a booking."""

from app.core.telegram_pace import CHAT, GROUP, LIMITS, Limit, Pacer, fits, is_group

GROUP_ID = -1001234567890


def test_the_limits_are_the_faqs():
    assert set(LIMITS) == {Limit(CHAT, 1.0, 1), Limit(GROUP, 60.0, 20), Limit("bot", 1.0, 30)}


def test_one_message_a_second_in_a_chat_and_chats_apart_do_not_wait():
    pacer = Pacer()
    assert [pacer.reserve(42, 100.0) for _ in range(4)] == [100.0, 101.0, 102.0, 103.0]
    assert pacer.reserve(43, 100.0) == 100.0                  # another chat is not behind Anna's
    assert pacer.reserve(42, 110.0) == 110.0                  # the past is forgotten


def test_twenty_a_minute_in_a_group():
    pacer = Pacer()
    times = [pacer.reserve(GROUP_ID, 0.0) for _ in range(22)]
    assert times[:20] == [float(n) for n in range(20)]        # one a second
    assert times[20] == 60.0 and times[21] == 61.0            # the 21st waits for the first's minute to end
    assert all(sum(1 for t in times if x <= t < x + 60) <= 20 for x in times)
    assert is_group("@night_owls") and is_group(GROUP_ID) and not is_group(42)
    named = [Pacer().reserve("@Night_Owls", 0.0)]
    assert named == [0.0]


def test_thirty_a_second_in_all():
    pacer = Pacer()
    times = [pacer.reserve(1000 + n, 5.0) for n in range(31)]  # 31 private chats at once
    assert times[:30] == [5.0] * 30 and times[30] == 6.0


def test_a_429_holds_its_chat_and_a_line_is_not_booked_past_its_life():
    pacer = Pacer()
    assert pacer.reserve(42, 0.0) == 0.0
    pacer.hold(42, 7.0)                                       # retry_after 7, said at 0
    assert pacer.held_until(42, 1.0) == 7.0 and pacer.held_until(43, 1.0) == 1.0
    assert pacer.reserve(42, 1.0, by=5.0) is None             # the line would outlive its life: nothing booked
    assert pacer.when(42, 1.0) == 7.0
    assert pacer.reserve(42, 1.0, by=10.0) == 7.0
    assert pacer.reserve(43, 1.0) == 1.0
    assert pacer.held_until(42, 8.0) == 8.0                   # over


def test_a_booking_never_breaks_a_window_that_a_later_booking_fills():
    booked = [10.0]
    assert not fits(booked, 9.5, 1.0, 1) and fits(booked, 9.0, 1.0, 1) and fits(booked, 11.0, 1.0, 1)
    pacer = Pacer((Limit(CHAT, 1.0, 1),))
    pacer.hold(42, 10.0)
    assert pacer.reserve(42, 0.0) == 10.0 and pacer.reserve(42, 0.0) == 11.0
