"""The Turn Log dock: every turn of her mind, newest first, searchable, with the whole record on click."""

from __future__ import annotations

import asyncio
import functools
import html
import json
import logging
import time

from app.core.events import EventBus, EventKind
from app.core.prices import format_usd
from app.core.turn_record import TurnRecord
from app.memory.turn_log import TurnLog
from app.process.tasks import spawn
from app.widgets.palette import PROBLEM
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    Qt,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
    translate,
)

log = logging.getLogger(__name__)

# a turn's outcome (app.core.turn_record; the record keeps the English word), as the window says it
OUTCOMES = {"spoke": QT_TRANSLATE_NOOP("turn_log_dock", "spoke"), "wrote": QT_TRANSLATE_NOOP("turn_log_dock", "wrote"),
            "silent": QT_TRANSLATE_NOOP("turn_log_dock", "silent"), "mute": QT_TRANSLATE_NOOP("turn_log_dock", "mute"),
            "acted": QT_TRANSLATE_NOOP("turn_log_dock", "acted"),
            "failed": QT_TRANSLATE_NOOP("turn_log_dock", "failed")}


def outcome(rec: TurnRecord) -> str:
    return translate("turn_log_dock", OUTCOMES[rec.outcome]) if rec.outcome in OUTCOMES else rec.outcome


def tokens(rec: TurnRecord) -> str:
    """"123+45 tokens", or "~123+45 tokens (estimated)" (TurnRecord.tokens), in the window's language."""
    said = (translate("turn_log_dock", "~{prompt}+{completion} tokens (estimated)") if rec.usage_estimated
            else translate("turn_log_dock", "{prompt}+{completion} tokens"))
    return said.format(prompt=rec.prompt_tokens, completion=rec.completion_tokens)


def cost(rec: TurnRecord) -> str:
    """" · $0.0012" for a turn on a priced cloud model; nothing for a local model or an unpriced one."""
    return "" if rec.cost_usd is None else f" · {format_usd(rec.cost_usd)}"


def summary(rec: TurnRecord) -> str:
    stamp = time.strftime("%H:%M:%S", time.localtime(rec.started_at))
    first = rec.perceptions[0] if rec.perceptions else translate("turn_log_dock", "(nothing)")
    more = f" +{len(rec.perceptions) - 1}" if len(rec.perceptions) > 1 else ""
    flag = translate("turn_log_dock", " · rescued") if rec.rescued else ""
    why = f" · {rec.error}" if rec.failed and rec.error else ""
    return translate("turn_log_dock", "{stamp}  {outcome:<6} %Ln calls, {tokens}{cost}, {ms:.0f} ms{flag}{why} — "
                                      "{first}{more}", None, rec.model_calls).format(
        stamp=stamp, outcome=outcome(rec), tokens=tokens(rec), cost=cost(rec), ms=rec.ms, flag=flag, why=why,
        first=first, more=more)


def details(rec: TurnRecord) -> str:
    def block(title: str, lines: list[str]) -> str:
        body = "<br>".join(html.escape(x).replace("\n", "<br>") for x in lines) \
            or translate("turn_log_dock", "<i>none</i>")
        return f"<h4>{title}</h4><p>{body}</p>"
    failed = translate("turn_log_dock", " [failed]")
    tools = [f"{t.name}({t.arguments}) → {t.observation}" + (failed if t.failed else "") for t in rec.tools]
    estimated = "~" if rec.usage_estimated else ""
    head = translate("turn_log_dock", "{model} · %Ln model calls · {estimated}{prompt_tokens} prompt + "
                                      "{completion_tokens} completion tokens ({reasoning_tokens} reasoning)"
                                      "{estimate_note}{cost} · {ms:.0f} ms · outcome {outcome}{rescued}", None,
                     rec.model_calls).format(
        model=rec.model or translate("turn_log_dock", "no model"), estimated=estimated,
        prompt_tokens=rec.prompt_tokens, completion_tokens=rec.completion_tokens,
        reasoning_tokens=rec.reasoning_tokens,
        estimate_note=translate("turn_log_dock", " (estimated: the server reported none)") if rec.usage_estimated
        else "", cost=cost(rec), ms=rec.ms, outcome=outcome(rec),
        rescued=translate("turn_log_dock", " · rescued") if rec.rescued else "")
    failure = ""
    if rec.failed:
        couldnt = translate("turn_log_dock", "<p style='color:{problem}'><b>She couldn't answer:</b> {why}</p>")
        tried = [f"{name}: {why}" for name, why in rec.failures]
        failure = couldnt.format(problem=PROBLEM, why=html.escape(rec.error)) \
            + block(translate("turn_log_dock", "Models tried"), tried)
    return "".join([f"<p><b>{html.escape(head)}</b></p>", failure,
                    block(translate("turn_log_dock", "Perceptions"), rec.perceptions),
                    block(translate("turn_log_dock", "Thoughts"), rec.thoughts),
                    block(translate("turn_log_dock", "Tool calls"), tools),
                    block(translate("turn_log_dock", "Briefing (dynamic)"), [rec.briefing] if rec.briefing else []),
                    block(translate("turn_log_dock", "Prompt in force (static)"), [rec.prompt] if rec.prompt else [])])


class TurnLogView(QWidget):
    def __init__(self, turn_log: TurnLog, bus: EventBus, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.turn_log = turn_log
        self.search = QLineEdit(objectName="turnSearch",
                                placeholderText=translate("turn_log_dock", "Search turns (every word must match)…"))
        self.list = QListWidget(objectName="turnList")
        self.detail = QTextBrowser(objectName="turnDetail")
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.list)
        split.addWidget(self.detail)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addWidget(split, 1)
        self.records: list[TurnRecord] = []
        self._asked = 0
        self.search.returnPressed.connect(self.refresh)
        self.list.currentRowChanged.connect(self.show_row)
        self._unsubscribe = bus.subscribe(lambda _e: self.refresh(), kinds=[EventKind.TURN], replay=False)
        self.destroyed.connect(lambda *_: self._unsubscribe())
        self.refresh()  # what earlier runs logged, when the loop already runs

    def refresh(self) -> None:
        """Ask the store off-thread; the answer comes back on the loop (no-op when no loop runs)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self._asked += 1
        task = spawn(self.turn_log.search(self.search.text()), awaited=True)   # _loaded reads its failure
        task.add_done_callback(functools.partial(self._loaded, self._asked))

    def _loaded(self, asked: int, task: asyncio.Task) -> None:
        if asked != self._asked:  # a newer question is out: an older answer may land after it, and is stale
            return
        if task.cancelled() or task.exception() is not None:
            log.warning("the turn log could not be read: %r", None if task.cancelled() else task.exception())
            return
        self.load([rec for _id, rec in task.result()])

    def load(self, records: list[TurnRecord]) -> None:
        self.records = records
        self.list.clear()
        for rec in records:
            item = QListWidgetItem(summary(rec))
            item.setToolTip(json.dumps(rec.perceptions, ensure_ascii=False)[:500])
            self.list.addItem(item)
        if records:
            self.list.setCurrentRow(0)
        else:
            self.detail.setHtml(translate("turn_log_dock", "<i>No turns yet.</i>"))

    def show_row(self, row: int) -> None:
        if 0 <= row < len(self.records):
            self.detail.setHtml(details(self.records[row]))
