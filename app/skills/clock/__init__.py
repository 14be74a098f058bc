"""The Clock skill: the local time and date in her live state, a dock that shows it, a settings page."""
