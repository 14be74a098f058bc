"""Settings → Mind: the model pool, where each provider lives, its API key (kept in the keyring, or the encrypted
store where there is none; the page says which), a test."""

from __future__ import annotations

import asyncio
from typing import Any

from app.compose import Bea
from app.config.mind_settings import MindSettings
from app.core.model_spec import PROVIDERS, ModelSpecError, api_key_name
from app.senses.llm.probe import detect_ollama, probe
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
        self.key_where = help_label(translate("mind_page", "API keys are kept in {where}.").format(where=bea.secrets.where), "apiKeyWhere")
        self.layout_.addRow(self.key_where)
        self.test_button = QPushButton(translate("mind_page", "Test connection"), objectName="testConnection")
        self.test_button.clicked.connect(lambda: self._spawn(self.test_connection()))
        self.ollama_button = QPushButton(translate("mind_page", "Look for Ollama on this computer"), objectName="detectOllama")
        self.ollama_button.clicked.connect(lambda: self._spawn(self.find_ollama()))
        buttons = QHBoxLayout()
        buttons.addWidget(self.test_button)
        buttons.addWidget(self.ollama_button)
        self.layout_.addRow(buttons)
        self.result = QLabel(objectName="mindResult", wordWrap=True)
        self.layout_.addRow(self.result)

    def editor_for(self, name: str, field: Any, value: Any) -> tuple[QWidget, Any]:
        if name != "base_urls":
            return super().editor_for(name, field, value)
        line = QLineEdit(", ".join(f"{k}={v}" for k, v in value.items()))
        line.setPlaceholderText(translate("mind_page", "ollama=http://127.0.0.1:11434/v1 (empty: each provider's usual address)"))
        return line, lambda: parse_pairs(line.text())

    def _spawn(self, coro: Any) -> None:
        self.result.setText(translate("mind_page", "Working…"))
        asyncio.ensure_future(coro)

    def save_key(self) -> str:
        provider, key = self.key_provider.currentText(), self.key.text().strip()
        if not key:
            self.result.setText(translate("mind_page", "Paste a key first."))
        else:
            self.bea.secrets.set(api_key_name(provider), key)
            self.result.setText(translate("mind_page", "The {label} key is saved in {where}.").format(label=PROVIDERS[provider].label, where=self.bea.secrets.where))
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
                lines.append(f"{spec}: {(await probe(client)).sentence()}")
            finally:
                await client.aclose()
        self.result.setText("\n".join(lines))
        return self.result.text()

    async def find_ollama(self) -> str:
        base = self.value("base_urls").get("ollama", "http://127.0.0.1:11434/v1").removesuffix("/v1")
        models = await detect_ollama(self.bea.gate, base)
        if not models:
            self.result.setText(translate("mind_page", "No Ollama server answered at ") + base + ".")
        else:
            self.result.setText(translate("mind_page", "Ollama has: ") + ", ".join(models) + translate("mind_page", ". Add one to the models as ollama:<name>."))
        return self.result.text()


def make_page(bea: Bea, prefix: str, values: MindSettings) -> MindPage:
    return MindPage(bea, prefix, values)
