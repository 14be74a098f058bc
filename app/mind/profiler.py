"""The profiler: after about twenty lines from a person (and rarely after), the background pool writes a
short profile of them and hands it to `on_profile` (the People skill puts it on their card). How many lines
each person had when last profiled is kept in the store (`profiled`), so a restart does not profile everyone
again; forgetting a person drops their row (a trigger)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from app.core.chat import Message
from app.core.dreaming import profile_due
from app.core.failures import summary
from app.memory.database import Database
from app.memory.profile_store import ProfileStore
from app.memory.prompt_store import shipped_prompt
from app.senses.llm.base import CallOptions

log = logging.getLogger(__name__)

PROFILE_PROMPT = shipped_prompt("profile")   # in English; the mind hands the one in the streamer's language
OnProfile = Callable[[str, str], Awaitable[None]]
LINES_READ = 60   # the most of a person's lines one profile reads (their latest)


class Profiler:
    def __init__(self, db: Database, pool: Callable[[], Any], on_profile: OnProfile,
                 prompt: Callable[[], str] = lambda: PROFILE_PROMPT, *, clock: Callable[[], float]) -> None:
        self._prompt = prompt
        self._store = ProfileStore(db)
        self._clock = clock   # wall time: when a person was last profiled
        self._pool = pool
        self.on_profile = on_profile
        self._profiled_at = self._store.profiled()
        self._busy: set[str] = set()

    async def maybe_profile(self, identity: str) -> bool:
        if identity in self._busy:
            return False
        count = await self._store.heard_count(identity)
        if not profile_due(count, self._profiled_at.get(identity)):
            return False
        self._busy.add(identity)
        try:
            lines = await self._store.heard_lines(identity, limit=LINES_READ)
            answer = await self._pool().complete(
                [Message.system(self._prompt()), Message.user("\n".join(lines))],
                options=CallOptions(max_tokens=200, temperature=0.3))
            if answer.text.strip():
                await self.on_profile(identity, answer.text.strip())
            self._profiled_at[identity] = count
            await self._store.mark(identity, count, self._clock())
            return True
        except Exception as exc:
            log.warning("a profile could not be written: %s", summary(exc))
            return False
        finally:
            self._busy.discard(identity)
