"""Fakes for the mind's tests: a scripted LLM client that replays assistant messages and counts calls, and a
clock stopped at one moment."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, tzinfo
from itertools import count

from app.core.chat import AssistantMessage, Message, ToolCall, Usage
from app.core.tools import Tool

_ids = count(1)

Step = AssistantMessage | Callable[[list[Message], list[Tool]], object]


def call(name: str, **arguments) -> ToolCall:
    return ToolCall(f"call_{next(_ids)}", name, json.dumps(arguments))


def says(text: str, mood: str = "neutral", thought: str = "") -> AssistantMessage:
    return AssistantMessage(text=thought, tool_calls=(call("speak", message=text, mood=mood),),
                            usage=Usage(100, 10), model="fake")


def uses(*calls: ToolCall, thought: str = "") -> AssistantMessage:
    return AssistantMessage(text=thought, tool_calls=tuple(calls), usage=Usage(100, 10), model="fake")


def thinks(text: str) -> AssistantMessage:
    return AssistantMessage(text=text, usage=Usage(100, 10), model="fake")


@dataclass
class FakeLLMClient:
    """Replays `script` one step per call. A step is an AssistantMessage, or a function (sync or async) of
    (messages, tools) returning one, for a test that needs something to happen while the model "thinks".
    When the script runs out, `default` answers (silence unless told otherwise)."""
    script: list[Step] = field(default_factory=list)
    default: AssistantMessage = field(default_factory=lambda: uses(call("stay_silent", reason="script ended")))
    name: str = "fake"
    calls: list[tuple[list[Message], list[str]]] = field(default_factory=list)

    async def complete(self, messages: Sequence[Message], tools: Sequence[Tool] = (), *, on_delta=None,
                       options=None) -> AssistantMessage:
        self.calls.append((list(messages), [t.name for t in tools]))
        step = self.script.pop(0) if self.script else self.default
        if callable(step):
            step = step(list(messages), list(tools))
            if inspect.isawaitable(step):
                step = await step
        return step

    async def aclose(self) -> None:
        return None

    def user_texts(self, i: int) -> str:
        """Everything the model was shown as user frames in call i."""
        return "\n".join(m.content for m in self.calls[i][0] if m.role == "user")


class HashingEmbedder:
    """A deterministic stand-in embedder for store tests (the real models are tested in test_embedder.py):
    words hashed into a fixed number of buckets, L2-normalised, so shared words mean similar vectors."""

    def __init__(self, dim: int = 64, name: str = "hashing-test", fail: bool = False) -> None:
        self.dim, self.name, self.fail = dim, name, fail

    def _one(self, text: str):
        import hashlib

        import numpy as np
        v = np.zeros(self.dim, np.float32)
        for word in text.lower().split():
            h = int(hashlib.md5(word.strip(".,!?").encode()).hexdigest(), 16)
            v[h % self.dim] += 1.0 if (h >> 64) % 2 else -1.0
        n = np.linalg.norm(v)
        return v / n if n else v

    def embed_passages(self, texts):
        import numpy as np
        if self.fail:
            raise RuntimeError("the embedder is not loaded")
        return np.stack([self._one(t) for t in texts])

    embed_queries = embed_passages


class StoppedClock:
    """A Clock (app.process.clock) stopped at one moment: for a test whose skill reads the date."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def time(self) -> float:
        return self.at.timestamp()

    def monotonic(self) -> float:
        return self.at.timestamp()

    def now(self) -> datetime:
        return self.at

    def zone(self) -> tzinfo:
        return self.at.tzinfo or UTC   # the zone the moment was given in: a test's hours do not move with the machine


def roomy_disk(_folder) -> int:
    """A disk with a terabyte free: a download test is about the download, not about the machine's free space."""
    return 1 << 40
