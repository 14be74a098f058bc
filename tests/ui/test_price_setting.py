"""Settings → Mind holds the price table: shown as its entries, checked entry by entry, saved as edited."""

from app.core.prices import DEFAULT_PRICES
from app.ui.settings_dialog import SettingsDialog


def test_the_price_table_is_edited_in_settings_mind(bea, qtbot):
    dialog = SettingsDialog(bea)
    qtbot.addWidget(dialog)
    assert dialog.show_section("mind")
    prices = dialog.findChild(object, "mind.prices")
    assert prices.text() == ", ".join(DEFAULT_PRICES) and dialog.changes() == {}
    prices.setText("openai:gpt-4o-mini=1/2, gpt-4o costs a lot")
    assert not dialog.apply()
    assert "mind.prices" in dialog.error.text() and "model=input/output" in dialog.error.text()
    prices.setText("openai:gpt-4o-mini=1/2, openrouter:openai/gpt-4o=2.5/10")
    assert dialog.apply()
    assert bea.settings.current.mind.prices == ["openai:gpt-4o-mini=1/2", "openrouter:openai/gpt-4o=2.5/10"]
    dialog.reject()
