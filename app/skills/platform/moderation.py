"""What a moderator removed never reaches her, and is flagged where it was stored (seed 000).

- a person (ban, time-out): their waiting lines are taken back, their stored lines of the session flagged, and
  flagged again after any turn they were in (a turn may have taken them before the ban came);
- a message (deleted): taken back if waiting, flagged once stored (by its message id), again after a turn of
  its author's (or any turn, when the author is not known);
- a whole chat cleared: the conversation's waiting lines are taken back;
- while a person's sanction lasts (a time-out's seconds, a ban for as long as the app runs), silenced(p) is true
  for their new lines: the skill does not hand them to her (a line may still arrive in flight, or the
  platform may let it through to a moderator's view).
The dock's lines are struck by the skill (it knows which lines are whose); this keeps who and what was removed
in this run. The stage's flag_* are blocking: they run through Background, after_turn runs off the loop.
"""

from __future__ import annotations

from typing import Any

from app.core.perception import Perception
from app.skills.platform.background import Background

RECENT_IDS = 2000   # deleted message ids waiting to be flagged once stored


class Moderation:
    def __init__(self, platform: str, stage: Any, work: Background) -> None:
        self.platform = platform
        self._stage = stage
        self._work = work
        # replaced, never changed in place (after_turn reads it from another thread)
        self.removed: frozenset[str] = frozenset()
        self._deleted: dict[str, str] = {}    # message id -> its author's identity ("" when unknown)
        self._until: dict[str, float] = {}    # identity -> when their sanction ends (inf: a ban)

    def _take_back(self, match: Any) -> list[Perception]:
        return self._stage.take_back(match) if self._stage is not None else []

    def remove_person(self, identity: str, reason: str, seconds: float | None = None, now: float = 0.0) -> int:
        """A ban (seconds None) or a time-out of `seconds` from `now` (wall clock). Returns how many waiting
        lines were taken back."""
        self._until[identity] = float("inf") if seconds is None else max(self._until.get(identity, 0.0),
                                                                          now + seconds)
        taken = self._take_back(lambda p: p.author is not None and p.author.identity == identity)
        self.removed = self.removed | {identity}
        if self._stage is not None:
            self._work.write(self._stage.flag_author, identity, reason, what="moderation flag")
        return len(taken)

    def remove_message(self, message_id: str, author: str = "") -> int:
        """Returns how many waiting lines were taken back (0 or 1)."""
        taken = self._take_back(lambda p: p.surface == self.platform and p.message_id == message_id)
        if len(self._deleted) >= RECENT_IDS:
            self._deleted.clear()
        self._deleted[message_id] = author
        if self._stage is not None:
            self._work.write(self._stage.flag_message, message_id, what="moderation flag")
        return len(taken)

    def silenced(self, p: Perception) -> bool:
        """Whether this line's author is under a sanction at the line's time (its ts)."""
        if p.author is None or not self._until:
            return False
        until = self._until.get(p.author.identity)
        if until is None:
            return False
        if p.ts >= until:
            del self._until[p.author.identity]      # served: they may be answered again
            return False
        return True

    def clear_conversation(self, conversation_key: str) -> int:
        taken = self._take_back(lambda p: p.surface == self.platform and p.conversation_key == conversation_key)
        return len(taken)

    def after_turn(self, record: Any) -> None:
        """Off the loop, after each turn: lines of a removed person, or a deleted line, that the turn had already
        taken reach the stream after it: flag them too."""
        if self._stage is None:
            return
        authors = set(getattr(record, "authors", ()))
        for identity in self.removed.intersection(authors):
            self._stage.flag_author(identity, None)
        for message_id, identity in list(self._deleted.items()):
            if (not identity or identity in authors) and self._stage.flag_message(message_id):
                del self._deleted[message_id]     # found and flagged: nothing more to wait for
