"""The Chat skill: the streamer types to her in the app, and reads what she says back."""
