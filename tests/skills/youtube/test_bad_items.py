"""A chat page with items nobody can read (found by the parser fuzz) is read past: the bad items are skipped,
the good ones on the same page reach her, and the poll moves on with the page's token. Before, an amount of 40
digits or an endless ban stopped the page's parse, and the same page was polled again for ever."""

from __future__ import annotations

import asyncio

from tests.skills.youtube.fake_api import FakeYouTube, banned, superchat, text
from tests.skills.youtube.test_skill import reading
from tests.waiting import until


def test_bad_items_are_skipped_and_the_poll_moves_on(bea):
    endless = banned("x1", "UCspam", "Spammer", seconds=300)
    endless["snippet"]["userBannedDetails"]["banDurationSeconds"] = float("inf")
    pages = [[],
             [superchat("s1", "UCrich", "Rich", "9" * 40, "EUR", "too much"), endless,
              superchat("s2", "UCodd", "Odd", "²000000", "EUR", "odd digits"),
              text("a1", "UCanna", "Anna", "still here")],
             [text("b1", "UCbo", "Bo", "and the next page too")]]

    async def go():
        async with FakeYouTube(pages) as api:
            skill = await reading(bea, api)
            await until(lambda: api.served >= 4)
            pending, state = bea.mind.bus.pending(), skill.status
            await skill.stop()
            return pending, state, api.requests

    pending, state, requests = asyncio.run(go())
    assert [p.content for p in pending] == ["[Anna] still here", "[Bo] and the next page too"]
    assert state == ("reading", "")
    tokens = [query.get("pageToken") for path, query, _key in requests if path.endswith("/messages")]
    assert tokens[:4] == [None, "page1", "page2", "page3"]
