"""The Stage skill is found here by the skill registry; it lives in app.stage."""
