"""A donation seen on a chat platform (bits, a Super Chat): stored off the loop through the People port, so a
card is minted at once and a repeat of the same delivery counts once; `said`, if any, is published when it was
new."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from app.core.events import EventKind
from app.skills.platform.background import Background


def record_donation(people: Any, work: Background, identity: str, name: str, key: str, amount: Decimal,
                    currency: str, message: str, said: str = "", **data: Any) -> None:
    if people is None:
        return

    def record() -> None:
        if people.donation(identity, name, key, amount, currency, message) is not None and said:
            work.publish_threadsafe(EventKind.SYSTEM, said, **data)
    work.write(record, what="donation write")
