"""The window's own collector: automatic collection off while it lives, cycles collected on the window's thread."""

import gc
import threading

from app.widgets.collector import WindowThreadCollector, due_generation
from app.widgets.qt import QObject


def test_the_generation_due_is_the_oldest_past_its_threshold():
    assert due_generation((10, 0, 0), (700, 10, 10)) is None
    assert due_generation((701, 0, 0), (700, 10, 10)) == 0
    assert due_generation((701, 11, 0), (700, 10, 10)) == 1
    assert due_generation((701, 11, 11), (700, 10, 10)) == 2
    assert due_generation((5000, 0, 0), (0, 10, 10)) is None   # threshold 0: collection off


def test_a_qobject_in_a_cycle_is_deleted_on_the_window_thread_not_by_a_worker(qapp, qtbot):
    deleted_in: list[str] = []
    collector = WindowThreadCollector()
    try:
        assert not gc.isenabled()
        holder = QObject()
        holder.self_ref = holder                       # a cycle only the collector frees
        holder.destroyed.connect(lambda *_: deleted_in.append(threading.current_thread().name))
        del holder

        kept: list = []

        def churn() -> None:                           # a worker allocating far past every threshold
            kept.extend([[]] for _ in range(200_000))
        worker = threading.Thread(target=churn, name="worker")
        worker.start()
        worker.join()
        assert deleted_in == []                        # the worker collected nothing
        qtbot.waitUntil(lambda: deleted_in != [], timeout=5000)
        assert deleted_in == [threading.main_thread().name]
        kept.clear()
    finally:
        collector.stop()
    assert gc.isenabled()
