"""Which features serve routes on the local API: each registers an installer, called once per server start.

An installer gets the app (compose.Bea) and a not-yet-started ApiServer and adds its routes and schemas, e.g.
the donation webhooks will register one that adds POST /api/v1/donations/... (a route with auth=False checks
its caller itself). The person model's installer is registered by app.api.service.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Installer = Callable[[Any, Any], None]   # (bea, server) -> None

_installers: dict[str, Installer] = {}


def provide(name: str, installer: Installer) -> None:
    """Serve `name`'s routes from the next start of the API on (a second call replaces the first)."""
    _installers[name] = installer


def installers() -> dict[str, Installer]:
    return dict(_installers)
