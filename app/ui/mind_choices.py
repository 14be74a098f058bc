"""Get started's first step, done from the dock: her mind three ways (app.core.getting_started rule 4).

1. A model server already on this computer: the usual ports of Ollama, LM Studio, llama.cpp and vLLM are asked
   for their models when the dock first shows (and on "Look again"); any OpenAI-compatible server can be typed as
   an address. Either is checked before it is saved: a server that does not answer is refused in plain words.
2. A download from the model catalog of the chat models that fit this computer (app.core.model_fit, on what
   app.senses.machine read off the UI thread), through the model manager: progress, a resume from where a cut
   transfer stopped, the disk-space check and the checksum. Once installed it is her mind at once.
3. A cloud model: the Settings → Mind page, where the key goes.
Whatever is chosen goes first in her models through the one validated settings write path, the demo last as the
fallback (getting_started.mind_first). Slots only schedule work on the running loop.
"""

from __future__ import annotations

import asyncio
import html
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.compose import Bea
from app.config.service import SettingsError
from app.core.failures import summary
from app.core.getting_started import DEMO_LIMITS, mind_first
from app.core.model_fit import Accelerator, Fit, Machine, Verdict, chat_models, recommend
from app.core.model_spec import PROVIDERS, ModelSpecError, ServerAddress, place_server, server_address
from app.memory.model_manager import ModelError, ModelManager
from app.process.tasks import spawn
from app.senses import machine as machine_probe
from app.senses.llm.probe import ServerCheck, check_server, find_local_servers
from app.senses.netgate import PrivacyRefused
from app.ui.model_manager_dialog import human_size
from app.widgets.palette import PROBLEM_STYLE
from app.widgets.qt import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
    translate,
)

log = logging.getLogger(__name__)


def _clear(row: Any) -> None:
    """Empty a row of buttons; each leaves the window at once (a deferred delete alone would keep its name)."""
    while row.count():
        widget = row.takeAt(0).widget()
        if widget is not None:
            widget.setParent(None)
            widget.deleteLater()


def _title(text: str) -> QLabel:
    return QLabel(f"<b>{html.escape(text)}</b>")


class MindChoices(QWidget):
    def __init__(self, bea: Bea, open_page: Callable[[str], Any], models: ModelManager | None = None,
                 machine: Callable[[], Machine] = machine_probe.probe, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bea, self.open_page = bea, open_page
        self.models = models if models is not None else bea.models
        self.read_machine = machine
        self.machine: Machine | None = None
        self.pending: set[asyncio.Task[Any]] = set()   # its work under way (tasks.spawn)
        self.download_task: asyncio.Future[Any] | None = None
        self.found: list[tuple[str, ServerCheck]] = []
        self.setObjectName("mindChoices")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 6)

        layout.addWidget(_title(translate("mind_choices", "1. A model server on this computer")))
        self.server_found = QLabel(objectName="mind.server.found", wordWrap=True)
        layout.addWidget(self.server_found)
        self.server_row = QHBoxLayout()
        layout.addLayout(self.server_row)
        typed = QHBoxLayout()
        self.address = QLineEdit(objectName="mind.server.address",
                                 placeholderText=translate("mind_choices", "or its address: http://127.0.0.1:8080/v1"))
        self.check_button = QPushButton(translate("mind_choices", "Check and use"), objectName="mind.server.check")
        self.look_button = QPushButton(translate("mind_choices", "Look again"), objectName="mind.server.look")
        for w in (self.address, self.check_button, self.look_button):
            typed.addWidget(w)
        layout.addLayout(typed)
        self.server_note = QLabel(objectName="mind.server.note", wordWrap=True)
        layout.addWidget(self.server_note)

        layout.addWidget(_title(translate("mind_choices", "2. A model to download, sized to this computer")))
        self.machine_note = QLabel(objectName="mind.download.machine", wordWrap=True)
        layout.addWidget(self.machine_note)
        self.download_row = QVBoxLayout()
        layout.addLayout(self.download_row)
        progress = QHBoxLayout()
        self.progress = QProgressBar(objectName="mind.download.progress")
        self.progress.setRange(0, 1000)        # permille: a QProgressBar is 32-bit, model files pass 2 GB
        self.cancel_button = QPushButton(translate("mind_choices", "Pause"), objectName="mind.download.cancel")
        progress.addWidget(self.progress, 1)
        progress.addWidget(self.cancel_button)
        layout.addLayout(progress)
        self.download_note = QLabel(objectName="mind.download.note", wordWrap=True)
        layout.addWidget(self.download_note)

        layout.addWidget(_title(translate("mind_choices", "3. A cloud model with an API key")))
        cloud = QHBoxLayout()
        self.cloud_button = QPushButton(translate("mind_choices", "Open Settings → Mind"), objectName="mind.cloud.open")
        cloud.addWidget(QLabel(translate("mind_choices", "OpenAI, Anthropic, Groq, OpenRouter or Gemini: paste the "
                                                         "key there."), wordWrap=True), 1)
        cloud.addWidget(self.cloud_button)
        layout.addLayout(cloud)
        self.demo = QLabel(translate("getting_started", DEMO_LIMITS), objectName="mind.demo", wordWrap=True)
        layout.addWidget(self.demo)

        self.check_button.clicked.connect(lambda: spawn(self.use_address(self.address.text()), held=self.pending))
        self.address.returnPressed.connect(self.check_button.click)
        self.look_button.clicked.connect(lambda: spawn(self.look_for_servers(), held=self.pending))
        self.cancel_button.clicked.connect(self.pause)
        self.cloud_button.clicked.connect(lambda: self.open_page("mind"))
        self._show_progress(False)
        self.server_note.hide()
        self.download_note.hide()
        self.started = False

    def start(self) -> None:
        """First shown: look for servers and read this computer (once; "Look again" looks again). Only on a
        running loop (the app's qasync one): a window drawn without one, as in a screenshot, stays as it is."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        if not self.started:
            self.started = True
            spawn(self.look_for_servers(), held=self.pending)
            spawn(self.size_up(), held=self.pending)

    @staticmethod
    def _say(label: QLabel, text: str, problem: bool = False) -> None:
        label.setStyleSheet(PROBLEM_STYLE if problem else "")
        label.setText(text)
        label.setVisible(bool(text))

    # --- 1. a server ------------------------------------------------------------------------------------------

    async def look_for_servers(self) -> None:
        self.server_found.setText(translate("mind_choices", "Looking for Ollama, LM Studio, llama.cpp and vLLM on "
                                                            "this computer…"))
        self.found = await find_local_servers(self.bea.gate)
        _clear(self.server_row)
        if not self.found:
            self.server_found.setText(translate("mind_choices", "None is running on its usual port. Start one, or "
                                                                "type its address."))
            return
        self.server_found.setText(translate("mind_choices", "Running here:"))
        for provider, check in self.found:
            label = PROVIDERS[provider].label
            if not check.models:
                self.server_row.addWidget(QLabel(translate("mind_choices", "{server} (no model loaded)")
                                                 .format(server=label)))
                continue
            button = QPushButton(translate("mind_choices", "Use {server} · {model}").format(server=label,
                                                                                           model=check.models[0]),
                                 objectName=f"mind.server.use.{provider}")
            button.clicked.connect(lambda _=False, c=check: spawn(
                self.use_server(ServerAddress(c.url, c.models[0]), c), held=self.pending))
            self.server_row.addWidget(button)
        self.server_row.addStretch(1)

    async def use_address(self, text: str) -> bool:
        address = server_address(text)
        if address is None:
            self._say(self.server_note, translate("mind_choices", "That is not a server's address: write it as "
                                                                  "http://127.0.0.1:8080/v1."), True)
            return False
        self._say(self.server_note, translate("mind_choices", "Checking {url}…").format(url=address.url))
        return await self.use_server(address, await check_server(self.bea.gate, address.url))

    async def use_server(self, address: ServerAddress, check: ServerCheck) -> bool:
        """Make the server her mind when it answered with a model; else say plainly why not."""
        if not check.answered:
            self._say(self.server_note, translate("mind_choices", "No model server answered at {url} ({detail}). "
                                                                  "Start it, or check the address.")
                      .format(url=address.url, detail=check.detail), True)
            return False
        if not check.models:
            self._say(self.server_note, translate("mind_choices", "The server at {url} answers but offers no "
                                                                  "model. Load one in it first.")
                      .format(url=address.url), True)
            return False
        model = address.model or check.models[0]
        if model not in check.models:
            self._say(self.server_note, translate("mind_choices", "The server at {url} has no model called {model}; "
                                                                  "it offers {models}.")
                      .format(url=address.url, model=model, models=", ".join(check.models)), True)
            return False
        try:
            spec, urls = place_server(ServerAddress(address.url, model), self.bea.settings.current.mind.base_urls)
        except ModelSpecError as exc:
            self._say(self.server_note, str(exc), True)
            return False
        if not self._use(str(spec), urls, self.server_note):
            return False
        self._say(self.server_note, translate("mind_choices", "She thinks with {model} at {url} now.")
                  .format(model=model, url=address.url))
        return True

    def _use(self, spec: str, base_urls: dict[str, str] | None, note: QLabel) -> bool:
        """Put `spec` first in her models (and the server's address among hers), through the one write path."""
        current = self.bea.settings.current.mind
        changes: dict[str, Any] = {"mind.models": mind_first(current.models, spec)}
        if base_urls is not None and base_urls != current.base_urls:
            changes["mind.base_urls"] = base_urls
        try:
            self.bea.settings.update(changes)
        except SettingsError as exc:
            self._say(note, translate("mind_choices", "Not saved: {field}: {reason}")
                      .format(field=exc.field, reason=exc.reason), True)
            return False
        return True

    # --- 2. a download ----------------------------------------------------------------------------------------

    async def size_up(self) -> None:
        if self.machine is None:
            self.machine_note.setText(translate("mind_choices", "Reading this computer…"))
            self.machine = await asyncio.get_running_loop().run_in_executor(self.bea.blocking, self.read_machine)
        self.show_downloads()

    def machine_text(self, machine: Machine) -> str:
        gpu = {Accelerator.NONE: translate("mind_choices", "no GPU llama.cpp can use"),
               Accelerator.METAL: translate("mind_choices", "Apple Metal"),
               Accelerator.GPU: translate("mind_choices", "a GPU llama.cpp can use")}[machine.accelerator]
        return translate("mind_choices", "This computer: {ram} GB of memory, {cores} cores, {gpu}.").format(
            ram=f"{machine.ram_bytes / 1e9:.0f}", cores=machine.cores, gpu=gpu)

    def show_downloads(self) -> None:
        """One button per chat model that fits (the recommended one first), or a line saying none does."""
        assert self.machine is not None
        self.machine_note.setText(self.machine_text(self.machine))
        _clear(self.download_row)
        verdicts = chat_models(self.models.catalog, self.machine)
        best = recommend(verdicts)
        here = {m.id for m in self.models.installed()}
        offered = sorted((v for v in verdicts if v.fit is not Fit.TOO_BIG),
                         key=lambda v: (v.entry is not best, v.fit is Fit.SLOW, -v.entry.size_bytes))
        for verdict in offered:
            self.download_row.addWidget(self._download_button(verdict, verdict.entry is best, verdict.entry.id in here))
        if len(offered) < len(verdicts):
            self.download_row.addWidget(QLabel(translate("mind_choices", "Larger models need more memory than this "
                                                                         "computer has."), wordWrap=True))
        if not offered:
            self.download_row.addWidget(QLabel(translate("mind_choices", "None of the catalog's models fits here: "
                                                                         "use a server on another computer, or a "
                                                                         "cloud model."), wordWrap=True))

    def _download_button(self, verdict: Verdict, best: bool, installed: bool) -> QPushButton:
        entry = verdict.entry
        size = human_size(entry.size_bytes)
        fetched = self.models.partial_bytes(entry.id)
        text = (translate("mind_choices", "Use {title} (downloaded)") if installed else
                translate("mind_choices", "Resume {title} ({done} of {size})") if fetched else
                translate("mind_choices", "Download {title} ({size})"))
        text = text.format(title=entry.title, size=size, done=human_size(fetched))
        if best:
            text += translate("mind_choices", " · recommended")
        elif verdict.fit is Fit.SLOW:
            text += translate("mind_choices", " · slow here")
        button = QPushButton(text, objectName=f"mind.download.{entry.id}")
        button.setToolTip(translate("model_fit", verdict.template).format(**dict(verdict.args)))
        button.clicked.connect(lambda: self.download(entry.id))
        return button

    def download(self, model_id: str) -> None:
        if self.download_task is not None and not self.download_task.done():
            self._say(self.download_note, translate("mind_choices", "One download at a time: pause this one first."),
                      True)
            return
        self.download_task = spawn(self._download(model_id), held=self.pending)

    def pause(self) -> None:
        if self.download_task is not None:
            self.download_task.cancel()       # the partial file stays: the next Download resumes it

    async def _download(self, model_id: str) -> bool:
        entry = self.models.entry(model_id)
        self._say(self.download_note, translate("mind_choices", "Downloading {title}…").format(title=entry.title))
        self._show_progress(True)
        try:
            folder = await self.models.download(model_id, self._progress)
        except asyncio.CancelledError:
            self._say(self.download_note, translate("mind_choices", "{title}: paused. Download again to resume "
                                                                    "where it stopped.").format(title=entry.title))
            self._show_progress(False)
            self.show_downloads()
            raise
        except (ModelError, PrivacyRefused, OSError) as exc:
            log.warning("the chat model download failed: %s", summary(exc))
            self._say(self.download_note, str(exc), True)
            self._show_progress(False)
            self.show_downloads()
            return False
        self._show_progress(False)
        gguf = next(iter(sorted(Path(folder).rglob("*.gguf"))), None)
        if gguf is None:
            self._say(self.download_note, translate("mind_choices", "{title} holds no .gguf file.")
                      .format(title=entry.title), True)
            return False
        if self._use(f"local:{gguf}", None, self.download_note):
            self._say(self.download_note, translate("mind_choices", "{title} is downloaded and checked: she thinks "
                                                                    "with it now.").format(title=entry.title))
        self.show_downloads()
        return True

    def _progress(self, done: int, total: int) -> None:
        self.progress.setValue(min(1000, done * 1000 // total) if total else 0)
        self.progress.setFormat(translate("mind_choices", "%p% · {done} of {total}")
                                .format(done=human_size(done), total=human_size(total)))

    def _show_progress(self, on: bool) -> None:
        self.progress.setVisible(on)
        self.cancel_button.setVisible(on)
        if on:
            self.progress.setValue(0)
