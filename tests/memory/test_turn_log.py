"""The Turn Log round-trips every field of a turn and finds turns by the words in them."""

import asyncio

from app.core.turn_record import ToolOutcome, TurnRecord


def make(i, said, tool="speak", failed=False):
    return TurnRecord(started_at=1000.0 + i, prompt="soul", briefing="[NOW] 16:00",
                      perceptions=[f"[marco] {said}"], thoughts=["a thought of hers"],
                      tools=[ToolOutcome(tool, '{"message": "ciao"}', "ERROR: no voice" if failed else "said",
                                         failed, 12.5)],
                      prompt_tokens=900, completion_tokens=40, reasoning_tokens=7, model_calls=1, ms=321.0,
                      model="local:smollm2", rescued=failed, outcome="mute" if failed else "spoke")


def test_record_and_search(bea):
    from app.memory.turn_log import TurnLog
    log = TurnLog(bea.db)

    async def go():
        for i, said in enumerate(["ciao bea come stai", "what is 100% of pasta_al_forno", "bye"]):
            await log.record(make(i, said, failed=(i == 2)))
        return (await log.search(), await log.search("PASTA"), await log.search("100%"),
                await log.search("pasta_al"), await log.search("ciao bye"), await log.search("no voice"))

    everything, pasta, percent, underscore, both, failed = asyncio.run(go())
    assert [rec.perceptions[0] for _, rec in everything] == [
        "[marco] bye", "[marco] what is 100% of pasta_al_forno", "[marco] ciao bea come stai"]
    first = everything[-1][1]
    assert first == make(0, "ciao bea come stai")
    assert len(pasta) == 1 and len(percent) == 1 and len(underscore) == 1
    assert len(both) == 1  # "ciao" is in the speak arguments of every turn, "bye" in one perception only
    assert [rec.outcome for _, rec in failed] == ["mute"] and failed[0][1].rescued
