"""Settings → Stage, where the registry (and build.spec's module list) looks for it."""

from app.stage.settings_page import StageSettingsPage, make_page

__all__ = ["StageSettingsPage", "make_page"]
