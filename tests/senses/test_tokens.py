"""Token counts from real tokenizers, with the estimator declared as the fallback."""

import pytest

from app.senses.llm.tokens import counter_for, openai_encoding


def test_the_builtin_model_counts_with_its_own_gguf_tokenizer():
    c = counter_for("local:smollm2")
    assert c.exact and c.name.startswith("gguf:SmolLM2")
    assert 3 <= c.count("ciao bea, come stai?") <= 12 and c.count("") == 0


def test_openai_compatible_models_count_with_openai_bpe():
    c = counter_for("openai:gpt-4o-mini")
    assert c.exact and c.name == "o200k_base"
    assert c.count("hello world") == 2
    assert counter_for("openai:gpt-3.5-turbo").name == "cl100k_base"


@pytest.mark.parametrize("model,encoding", [("gpt-4o", "o200k_base"), ("gpt-4", "cl100k_base"),
                                            ("gpt-4-turbo", "cl100k_base"), ("qwen2.5:7b", "o200k_base")])
def test_encoding_choice(model, encoding):
    assert openai_encoding(model) == encoding


def test_anthropic_and_unknown_local_files_fall_back_to_the_declared_estimate(tmp_path):
    c = counter_for("anthropic:claude-sonnet-4")
    assert not c.exact and c.name.startswith("estimate")
    assert c.count("a" * 35) == 10
    assert not counter_for(f"local:{tmp_path / 'missing.gguf'}").exact
