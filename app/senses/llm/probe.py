"""Does this model work for her? A timed test call that also checks tool calling, and Ollama detection."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from app.core.chat import Message
from app.core.tools import Tool
from app.senses.llm.base import CallOptions, LLMClient, LLMError, ToolsUnsupported

OLLAMA = "http://127.0.0.1:11434"
_PING = Tool("ping", "Call this tool to answer the ping.",
             {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]})
_PROMPT = [Message.system("You are a connection test. Answer by calling the ping tool with ok=true."),
           Message.user("ping")]


@dataclass(frozen=True)
class ProbeResult:
    ok: bool
    latency_ms: float
    tools: bool | None     # None: unknown, because the model did not answer at all
    detail: str

    def sentence(self) -> str:
        if not self.ok:
            return f"Not working: {self.detail}"
        return f"Works: answered in {self.latency_ms:.0f} ms; {self.detail}"


async def probe(client: LLMClient) -> ProbeResult:
    start = time.perf_counter()

    def ms() -> float:
        return (time.perf_counter() - start) * 1000

    try:
        answer = await client.complete(_PROMPT, [_PING], options=CallOptions(max_tokens=64, tool_choice="auto"))
    except ToolsUnsupported:
        try:
            await client.complete(_PROMPT, options=CallOptions(max_tokens=16))
        except LLMError as exc:
            return ProbeResult(False, ms(), None, exc.reason)
        return ProbeResult(True, ms(), False, "but it does not call tools, and she speaks only through tools, "
                                              "so it cannot be her mind")
    except LLMError as exc:
        return ProbeResult(False, ms(), None, exc.reason)
    if any(call.name == "ping" for call in answer.tool_calls):
        return ProbeResult(True, ms(), True, "tool calling works")
    return ProbeResult(True, ms(), False, "but it answered in plain text instead of calling the test tool: "
                                          "it may not follow tool calls reliably")


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
