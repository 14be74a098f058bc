"""What every skill inherits: background work it owns, and a dock's setting change through the one write path."""

import asyncio


def test_spawn_holds_the_task_until_done_and_closes_the_coroutine_without_a_loop(bea):
    skill = bea.skills["clock"]
    ran = []

    async def work():
        await asyncio.sleep(0)
        ran.append(1)

    coro = work()
    assert skill.spawn(coro) is None and ran == []                  # no loop: nothing runs...
    assert coro.cr_frame is None                                     # ...and the coroutine is closed

    async def go():
        task = skill.spawn(work())
        held = task in skill._tasks
        await task
        return held, task in skill._tasks
    assert asyncio.run(go()) == (True, False) and ran == [1]


def test_change_setting_stores_or_says_why_and_leaves_the_value(bea):
    skill = bea.skills["voice"]
    assert skill.change_setting("mode", "always_on") == ""
    assert bea.settings.current.skills.voice.mode == "always_on"
    why = skill.change_setting("mode", "shouting")
    assert "mode" in why and bea.settings.current.skills.voice.mode == "always_on"
