"""Where the time of her last answer went: the four stages from the moments the app keeps."""

import pytest

from app.core.turn_stages import TurnStages, seconds, stages


def test_the_stages_are_the_gaps_between_the_moments_and_add_up_to_the_whole_wait():
    got = stages(10.0, 10.38, 10.39, 11.6, 11.68)
    assert [name for name, _ms in got.parts()] == ["end_of_turn", "hearing", "thinking", "voice"]
    assert [ms for _name, ms in got.parts()] == pytest.approx([380.0, 10.0, 1210.0, 80.0])
    assert got.total_ms == pytest.approx(1680.0)
    assert TurnStages(1.0, 2.0, 3.0, 4.0).total_ms == 10.0


@pytest.mark.parametrize("moments", [
    (None, 10.38, 10.39, 11.6, 11.68),      # push-to-talk with no speech windows: nothing to measure from
    (10.0, 10.38, 10.39, None, None),      # she did not answer out loud
    (10.0, 10.38, 10.39, 9.0, 9.1),        # her line began before the streamer's turn ended: it answers no one
])
def test_moments_missing_or_out_of_order_make_no_stages(moments):
    assert stages(*moments) is None


def test_seconds_are_read_in_tenths_and_a_few_milliseconds_are_not_shown_as_zero():
    assert seconds(1210.0) == "1.2 s"
    assert seconds(10.0) == "<0.1 s"
    assert seconds(0.0) == "0.0 s"
