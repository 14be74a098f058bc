"""Discovery: the registry imports app.skills.<package>.skill; the Stage skill itself lives in app.stage."""

from app.stage.skill import StageSettings, StageSkill

__all__ = ["StageSettings", "StageSkill"]
