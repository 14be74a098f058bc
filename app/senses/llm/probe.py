"""Does this model work for her? A timed test call that also checks tool calling; Ollama detection, and the
check of a server's address (does it answer, which models does it offer) before it is saved.

How "Test connection" tells a server that drops tools from a model that does not call them:
1. The test asks for the ping tool with tool_choice "auto". A ping call: tool calling works.
2. A refusal of tools (ToolsUnsupported): the server or model cannot take tools; a plain call then says
   whether it answers at all.
3. A plain-text answer is ambiguous, so the test asks again with the call forced (tool_choice "required",
   and when the server cannot take "required", the ping tool by name). A server that passes the tools on
   cannot answer a forced call in plain text; so a ping call means the model got the tools and chose not to
   call one, and plain text means the tools never reached it.
4. Before blaming the server, the prompt tokens speak when the server reports them: if the request with
   the tool costs more prompt tokens than the same request without it, the tool did reach the model (a
   server that ignores tool_choice, as Ollama does, but passes the tools), so the model is at fault.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from app.core import model_pace
from app.core.chat import AssistantMessage, Message
from app.core.model_spec import PROVIDERS, Wire
from app.core.tools import Tool
from app.senses.llm.base import CallOptions, LLMClient, LLMError, ModelTimeout, ToolsUnsupported
from app.senses.netgate import PrivacyRefused

OLLAMA = "http://127.0.0.1:11434"
_PING = Tool("ping", "Call this tool to answer the ping.",
             {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]})
_PROMPT = [Message.system("You are a connection test. Answer by calling the ping tool with ok=true."),
           Message.user("ping")]
_DROPS = ("the server drops the tools it is sent: it answered in plain text even when a tool call was required, "
          "so she could never speak through it (llama-cpp-python's server needs --chat_format "
          "chatml-function-calling; with Ollama pick a model that supports tools)")
_DOES_NOT_CALL = ("the server passes tools on, but the model did not call the test tool unless forced to: "
                  "she may often stay mute with it; a model that calls tools on its own works better")
_NEVER_CALLS = ("the tools reach the model ({grew} more prompt tokens with the tool) but it answered in plain "
                "text even when a tool call was required: this model does not call tools, so it cannot be her "
                "mind")


@dataclass(frozen=True)
class ProbeResult:
    ok: bool
    latency_ms: float
    tools: bool | None     # the model calls tools on its own; None: unknown, because it did not answer at all
    detail: str
    # the tools reach the model: True, False (the server drops them), None (unknown)
    honours_tools: bool | None = None

    def sentence(self) -> str:
        if not self.ok:
            return f"Not working: {self.detail}"
        return f"Works: answered in {self.latency_ms:.0f} ms; {self.detail}"


async def probe(client: LLMClient) -> ProbeResult:
    start = time.perf_counter()

    def ms() -> float:
        return (time.perf_counter() - start) * 1000

    try:
        answer = await _ask(client, "auto")
    except ToolsUnsupported:
        try:
            await client.complete(_PROMPT, options=CallOptions(max_tokens=16))
        except LLMError as exc:
            return ProbeResult(False, ms(), None, exc.reason)
        return ProbeResult(True, ms(), False, "but it does not call tools, and she speaks only through tools, "
                                              "so it cannot be her mind", False)
    except LLMError as exc:
        return ProbeResult(False, ms(), None, exc.reason)
    latency = ms()
    if _pinged(answer):
        return ProbeResult(True, latency, True, "tool calling works", True)
    forced = await _forced(client)
    if forced is not None and _pinged(forced):
        return ProbeResult(True, latency, False, "but " + _DOES_NOT_CALL, True)
    grew = await _prompt_growth(client, answer)
    if grew and forced is not None:
        return ProbeResult(True, latency, False, "but " + _NEVER_CALLS.format(grew=grew), True)
    if grew:
        return ProbeResult(True, latency, False, f"but the tools reach the model ({grew} more prompt tokens with "
                                                 f"the tool) and it answered in plain text instead of calling the "
                                                 f"test tool: it may not follow tool calls reliably", True)
    if forced is None:
        return ProbeResult(True, latency, False, "but it answered in plain text instead of calling the test tool, "
                                                 "and the server refused a forced tool call, so whether the tools "
                                                 "reach the model is unknown", None)
    return ProbeResult(True, latency, False, "but " + _DROPS, False)


async def _ask(client: LLMClient, choice: str) -> AssistantMessage:
    return await client.complete(_PROMPT, [_PING], options=CallOptions(max_tokens=64, tool_choice=choice))


def _pinged(answer: AssistantMessage) -> bool:
    return any(call.name == "ping" for call in answer.tool_calls)


async def _forced(client: LLMClient) -> AssistantMessage | None:
    """Rule 3: the answer to a forced call, or None when the server takes neither way of forcing one."""
    for choice in ("required", _PING.name):
        try:
            return await _ask(client, choice)
        except ModelTimeout:
            return None
        except LLMError:
            continue   # e.g. llama-cpp-python's function-calling format cuts the stream on "required"
    return None


async def _prompt_growth(client: LLMClient, with_tool: AssistantMessage) -> int:
    """Rule 4: how many more prompt tokens the tool cost (0 when unknown or none)."""
    if not with_tool.usage.prompt:
        return 0
    try:
        plain = await client.complete(_PROMPT, options=CallOptions(max_tokens=1))
    except LLMError:
        return 0
    if not plain.usage.prompt:
        return 0
    return max(0, with_tool.usage.prompt - plain.usage.prompt)


async def detect_ollama(gate: Any, base: str = OLLAMA, timeout: float = 2.0) -> list[str]:
    """The models an Ollama server on this machine offers, or [] when none answers."""
    import aiohttp
    try:
        async with gate.http_session("Ollama detection", timeout=aiohttp.ClientTimeout(total=timeout)) as s:
            async with s.get(f"{base}/api/tags") as resp:
                if resp.status != 200:
                    return []
                body = await resp.json()
    except (aiohttp.ClientError, TimeoutError, OSError, ValueError):
        return []
    return sorted(m["name"] for m in body.get("models", []) if isinstance(m, dict) and m.get("name"))


@dataclass(frozen=True)
class ServerCheck:
    url: str
    answered: bool
    models: tuple[str, ...] = ()
    detail: str = ""          # what went wrong, when it did not answer as a server does


async def check_server(gate: Any, url: str, timeout: float = 3.0) -> ServerCheck:
    """Ask an OpenAI-compatible server at `url` (…/v1) for its models: whether it answers, and what it offers."""
    import aiohttp
    url = url.rstrip("/")
    try:
        async with gate.http_session("model server check", timeout=aiohttp.ClientTimeout(total=timeout)) as s:
            async with s.get(f"{url}/models") as resp:
                if resp.status != 200:
                    return ServerCheck(url, False, (), f"it answered HTTP {resp.status} to a request for its models")
                body = await resp.json(content_type=None)
    except TimeoutError:         # before OSError, whose subclass it is
        return ServerCheck(url, False, (), f"nothing answered in {timeout:g} s")
    except PrivacyRefused as exc:
        return ServerCheck(url, False, (), str(exc))
    except (aiohttp.ClientError, OSError):
        return ServerCheck(url, False, (), "nothing answered there")
    except ValueError:
        return ServerCheck(url, False, (), "what answered is not an OpenAI-compatible server")
    items = body.get("data") if isinstance(body, dict) else None
    if not isinstance(items, list):
        return ServerCheck(url, False, (), "what answered is not an OpenAI-compatible server")
    return ServerCheck(url, True, tuple(m["id"] for m in items if isinstance(m, dict) and isinstance(m.get("id"), str)))


async def server_context(gate: Any, url: str, model: str, timeout: float = 3.0) -> int | None:
    """The context the server at `url` (…/v1) holds for `model`, where it says: llama.cpp's /props, or the
    model list (OpenRouter, vLLM, LM Studio); None when it does not say (app.core.model_pace rule 7)."""
    import aiohttp
    url = url.rstrip("/")
    asks = ((url.removesuffix("/v1") + "/props", model_pace.context_from_props),
            (url + "/models", lambda doc: model_pace.context_from_models(doc, model)))
    try:
        async with gate.http_session("model server size", timeout=aiohttp.ClientTimeout(total=timeout)) as s:
            for where, read in asks:
                try:
                    async with s.get(where) as resp:
                        if resp.status == 200 and (size := read(await resp.json(content_type=None))):
                            return size
                except ValueError:
                    continue
    except (aiohttp.ClientError, TimeoutError, OSError, PrivacyRefused):
        return None
    return None


# the servers people run on their own computer, at the addresses they listen on unless told otherwise
LOCAL_SERVERS = tuple(p.name for p in PROVIDERS.values()
                      if p.wire is Wire.OPENAI and not p.needs_key and p.base_url and "127.0.0.1" in p.base_url)


async def find_local_servers(gate: Any, timeout: float = 2.0) -> list[tuple[str, ServerCheck]]:
    """The model servers answering on this computer's usual ports, as (provider, check), in PROVIDERS order."""
    checks = await asyncio.gather(*(check_server(gate, PROVIDERS[name].base_url or "", timeout)
                                    for name in LOCAL_SERVERS))
    return [(name, check) for name, check in zip(LOCAL_SERVERS, checks, strict=True) if check.answered]
