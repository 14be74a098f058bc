"""The local HTTP API section: whether it runs, on which port, and whether the local network may reach it."""

from __future__ import annotations

from pydantic import Field

from app.config.schema import Section

DEFAULT_PORT = 8765


class ApiSettings(Section):
    enabled: bool = Field(True, title="Local API", description="Serve the local HTTP API (/api/v1/) that "
                          "devices with a token use to read and correct what Bea knows about you.")
    port: int = Field(DEFAULT_PORT, ge=0, le=65535, description="The TCP port it listens on; 0 picks a free "
                      "one at each start (the log says which).")
    bind_lan: bool = Field(False, title="Reachable from the local network", description="Expose the API on "
                           "the local network so a phone can push; off, only this computer can reach it. "
                           "Privacy mode keeps it on this computer whatever this says.")
    max_body_kb: int = Field(256, ge=1, le=10_240, title="Largest request (KB)",
                             description="Requests with a bigger body are refused (413) before anything "
                                         "is stored.")
