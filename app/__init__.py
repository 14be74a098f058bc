"""Bea: an AI co-host for live streamers that lives on the streamer's own machine."""

__version__ = "0.1.0"
APP_NAME = "Bea"
