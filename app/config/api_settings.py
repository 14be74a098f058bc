"""The local HTTP API section: whether it runs, on which port, and whether the local network may reach it."""

from __future__ import annotations

from pydantic import Field

from app.config.section import ADVANCED, Section

DEFAULT_PORT = 8765
API_PREFIX = "/api/v1"   # every route of the local API is under it


class ApiSettings(Section):
    enabled: bool = Field(True, title="Local API for your devices",
                          description="Let your devices (a phone, a script) read and correct what Bea knows "
                                      "about you, each with its own token (/api/v1/).")
    port: int = Field(DEFAULT_PORT, ge=0, le=65535, title="API port", json_schema_extra=ADVANCED,
                      description="The TCP port it listens on; 0 picks a free one at each start (the log says "
                                  "which).")
    bind_lan: bool = Field(False, title="Reachable from your network",
                           description="Let devices on your home network reach it; off, only this computer "
                                       "can. Privacy mode keeps it on this computer whatever this says.")
    max_body_kb: int = Field(256, ge=1, le=10_240, title="Largest request (KB)", json_schema_extra=ADVANCED,
                             description="Requests with a bigger body are refused (413) before anything "
                                         "is stored.")
