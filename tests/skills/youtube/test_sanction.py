"""A viewer timed out or banned on YouTube is not answered while the sanction lasts, in the real app
against the fake Data API: lines that still come from them are struck in the dock and never reach her."""

from __future__ import annotations

import asyncio

from tests.skills.youtube.fake_api import FakeYouTube, banned, text
from tests.skills.youtube.test_skill import reading
from tests.waiting import until


def test_a_timed_out_or_banned_viewer_is_not_answered_while_it_lasts(bea):
    pages = [[],
             [banned("x1", "UCspam", "Spammer", seconds=300), banned("x2", "UCtroll", "Troll")],
             [text("s1", "UCspam", "Spammer", "still here, Bea"), text("t1", "UCtroll", "Troll", "hi Bea"),
              text("a1", "UCanna", "Anna", "ciao Bea")]]

    async def go():
        async with FakeYouTube(pages) as api:
            skill = await reading(bea, api)
            await until(lambda: api.served >= 4)
            await until(lambda: bea.mind.bus.pending())
            await asyncio.sleep(0.2)
            pending = [p.content for p in bea.mind.bus.pending()]
            struck = [(line.who, line.removed) for line in skill.log if line.kind == "chat"]
            await skill.stop()
            return pending, struck

    pending, struck = asyncio.run(go())
    assert pending == ["[Anna] ciao Bea"]                   # a five-minute time-out and a ban both hold
    assert struck == [("Spammer", True), ("Troll", True), ("Anna", False)]
