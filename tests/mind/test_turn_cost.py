"""Usage and cost as the composed mind records them: counted with the model's tokenizer when a server reports
none (and marked estimated), priced from the table in Settings → Mind for a cloud model, free for a local one."""

import asyncio

import pytest

from app.config.service import SettingsError
from app.core.chat import AssistantMessage, Usage
from app.senses.llm.tokens import counter_for
from app.ui.turn_log_dock import details, summary
from tests.fakes import call, says
from tests.mind.harness import chat


def one_turn(bea, answer: AssistantMessage):
    from tests.fakes import FakeLLMClient

    async def go():
        bea.mind.start()
        await bea.mind._counting               # the model's own tokenizer, loaded off the loop
        bea.mind.consciousness.llm = FakeLLMClient([answer])
        record = await bea.mind.consciousness.turn([chat("ciao bea")])
        rows = [rec for _id, rec in await bea.mind.turn_log.search()]
        await bea.mind.stop()
        return record, rows
    return asyncio.run(go())


def test_a_cloud_turn_with_no_reported_usage_is_counted_and_priced(bea):
    bea.settings.set("mind.models", ["openai:gpt-4o-mini"])
    speak = call("speak", message="ciao marco, come va?", mood="happy")
    record, rows = one_turn(bea, AssistantMessage(tool_calls=(speak,), model="gpt-4o-mini-2024-07-18"))
    o200k = counter_for("openai:gpt-4o-mini")
    assert bea.mind.counter_name == o200k.name == "o200k_base"
    assert record.usage_estimated and record.prompt_tokens > 100
    assert record.completion_tokens == o200k.count("speak") + o200k.count(speak.arguments)
    assert record.cost_usd == pytest.approx((record.prompt_tokens * 0.15 + record.completion_tokens * 0.60) / 1e6)
    assert rows[0].cost_usd == record.cost_usd and rows[0].usage_estimated
    tokens = f"~{record.prompt_tokens}+{record.completion_tokens} tokens (estimated)"
    assert tokens in summary(rows[0]) and "$0.0" in summary(rows[0])
    assert "(estimated: the server reported none)" in details(rows[0])


def test_a_reported_usage_is_exact_and_the_price_table_is_the_streamers(bea):
    bea.settings.update({"mind.models": ["openai:gpt-4o-mini"], "mind.prices": ["openai:gpt-4o-mini=1/2"]})
    answer = says("ciao!")
    answer = AssistantMessage(tool_calls=answer.tool_calls, usage=Usage(1000, 500), model="gpt-4o-mini")
    record, rows = one_turn(bea, answer)
    assert not record.usage_estimated and (record.prompt_tokens, record.completion_tokens) == (1000, 500)
    assert record.cost_usd == pytest.approx((1000 * 1 + 500 * 2) / 1e6)
    assert "1000+500 tokens · $0.0020" in summary(rows[0]) and "estimated" not in summary(rows[0])


def test_a_local_model_costs_nothing_and_shows_no_cost(bea):
    bea.settings.set("mind.models", ["ollama:qwen2.5:7b"])
    answer = says("ciao!")
    record, rows = one_turn(bea, AssistantMessage(tool_calls=answer.tool_calls, model="qwen2.5:7b"))
    assert record.cost_usd is None and record.usage_estimated
    assert "$" not in summary(rows[0]) and "$" not in details(rows[0])


def test_a_bad_price_is_refused_with_a_sentence(bea):
    assert bea.settings.current.mind.prices[:1] == ["openai:gpt-4o=2.50/10.00"]
    with pytest.raises(SettingsError) as err:
        bea.settings.set("mind.prices", ["gpt-4o costs a lot"])
    assert err.value.field == "mind.prices" and "model=input/output" in err.value.reason
