"""The Get started checklist as a table: what each fact makes of each step, and what still blocks her."""

import pytest

from app.core.getting_started import DEMO_MODEL, Facts, mind_first, model_label, remaining, steps


def by_key(facts: Facts) -> dict:
    return {s.key: s for s in steps(facts)}


def test_a_fresh_install_has_three_required_steps_and_three_optional_ones():
    checklist = steps(Facts())
    assert [s.key for s in checklist] == ["mind", "voice", "body", "twitch", "obs", "you"]
    assert [s.optional for s in checklist] == [False, False, False, True, True, True]
    assert not any(s.done for s in checklist) and remaining(checklist) == 3
    assert "tiny built-in demo model" in checklist[0].detail and checklist[0].page == "mind"
    assert checklist[1].detail == "Her voice is still loading."


@pytest.mark.parametrize(("facts", "key", "done", "detail"), [
    (Facts(models=("local:smollm2", "ollama:qwen2.5:7b")), "mind", True, "She thinks with ollama:qwen2.5:7b."),
    (Facts(models=()), "mind", False, "demo model"),
    # a model privacy mode stops is no mind: the step stays open and names it
    (Facts(models=("openai:gpt-4o-mini", "local:smollm2"), refused_models=("openai:gpt-4o-mini",)), "mind", False,
     "Privacy mode stops openai:gpt-4o-mini"),
    (Facts(models=("openai:gpt-4o-mini", "ollama:qwen3", "local:smollm2"), refused_models=("openai:gpt-4o-mini",)),
     "mind", True, "She thinks with ollama:qwen3."),
    (Facts(models=("local:/home/me/.local/share/bea/models/qwen3-4b-q4_k_m/Qwen3-4B-Q4_K_M.gguf",
                   "local:smollm2")), "mind", True, "She thinks with Qwen3-4B-Q4_K_M.gguf."),
    (Facts(voice_running=True), "voice", True, "She speaks aloud"),
    # a problem the problems list says is a few words here, pointing there (rule 4)
    (Facts(voice_running=True, voice_problems=("no audio device: PortAudio is not installed",)), "voice", False,
     "No audio device: see the problems list above her stage."),
    (Facts(voice_running=True, voice_problems=("her ears could not load: no model",)), "voice", False,
     "Her voice or her ears did not start: see the problems list above her stage."),
    (Facts(voice_enabled=False), "voice", False, "Voice is switched off"),
    (Facts(vrm_path="C:\\Avatars\\bea.vrm", avatar="C:\\Avatars\\bea.vrm", avatar_shown=True), "body", True,
     "She wears bea.vrm."),
    (Facts(avatar="/app/stage/avatar/bea.vrm", avatar_shown=True), "body", True, "She wears the default avatar"),
    # a chosen .vrm on a stage that cannot draw it is not a body: the step stays open and says why
    (Facts(vrm_path="/a/bea.vrm", avatar="/a/bea.vrm", stage_problem="Her avatar cannot be drawn in this "
           "window: it has no WebGL"), "body", False, "Her stage cannot show her: see what it says in its place."),
    (Facts(vrm_path="/a/bea.vrm", avatar="/a/bea.vrm"), "body", False, "still loading on the stage"),
    (Facts(vrm_path="/a/bea.vrm"), "body", False, "Choose a .vrm avatar"),
    (Facts(stage_enabled=False, vrm_path="/a/bea.vrm", avatar="/a/bea.vrm", avatar_shown=True), "body", False,
     "Stage is switched off"),
    (Facts(twitch_channel="#BeaStreams"), "twitch", True, "She reads #BeaStreams on Twitch."),
    (Facts(youtube_video="dQw4w9WgXcQ"), "twitch", True, "She reads your YouTube live chat."),
    (Facts(twitch_channel="bea", youtube_video="dQw4w9WgXcQ"), "twitch", True,
     "She reads #bea on Twitch and your YouTube live chat."),
    (Facts(twitch_enabled=False, youtube_video="dQw4w9WgXcQ"), "twitch", True, "your YouTube live chat"),
    (Facts(twitch_enabled=False), "twitch", False, "Twitch is switched off"),
    (Facts(), "twitch", False, "reading needs no account"),
    (Facts(obs_connected=True), "obs", True, "Connected to OBS."),
    (Facts(obs_state="retrying"), "obs", False, "Not connected: see the problems list above her stage."),
    (Facts(obs_state="refused"), "obs", False, "OBS refused her: see the problems list above her stage."),
    (Facts(obs_state="connecting"), "obs", False, "Connecting to OBS…"),
    (Facts(obs_state="off"), "obs", False, "Turn on OBS's WebSocket server"),
    (Facts(person_entries=1), "you", True, "She knows 1 thing about you."),
    (Facts(person_entries=7), "you", True, "She knows 7 things about you."),
])
def test_each_fact_makes_its_step(facts, key, done, detail):
    step = by_key(facts)[key]
    assert step.done is done
    assert detail in step.detail


def test_a_problem_the_list_says_is_not_said_again():
    """The sentences of the voice's and OBS's problems (PortAudio, an address) are the problems list's alone."""
    checklist = steps(Facts(voice_running=True, voice_problems=(
        "no audio device: PortAudio is not installed. She speaks into silence: captions and lip sync still work.",),
        obs_state="retrying"))
    said = " ".join(s.detail for s in checklist)
    assert "PortAudio" not in said and "silence" not in said and "127.0.0.1" not in said
    assert all(s.template for s in checklist if s.key in ("voice", "obs"))    # translated, as every other line


def test_only_required_steps_hold_her_back():
    ready = Facts(models=("openai:gpt-4o-mini",), voice_running=True, vrm_path="/x/bea.vrm", avatar="/x/bea.vrm",
                  avatar_shown=True)
    checklist = steps(ready)
    assert remaining(checklist) == 0
    assert [s.key for s in checklist if not s.done] == ["twitch", "obs", "you"]


@pytest.mark.parametrize(("facts", "key"), [(Facts(voice_enabled=False), "voice"), (Facts(stage_enabled=False), "body"),
                                            (Facts(twitch_enabled=False), "twitch"), (Facts(obs_enabled=False), "obs")])
def test_a_switched_off_skill_leads_to_the_skills_page_where_its_switch_is(facts, key):
    step = by_key(facts)[key]
    assert step.page == "skills" and "Settings → Skills" in step.detail


def test_every_detail_with_a_template_is_its_template_filled():
    """The window translates a step from its template and values: filled in, they are the English detail."""
    from app.core.getting_started import Facts, steps
    cases = [Facts(), Facts(models=["ollama:qwen2.5:7b"], voice_enabled=True, voice_running=True,
                            twitch_enabled=True, twitch_channel="me", youtube_video="abc", person_entries=3),
             Facts(person_entries=1, twitch_enabled=True), Facts(youtube_video="abc", stage_enabled=True)]
    templated = 0
    for facts in cases:
        for step in steps(facts):
            if step.template:
                templated += 1
                assert step.template.format(**dict(step.args)) == step.detail
    assert templated >= 12


@pytest.mark.parametrize(("models", "spec", "after"), [
    (("local:smollm2",), "local:/m/q.gguf", ["local:/m/q.gguf", DEMO_MODEL]),
    ((), "ollama:qwen3:8b", ["ollama:qwen3:8b", DEMO_MODEL]),
    # a mind chosen again moves to the front; the others keep their order; the demo stays last, once
    (("openai:gpt-4o-mini", "local:smollm2", "ollama:qwen3:8b"), "ollama:qwen3:8b",
     ["ollama:qwen3:8b", "openai:gpt-4o-mini", DEMO_MODEL]),
    (("llamacpp:m", " "), "local:/m/q.gguf", ["local:/m/q.gguf", "llamacpp:m", DEMO_MODEL]),
])
def test_a_chosen_mind_goes_first_and_the_demo_stays_as_the_fallback(models, spec, after):
    assert mind_first(models, spec) == after


@pytest.mark.parametrize(("spec", "label"), [
    ("local:C:\\Users\\me\\models\\q\\Qwen3-8B-Q4_K_M.gguf", "Qwen3-8B-Q4_K_M.gguf"),
    ("local:smollm2", "local:smollm2"),
    ("ollama:qwen3:8b", "ollama:qwen3:8b"),
])
def test_a_local_gguf_is_named_by_its_file(spec, label):
    assert model_label(spec) == label

