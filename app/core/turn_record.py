"""What one turn of the mind was: the record the Turn Log keeps, as plain data with a JSON round trip."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

FAILED = "failed"


@dataclass
class ToolOutcome:
    name: str
    arguments: str
    observation: str
    failed: bool
    ms: float = 0.0


@dataclass
class TurnRecord:
    started_at: float
    prompt: str = ""             # the static part in force (soul, manual, skills' sections)
    briefing: str = ""           # the dynamic part built for this turn
    perceptions: list[str] = field(default_factory=list)
    thoughts: list[str] = field(default_factory=list)
    tools: list[ToolOutcome] = field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    reasoning_tokens: int = 0
    model_calls: int = 0
    ms: float = 0.0
    model: str = ""
    rescued: bool = False
    outcome: str = ""            # spoke | wrote | silent | mute | acted | failed
    moods: list[str] = field(default_factory=list)     # the moods she spoke in
    authors: list[str] = field(default_factory=list)   # who was in the batch (identities, never shown to her)
    stage_authors: list[str] = field(default_factory=list)  # those of them on stage: only they can move her mood
    scoped: bool = False         # only written conversations: her mood was read, never written (seed 004)
    said: list[list[str]] = field(default_factory=list)  # [conversation, text] of each line she said or wrote
    usage_estimated: bool = False  # a server reported no usage: the token counts were counted here
    cost_usd: float | None = None  # what the turn's cloud calls cost; None: free (local) or no price known
    error: str = ""              # a failed turn: why, in a sentence the streamer can read
    failures: list[list[str]] = field(default_factory=list)  # a failed turn: [model, reason] of each try

    @property
    def failed(self) -> bool:
        return self.outcome == FAILED

    def tokens(self) -> str:
        """"123+45 tokens", or "~123+45 tokens (estimated)" when a server reported none."""
        counts = f"{self.prompt_tokens}+{self.completion_tokens} tokens"
        return f"~{counts} (estimated)" if self.usage_estimated else counts

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnRecord:
        data = dict(data)
        data["tools"] = [ToolOutcome(**t) for t in data.get("tools", [])]
        return cls(**data)

    def search_text(self) -> str:
        """What a search of the Turn Log matches against."""
        parts = [*self.perceptions, *self.thoughts, self.outcome, self.model, self.error]
        parts += [f"{t.name} {t.arguments} {t.observation}" for t in self.tools]
        return "\n".join(parts)
