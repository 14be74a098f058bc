"""The Mood dock: the decay curve it draws, its clock ticks, and a real render with both lines in view."""

import time

import pytest

from app.core.affect import DEFAULT_HALF_LIFE_S, Affect, decay, feel, mood_word
from app.ui.mood_dock import AROUSAL_COLOR, EMPTY, VALENCE_COLOR, MoodPlot, curve, make_mood_dock, ticks
from app.widgets.qt import QColor
from tests.conftest import REPO

SHOTS = REPO / "build" / "screenshots"
NOW = time.mktime((2024, 5, 4, 15, 7, 0, 0, 0, -1))       # a Saturday afternoon stream, local time
H = DEFAULT_HALF_LIFE_S


def stream_history() -> list[tuple[float, float, float]]:
    """Three hours of a stream, written the way the mind writes it: one sample per line she spoke."""
    script = [(175, "happy"), (172, "happy"), (150, "curious"), (128, "excited"), (126, "excited"),
              (124, "playful"), (96, "annoyed"), (94, "angry"), (93, "furious"), (70, "sad"), (66, "tired"),
              (40, "calm"), (22, "loving"), (12, "amused"), (4, "excited")]
    affect, out = Affect(updated_at=NOW - 4 * 3600), []
    for minutes_ago, word in script:
        affect = feel(affect, word, NOW - minutes_ago * 60)
        out.append((affect.updated_at, affect.valence, affect.arousal))
    return out


# --- the pure helpers ----------------------------------------------------------------------------------------

def test_the_curve_ages_each_sample_until_the_next():
    points = curve([(NOW - H, -0.8, 0.9)], NOW - 2 * H, NOW)
    assert points[0] == (NOW - H, -0.8, 0.9)                  # nothing known before the first sample
    t, v, a = points[-1]
    assert t == NOW and v == pytest.approx(-0.4) and a == pytest.approx(0.6)
    assert all(p[0] <= q[0] for p, q in zip(points, points[1:], strict=False))


def test_a_sample_before_the_window_carries_its_aged_value_in():
    points = curve([(NOW - 3 * H, 0.8, 0.3), (NOW - 10 * H, -1.0, 1.0)], NOW - H, NOW)
    assert points[0][0] == NOW - H and points[0][1] == pytest.approx(0.8 / 4)


def test_the_curve_jumps_at_each_write_and_ignores_the_future_and_garbage():
    samples = [(NOW - 600, 0.0, 0.3), (NOW - 300, 0.5, 0.8), (NOW + 60, -1.0, 1.0), (NOW - 100, float("nan"), 0)]
    points = curve(samples, NOW - 3600, NOW)
    jump = [p for p in points if p[0] == NOW - 300]
    assert [round(p[1], 6) for p in jump] == [0.0, 0.5]       # the old value, then the new one
    assert all(-1 <= v <= 1 and 0 <= a <= 1 and t <= NOW for t, v, a in points)
    assert curve([], NOW - 3600, NOW) == []


TICK_CASES = [
    # hours shown, minutes between ticks
    (3.0, 30),
    (1.0, 10),
    (6.0, 60),
    (0.5, 5),
    (12.0, 120),
]


@pytest.mark.parametrize("hours,minutes", TICK_CASES)
def test_ticks_fall_on_round_clock_times(hours, minutes):
    marks = ticks(NOW - hours * 3600, NOW)
    assert 2 <= len(marks) <= 6
    assert all(b - a == minutes * 60 for a, b in zip(marks, marks[1:], strict=False))
    assert all(time.localtime(t).tm_min % min(minutes, 60) == 0 and time.localtime(t).tm_sec == 0 for t in marks)
    assert all(NOW - hours * 3600 <= t <= NOW for t in marks)


# --- the widget ----------------------------------------------------------------------------------------------

def colour_count(image, area, hex_colour: str, tolerance: int = 40) -> int:
    want = QColor(hex_colour)
    found = 0
    for y in range(int(area.top()) + 1, int(area.bottom())):
        for x in range(int(area.left()) + 1, int(area.right())):
            c = image.pixelColor(x, y)
            if abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) <= tolerance:
                found += 1
    return found


def render(qtbot, plot: MoodPlot, name: str | None = None):
    qtbot.addWidget(plot)
    plot.resize(640, 300)
    image = plot.grab().toImage()
    if name:
        SHOTS.mkdir(parents=True, exist_ok=True)
        assert image.save(str(SHOTS / name))
    return image


def test_the_plot_draws_both_lines(qtbot):
    plot = MoodPlot(stream_history, hours=3.0, now=lambda: NOW)
    image = render(qtbot, plot, "mood_dock.png")
    area = plot.plot_rect()
    colours = {image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)}
    assert len(colours) > 20                                  # not blank
    assert colour_count(image, area, VALENCE_COLOR) > 150
    assert colour_count(image, area, AROUSAL_COLOR) > 150
    last = stream_history()[-1]
    now = decay(Affect(last[1], last[2], last[0]), NOW)
    assert plot.caption.startswith(f"Now {mood_word(now)}  ·  valence {now.valence:+.2f}")


def test_an_empty_history_says_no_mood_yet(qtbot):
    plot = MoodPlot(lambda: [], now=lambda: NOW)
    image = render(qtbot, plot, "mood_dock_empty.png")
    assert plot.caption == EMPTY and plot.points == []
    assert colour_count(image, plot.plot_rect(), VALENCE_COLOR) == 0
    assert colour_count(image, plot.plot_rect(), AROUSAL_COLOR) == 0


def test_the_dock_refreshes_from_its_history(qtbot):
    samples: list[tuple[float, float, float]] = []
    dock = make_mood_dock(lambda: list(samples), now=lambda: NOW)
    qtbot.addWidget(dock)
    assert dock.caption == EMPTY
    samples.append((NOW - 60, -0.8, 0.85))
    dock.refresh()
    assert dock.caption.startswith("Now angry")


def test_a_mood_close_to_rest_reads_as_settled():
    from app.ui.mood_dock import caption
    assert caption([(0.0, -0.05, 0.32)]).startswith("Now settled")
    assert caption([(0.0, -0.8, 0.9)]).startswith("Now angry")
