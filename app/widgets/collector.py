"""Python's cycle collector, run on the window's thread only.

Left automatic, the collector runs in whichever thread happens to allocate when a generation fills up: a worker
of the executors, the audio callback, a client's thread. A widget (or any QObject) caught in a reference cycle
is then deleted from that thread, where Qt cannot stop its timers ("Timers cannot be stopped from another
thread") and may crash the process. So the window switches automatic collection off and a timer on its own
thread collects with the same thresholds the automatic collector would use.
"""

from __future__ import annotations

import gc

from app.widgets.qt import QObject, QTimer

EVERY_MS = 500


def due_generation(counts: tuple[int, int, int], thresholds: tuple[int, int, int]) -> int | None:
    """The oldest generation whose count passed its threshold, as the automatic collector would pick it."""
    for generation in (2, 1, 0):
        if thresholds[generation] and counts[generation] > thresholds[generation]:
            return generation
    return None


class WindowThreadCollector(QObject):
    """Owns automatic collection while it lives; `stop()` gives it back."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.collect_if_due)
        self._timer.start(EVERY_MS)

    def collect_if_due(self) -> None:
        generation = due_generation(gc.get_count(), gc.get_threshold()[:3])
        if generation is not None:
            gc.collect(generation)

    def stop(self) -> None:
        self._timer.stop()
        if self._was_enabled:
            gc.enable()
