"""What the tray and the status bar say about her, from plain values (app.core.shell_state)."""

from app.core.shell_state import ShellState, badges, model_text, tooltip

S = ShellState


def test_badges_live_bottom_and_one_of_paused_or_muted():
    table = [(S(), ()), (S(live=True), ("live",)), (S(paused=True), ("paused",)), (S(muted=True), ("muted",)),
             (S(paused=True, muted=True), ("paused",)), (S(live=True, muted=True), ("live", "muted")),
             (S(privacy=True), ()), (S(live=True, paused=True, muted=True, privacy=True), ("live", "paused"))]
    for state, marks in table:
        assert badges(state) == marks, state


def test_the_tooltip_names_every_state_that_is_on_then_the_model():
    table = [(S(model="ollama:qwen2.5:7b"), "Bea\nModel: ollama:qwen2.5:7b"),
             (S(live=True, muted=True, model="local:smollm2"),
              "Bea · live · voice muted\nModel: the built-in demo model"),
             (S(live=True, paused=True, muted=True, privacy=True, model="openai:gpt-4o-mini"),
              "Bea · live · mind paused · voice muted · privacy mode\nModel: openai:gpt-4o-mini"),
             (S(privacy=True), "Bea · privacy mode\nModel: no model (Settings → Mind)")]
    for state, text in table:
        assert tooltip(state, "Bea") == text


def test_the_model_is_named_or_where_to_set_one_is_said():
    assert model_text(S()) == "no model (Settings → Mind)"
    assert model_text(S(model="local:smollm2")) == "the built-in demo model"
    assert model_text(S(model="anthropic:claude-3-5-haiku")) == "anthropic:claude-3-5-haiku"
