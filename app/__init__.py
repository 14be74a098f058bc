"""Bea: an AI co-host for live streamers that lives on the streamer's own machine."""

import os

# onnxruntime's native telemetry (Microsoft's 1DS event collector, mobile.events.data.microsoft.com) starts
# when onnxruntime is imported and looks that host up every few seconds, past the network gate and privacy
# mode. Its own switch is read at import only, so it is set here, before any part of the app imports it.
os.environ["ORT_DISABLE_TELEMETRY"] = "1"

__version__ = "0.1.0"
APP_NAME = "Bea"
