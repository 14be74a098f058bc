"""The AttentionGate: the state attention needs, and annotate(), which gives every perception a priority.

Theory of operation:
1. The rules are app.core.attention; the gate only keeps what they read: lines per conversation lately, who
   was in each conversation, when she last spoke in each (and anywhere), her own message ids, and the owner's
   settings (names, owner identity, hot names, quiet hours, cooldown). The clock is injected.
2. annotate(batch) returns every perception of the batch, none dropped, each with a priority and its reasons,
   sorted highest first; ties keep arrival order, addressed ahead of a score that reached 1.0.
3. The batch counts as activity before it is scored (three lines in a row make a busy conversation), and
   whoever wrote in it is in the exchange if she answers that conversation next.
4. note_spoke(conversation_key, message_id) records that she answered there: it starts the cooldown, marks
   the people in that exchange for follow-ups, and remembers the id so a reply to it addresses her.
5. Noise and IDLE never count as activity or as being in an exchange.
6. What follow-ups need outlives a restart: exchanges() hands out (conversation, when she spoke, who was in the
   exchange) for the conversations she answered since the last call, and restore() takes them back, keeping
   only those still young enough for a follow-up or a cooldown (the shell stores them).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, tzinfo

from app.core.attention import (
    ADDRESSED,
    FOLLOW_UP,
    FOLLOW_UP_SECONDS,
    Cues,
    QuietWindow,
    Signals,
    explain,
    first_mention,
    is_addressed,
    is_follow_up,
    is_quiet,
)
from app.core.perception import Meta, Perception, PerceptionKind

# "Recent" activity: the last two minutes of a conversation, which is what a viewer scrolling back sees.
ACTIVITY_SECONDS = 120.0
# Who counts as in the exchange she answered: anyone who wrote there in the three minutes before her answer.
EXCHANGE_SECONDS = 180.0
# Enough of her own ids to recognise replies to anything she said in a long stream.
OWN_IDS_KEPT = 1000


class AttentionGate:
    def __init__(self, now: Callable[[], datetime], *, names: Sequence[str] = ("Bea",),
                 owner: str | None = None, hot_names: Sequence[str] = (),
                 is_known: Callable[[str], bool] = lambda _identity: False,
                 quiet_hours: Sequence[QuietWindow] = (), cooldown_seconds: float = 20.0,
                 tz: tzinfo | None = None) -> None:
        self._now = now
        self.names = tuple(names)
        self.owner = owner
        self.hot_names = tuple(hot_names)
        self.is_known = is_known
        self.quiet_hours = tuple(quiet_hours)
        self.cooldown_seconds = cooldown_seconds
        self.tz = tz  # quiet hours are read on this zone's wall clock; None is the machine's
        self._lines: dict[str, deque[float]] = {}
        self._seen: dict[str, dict[str, float]] = {}
        self._spoke: dict[str, float] = {}
        self._exchange: dict[str, frozenset[str]] = {}
        self._changed: set[str] = set()  # conversations answered since exchanges() was last asked
        self._spoke_anywhere = now().timestamp()  # from start: a fresh session has not been silent for long
        self._own_ids: deque[str] = deque(maxlen=OWN_IDS_KEPT)
        self._own_id_set: set[str] = set()

    def annotate(self, batch: Sequence[Perception]) -> list[Perception]:
        moment = self._now()
        now = moment.timestamp()
        quiet = is_quiet(moment.astimezone(self.tz).time(), self.quiet_hours)
        self._count_lines(batch, now)
        ranked = []
        for index, p in enumerate(batch):
            priority, reasons, certain = self._judge(p, now, quiet)
            ranked.append((-priority, not certain, index, p.annotated(priority, reasons)))
        self._note_writers(batch, now)
        ranked.sort(key=lambda r: r[:3])
        return [r[3] for r in ranked]

    def note_spoke(self, conversation_key: str, message_id: str | None = None) -> None:
        now = self._now().timestamp()
        self._spoke[conversation_key] = now
        self._spoke_anywhere = now
        seen = self._seen.get(conversation_key, {})
        self._exchange[conversation_key] = frozenset(
            who for who, at in seen.items() if now - at <= EXCHANGE_SECONDS)
        self._changed.add(conversation_key)
        if message_id is not None:
            self._remember_own(message_id)

    def exchanges(self) -> list[tuple[str, float, frozenset[str]]]:
        """The exchanges noted since the last call: (conversation, when she spoke there, who was in it)."""
        changed, self._changed = self._changed, set()
        return [(key, self._spoke[key], self._exchange.get(key, frozenset())) for key in sorted(changed)]

    def restore(self, exchanges: Iterable[tuple[str, float, Iterable[str]]]) -> int:
        """Take back stored exchanges (after a restart); returns how many were still young enough to matter."""
        now = self._now().timestamp()
        keep = max(FOLLOW_UP_SECONDS, self.cooldown_seconds)
        count = 0
        for key, spoke_at, who in exchanges:
            if 0.0 <= now - spoke_at <= keep and spoke_at > self._spoke.get(key, float("-inf")):
                self._spoke[key] = spoke_at
                self._exchange[key] = frozenset(who)
                count += 1
        return count

    def _judge(self, p: Perception, now: float, quiet: bool) -> tuple[float, tuple[str, ...], bool]:
        """(priority, reasons, whether it is certainly for her)."""
        who = p.author.identity if p.author is not None else None
        key = p.conversation_key
        addressed, why = is_addressed(Cues(
            text=p.text, names=self.names, author=who, owner=self.owner, reply_to=p.reply_to,
            own_message_ids=self._own_id_set, donation=p.flag(Meta.DONATION), dm=p.flag(Meta.DM),
            whisper=p.flag(Meta.WHISPER), one_to_one=p.flag(Meta.ONE_TO_ONE), flagged=p.addressed))
        if addressed:
            return 1.0, (ADDRESSED + why,), True
        if who is not None and is_follow_up(now, self._spoke.get(key), who in self._exchange.get(key, ())):
            return 1.0, (FOLLOW_UP,), True
        spoke_here = self._spoke.get(key)
        value, reasons = explain(Signals(
            salience=p.salience,
            in_cooldown=spoke_here is not None and now - spoke_here < self.cooldown_seconds,
            quiet_hours=quiet,
            recent_lines=len(self._lines.get(key, ())),
            hot=first_mention(p.text, self.hot_names) is not None,
            known=who is not None and self.is_known(who),
            question="?" in p.text,
            silent_for=now - self._spoke_anywhere,
            noise=p.noise))
        return value, reasons, False

    def _count_lines(self, batch: Iterable[Perception], now: float) -> None:
        for p in batch:
            if _counts(p):
                self._lines.setdefault(p.conversation_key, deque()).append(now)
        for lines in self._lines.values():
            while lines and now - lines[0] > ACTIVITY_SECONDS:
                lines.popleft()

    def _note_writers(self, batch: Iterable[Perception], now: float) -> None:
        for p in batch:
            if _counts(p) and p.author is not None:
                self._seen.setdefault(p.conversation_key, {})[p.author.identity] = now
        for key, seen in self._seen.items():
            self._seen[key] = {who: at for who, at in seen.items() if now - at <= EXCHANGE_SECONDS}

    def _remember_own(self, message_id: str) -> None:
        if message_id in self._own_id_set:
            return
        if len(self._own_ids) == self._own_ids.maxlen:
            self._own_id_set.discard(self._own_ids[0])
        self._own_ids.append(message_id)
        self._own_id_set.add(message_id)


def _counts(p: Perception) -> bool:
    return not p.noise and p.kind is not PerceptionKind.IDLE
