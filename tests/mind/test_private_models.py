"""Privacy mode and models on other machines, in the composed app: the streamer is told once, on the problems
line of Settings → Mind, which of her models privacy mode refuses, and the line goes when that is no longer so;
the models on this computer are never named."""

from app.core.events import EventKind


def test_models_on_other_machines_are_one_problem_line_while_privacy_is_on(bea):
    chat = bea.skills["chat"]
    errors = []
    bea.bus.subscribe(errors.append, kinds=[EventKind.ERROR], replay=False)
    bea.settings.update({"mind.models": ["ollama:qwen3:8b", "openai:gpt-4o-mini", "local:smollm2"],
                         "mind.background_models": ["anthropic:claude-haiku-4-5", "lmstudio:gemma"],
                         "mind.base_urls": {"ollama": "http://localhost:11434/v1",
                                            "lmstudio": "http://gpu-box.example.test:1234/v1"}})
    assert "privacy:models" not in chat.problems                       # privacy mode is off: nothing to say
    bea.settings.set("privacy.enabled", True)
    problem = chat.problems["privacy:models"]
    assert problem.setting == "mind"
    named = dict(problem.args)["models"]
    assert named == "openai:gpt-4o-mini, anthropic:claude-haiku-4-5, lmstudio:gemma", named
    said = [e for e in errors if e.data.get("problem") == "privacy:models"]
    bea.settings.set("mind.hot_names", ["speedrun"])                   # another change under Mind: said once still
    assert [e for e in errors if e.data.get("problem") == "privacy:models"] == said
    bea.settings.update({"mind.models": ["ollama:qwen3:8b"], "mind.background_models": [],
                         "mind.base_urls": {"ollama": "http://127.0.0.1:11434/v1"}})
    assert "privacy:models" not in chat.problems                       # every model is on this computer now
    bea.settings.set("mind.models", ["openai:gpt-4o-mini"])
    assert "privacy:models" in chat.problems
    bea.settings.set("privacy.enabled", False)
    assert "privacy:models" not in chat.problems


def test_get_started_does_not_tick_her_mind_for_a_model_privacy_mode_stops(bea):
    from app.core.getting_started import steps
    from app.ui.getting_started_dock import read_facts

    bea.settings.update({"mind.models": ["openai:gpt-4o-mini", "local:smollm2"], "privacy.enabled": True})
    mind = next(s for s in steps(read_facts(bea)) if s.key == "mind")
    assert not mind.done and "Privacy mode stops openai:gpt-4o-mini" in mind.detail, mind.detail
    bea.settings.set("privacy.enabled", False)
    mind = next(s for s in steps(read_facts(bea)) if s.key == "mind")
    assert mind.done and "openai:gpt-4o-mini" in mind.detail
