"""The Plan skill: the streamer's plan for today in her live state, the tools that close an objective, a dock."""
