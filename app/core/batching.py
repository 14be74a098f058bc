"""The quiet-gap rule: when a batch of perceptions closes, and which batches are only texture.

Theory of operation:
1. A batch closes when the senses have been quiet, since its last arrival, for the gap the most impatient item
   in it wants: `window` (0.3 s) for a live sense (voice, game, action, system), `text_window` (1.2 s) for
   typed text, which people send in bursts of short lines. A line the streamer typed to her in the app's own
   chat is live: it is one whole line, sent to her with Enter, and she is expected to answer it now.
2. However busy it stays, a batch closes at its first arrival + `max_window` (8 s).
3. The gap is counted from the last arrival, not from when the loop asks: what queued up while she was
   answering has already been quiet all along, and closes at once.
4. Noise (texture such as a heartbeat) joins a batch but neither holds it open nor hurries it, unless the batch
   holds nothing else: a surface that ticks fast must not keep a real batch from closing.
5. A batch made only of noise is not something happening: is_noise_only tells the bus to swallow it.
6. The streamer's own voice closes a batch at once: her ears end a turn only after the streamer has been silent
   for their end-of-turn wait, so the quiet gap has already passed once before the line arrives, and waiting it
   again would only delay her answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.core.perception import OWNER_IDENTITY, Perception, PerceptionKind

TEXT_WINDOW = 1.2
WINDOW = 0.3
MAX_WINDOW = 8.0


@dataclass(frozen=True)
class Arrival:
    at: float        # on the bus's clock
    typed: bool
    noise: bool = False
    settled: bool = False    # rule 6: the sense already waited out the quiet


def arrival_of(perception: Perception, at: float) -> Arrival:
    """Rule 1: typed chat waits for a burst; the streamer's own line to her does not. Rule 6: nor does her voice."""
    owner = perception.author is not None and perception.author.identity == OWNER_IDENTITY
    return Arrival(at=at, typed=perception.kind is PerceptionKind.CHAT and not owner, noise=perception.noise,
                   settled=owner and perception.kind is PerceptionKind.VOICE)


def gap_of(arrival: Arrival, text_window: float = TEXT_WINDOW, window: float = WINDOW) -> float:
    """The quiet this arrival wants after it (rules 1 and 6)."""
    return 0.0 if arrival.settled else text_window if arrival.typed else window


def closes_at(arrivals: Sequence[Arrival], first: float | None = None, *, text_window: float = TEXT_WINDOW,
              window: float = WINDOW, max_window: float = MAX_WINDOW) -> float:
    """The moment the batch holding `arrivals` closes; `first` defaults to the earliest arrival."""
    if not arrivals:
        raise ValueError("an empty batch never closes: there is nothing to wait for")
    start = min(a.at for a in arrivals) if first is None else first
    counted = [a for a in arrivals if not a.noise] or list(arrivals)
    last = max(a.at for a in counted)
    gap = min(gap_of(a, text_window, window) for a in counted)
    return min(last + gap, start + max_window)


def is_noise_only(batch: Sequence[Perception]) -> bool:
    return bool(batch) and all(p.noise for p in batch)
