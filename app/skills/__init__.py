"""Skills: one package per capability (skill.py, and dock.py / settings.py for its Qt side)."""
