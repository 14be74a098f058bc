"""A server's address typed into "Her models" goes through the one validated write path as provider=url."""

import pytest

from app.config.service import SettingsError


def test_a_server_address_with_its_model_is_stored_as_provider_model_with_its_url(bea):
    bea.settings.set("mind.models", ["http://127.0.0.1:8080/v1 qwen3", "local:smollm2"])
    mind = bea.settings.current.mind
    assert mind.models == ["llamacpp:qwen3", "local:smollm2"]
    assert mind.base_urls == {"llamacpp": "http://127.0.0.1:8080/v1"}
    # the same server typed again (the page still shows the address) changes nothing
    bea.settings.set("mind.models", ["http://127.0.0.1:8080/v1 qwen3", "local:smollm2"])
    assert bea.settings.current.mind.models == ["llamacpp:qwen3", "local:smollm2"]


def test_a_server_address_without_a_model_is_refused_in_plain_words_and_nothing_changes(bea):
    before = bea.settings.current.model_dump()
    with pytest.raises(SettingsError) as err:
        bea.settings.set("mind.models", ["http://127.0.0.1:8080/v1"])
    assert err.value.field == "mind.models"
    assert err.value.reason.startswith("http://127.0.0.1:8080/v1 names no model: write its name after the address")
    assert bea.settings.current.model_dump() == before
