"""Settings → Mind: the model pool, where each provider lives, its API key (kept in the keyring, or the encrypted
store where there is none; the page says which), a test. A server's address typed into "Her models" is checked
before Apply saves it: a server that does not answer is refused, and one typed without a model's name gets the
first one it offers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from app.compose import Bea
from app.config.mind_settings import MindSettings
from app.core.model_spec import PROVIDERS, ModelSpecError, ServerAddress, api_key_name, server_address
from app.process.tasks import spawn
from app.senses.llm.probe import ServerCheck, check_server, detect_ollama, probe, server_context
from app.ui.context_dock import ceiling_words
from app.widgets.forms import SectionForm, help_label
from app.widgets.qt import QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QWidget, translate

KEYED = sorted(name for name, p in PROVIDERS.items() if p.needs_key)


def parse_pairs(text: str) -> dict[str, str]:
    pairs = {}
    for part in text.split(","):
        if part.strip():
            name, _, url = part.partition("=")
            pairs[name.strip()] = url.strip()
    return pairs


class MindPage(SectionForm):
    def __init__(self, bea: Bea, prefix: str, values: MindSettings, parent: QWidget | None = None) -> None:
        self.bea = bea
        self.answered: dict[str, ServerCheck] = {}     # servers typed as addresses that answered this Apply
        self.checking: asyncio.Future[Any] | None = None
        super().__init__(prefix, MindSettings, values, parent)
        self.notice = QLabel(translate("mind_notice", bea.mind.notice()), objectName="mindNotice", wordWrap=True)
        self.notice.setStyleSheet("background: #fff4d6; padding: 6px; border-radius: 4px;")
        self.notice.setVisible(bool(self.notice.text()))
        self.layout_.insertRow(0, self.notice)
        budget, context = bea.mind.context.budget, bea.mind.known_context()
        self.advanced_layout.insertRow(0, help_label(ceiling_words(budget.ceiling, context,
                                                                   values.context_max_tokens), "mindCeiling"))
        self.key_provider = QComboBox(objectName="keyProvider")
        self.key_provider.addItems(KEYED)
        self.key = QLineEdit(objectName="apiKey", echoMode=QLineEdit.EchoMode.Password,
                             placeholderText=translate("mind_page", "paste the API key; it is never shown again"))
        save = QPushButton(translate("mind_page", "Save key"))
        save.clicked.connect(self.save_key)
        row = QHBoxLayout()
        for w in (self.key_provider, self.key, save):
            row.addWidget(w)
        self.layout_.addRow(translate("mind_page", "API key"), row)
        where = translate("secrets", bea.secrets.where)
        self.key_where = help_label(translate("mind_page", "API keys are kept in {where}.").format(where=where),
                                    "apiKeyWhere")
        self.layout_.addRow(self.key_where)
        self.test_button = QPushButton(translate("mind_page", "Test connection"), objectName="testConnection")
        self.test_button.clicked.connect(lambda: self._work(self.test_connection()))
        self.ollama_button = QPushButton(translate("mind_page", "Look for Ollama on this computer"),
                                         objectName="detectOllama")
        self.ollama_button.clicked.connect(lambda: self._work(self.find_ollama()))
        buttons = QHBoxLayout()
        buttons.addWidget(self.test_button)
        buttons.addWidget(self.ollama_button)
        self.layout_.addRow(buttons)
        self.result = QLabel(objectName="mindResult", wordWrap=True)
        self.layout_.addRow(self.result)

    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name == "learnt":   # measured, never typed: shown as it stands, and never a change to apply
            self.learnt_label = QLabel(learnt_text(value), wordWrap=True)
            return self.learnt_label, lambda: self._values[self.prefix].learnt
        if name == "models":
            self.models_editor, read = super().editor_for(name, field, value)
            self.models_editor.setPlaceholderText(translate("mind_page", "ollama:qwen3:8b, or a server's address: "
                                                                         "http://127.0.0.1:8080/v1"))
            return self.models_editor, read
        if name != "base_urls":
            return super().editor_for(name, field, value)
        line = self.urls_editor = QLineEdit(", ".join(f"{k}={v}" for k, v in value.items()))
        line.setPlaceholderText(
            translate("mind_page", "ollama=http://127.0.0.1:11434/v1 (empty: each provider's usual address)"))
        return line, lambda: parse_pairs(line.text())

    def reload(self, values: Any, prefix: str | None = None) -> None:
        """After Apply: the fields show what was stored (a typed address as the provider:model it became)."""
        super().reload(values, prefix)
        if (prefix or self.prefix) == self.prefix:
            self.answered.clear()
            self.models_editor.setText(", ".join(values.models))
            self.urls_editor.setText(", ".join(f"{k}={v}" for k, v in values.base_urls.items()))
            self.learnt_label.setText(learnt_text(values.learnt))

    def hold(self, changes: dict[str, Any], retry: Callable[[], Any], refuse: Callable[[str], None]) -> str:
        """Why Apply must wait ("" when it need not): a server's address among the models is checked first; when
        every one answered, the models missing a name get the server's first, and `retry` applies again; a
        server that does not answer is refused through `refuse`, and nothing is saved."""
        typed = [a for a in map(server_address, changes.get(f"{self.prefix}.models", [])) if a is not None]
        waiting = [a for a in typed if a.url not in self.answered or a.model is None]
        if not waiting:
            return ""
        if self.checking is None or self.checking.done():
            self.checking = spawn(self._check_servers(waiting, retry, refuse))
        return translate("mind_page", "Checking the server at {url} before saving…").format(url=waiting[0].url)

    async def _check_servers(self, typed: list[ServerAddress], retry: Callable[[], Any],
                             refuse: Callable[[str], None]) -> None:
        for address in typed:
            check = self.answered.get(address.url) or await check_server(self.bea.gate, address.url)
            if not check.answered:
                refuse(translate("mind_page", "Not saved: no model server answered at {url} ({detail}). Start it "
                                              "(Ollama, LM Studio, llama.cpp…) or check the address.")
                       .format(url=address.url, detail=check.detail))
                return
            if not check.models:
                refuse(translate("mind_page", "Not saved: the server at {url} answers but offers no model. Load "
                                              "one in it first.").format(url=address.url))
                return
            if address.model is not None and address.model not in check.models:
                refuse(translate("mind_page", "Not saved: the server at {url} has no model called {model}; it "
                                              "offers {models}.")
                       .format(url=address.url, model=address.model, models=", ".join(check.models)))
                return
            self.answered[address.url] = check
        self.models_editor.setText(", ".join(self._named(part.strip()) for part in self.models_editor.text().split(",")
                                             if part.strip()))
        retry()

    def _named(self, typed: str) -> str:
        """A typed address with no model's name, with the first one its server offers."""
        address = server_address(typed)
        if address is None or address.model is not None or address.url not in self.answered:
            return typed
        return f"{address.url} {self.answered[address.url].models[0]}"

    def _work(self, coro: Any) -> None:
        self.result.setText(translate("mind_page", "Working…"))
        spawn(coro)

    def save_key(self) -> str:
        provider, key = self.key_provider.currentText(), self.key.text().strip()
        if not key:
            self.result.setText(translate("mind_page", "Paste a key first."))
        else:
            self.bea.secrets.set(api_key_name(provider), key)
            self.result.setText(
                translate("mind_page", "The {label} key is saved in {where}.").format(
                    label=PROVIDERS[provider].label, where=translate("secrets", self.bea.secrets.where)))
        self.key.clear()
        return self.result.text()

    async def test_connection(self) -> str:
        specs = self.value("models")
        if not specs:
            self.result.setText(translate("mind_page", "Add a model first, as provider:model."))
            return self.result.text()
        lines = []
        for spec in specs:
            try:
                client = self.bea.mind.client_factory(self.value("base_urls")).client(spec)
            except ModelSpecError as exc:
                lines.append(f"{spec}: {exc}")
                continue
            try:
                result = await probe(client)
                lines.append(f"{spec}: {result.sentence()}" + (f" {await self._context(spec, client)}"
                                                               if result.ok else ""))
            finally:
                await client.aclose()
        self.result.setText("\n".join(lines))
        return self.result.text()

    async def _context(self, spec: str, client: Any) -> str:
        """How many tokens the server holds, where it says (kept for her window) or she learnt it before."""
        url = getattr(client, "base_url", None)
        size = await server_context(self.bea.gate, url, spec.partition(":")[2]) if url else None
        if size:
            self.bea.mind.figures.context(spec, size)
        size = size or self.bea.mind.figures.of(spec).context
        if not size:
            return translate("mind_page", "It does not say how many tokens it holds; she learns that from the first "
                                          "prompt it refuses as too long.")
        return translate("mind_page", "It holds {tokens} tokens at once, so her window keeps to {half}.").format(
            tokens=f"{size:,}", half=f"{size // 2:,}")

    async def find_ollama(self) -> str:
        base = self.value("base_urls").get("ollama", "http://127.0.0.1:11434/v1").removesuffix("/v1")
        models = await detect_ollama(self.bea.gate, base)
        if not models:
            self.result.setText(translate("mind_page", "No Ollama server answered at ") + base + ".")
        else:
            self.result.setText(translate("mind_page", "Ollama has: ") + ", ".join(models)
                                + translate("mind_page", ". Add one to the models as ollama:<name>."))
        return self.result.text()


def learnt_text(learnt: dict[str, Any]) -> str:
    return "\n".join(learnt_line(spec, seen.prompt_speed, seen.context) for spec, seen in learnt.items()) or \
        translate("mind_page", "Nothing measured yet: each model is measured as she uses it.")


def learnt_line(spec: str, speed: float, context: int) -> str:
    """One model's measured figures, in the window's language."""
    parts = [translate("mind_page", "reads {speed} prompt tokens a second").format(speed=f"{speed:,.1f}")
             if speed else translate("mind_page", "speed not measured yet"),
             translate("mind_page", "holds {tokens} tokens").format(tokens=f"{context:,}") if context
             else translate("mind_page", "size unknown")]
    return f"{spec}: " + "; ".join(parts)


def make_page(bea: Bea, prefix: str, values: MindSettings) -> MindPage:
    return MindPage(bea, prefix, values)
