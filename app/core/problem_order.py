"""Which of the streamer's problems shows first: the most serious, and among equals the newest.

Theory of operation:
1. A problem is known by its topic ("mind", "voice:audio", "obs", "api-lan"...); its kind is the topic's first
   word (before ":" or "-").
2. SERIOUSNESS ranks the kinds by what the streamer loses: her answers first (she cannot think), then her voice
   and ears, her avatar, the people who reach her through a platform, then her hands on OBS and the local API.
   A kind not in the table ranks with the platforms: something people see or send is not working.
3. Among problems of one rank the newest (the highest `seq`: the moment it appeared or last changed) shows
   first, so what just happened is never under what stood there all evening.
"""

from __future__ import annotations

from collections.abc import Iterable

SERIOUSNESS: dict[str, int] = {
    "mind": 0,        # she cannot answer: no model, a failed turn
    "voice": 1,       # she cannot speak or hear
    "stage": 2,       # her avatar is not shown
    "twitch": 3, "youtube": 3, "discord": 3, "telegram": 3, "donations": 3,   # people cannot reach her
    "obs": 4,         # her hands on the stream's scenes and captions
    "api": 5,         # a device of the streamer's cannot reach the local API
}
UNKNOWN = 3           # rule 2: with the platforms


def kind(topic: str) -> str:
    """Rule 1."""
    return topic.partition(":")[0].partition("-")[0]


def rank(topic: str) -> int:
    return SERIOUSNESS.get(kind(topic), UNKNOWN)


def ordered(problems: Iterable[tuple[str, int]]) -> list[str]:
    """The topics of (topic, seq) pairs, the one to show first first (rules 2 and 3)."""
    return [topic for topic, _seq in sorted(problems, key=lambda p: (rank(p[0]), -p[1]))]
