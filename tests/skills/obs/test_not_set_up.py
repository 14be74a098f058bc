"""OBS never set up is grey and quiet: a new data folder has OBS off, the app as it starts makes no connection
to OBS's port and logs nothing about it, and the dock says "not set up"; switched on by the streamer, it
connects. A stored settings document from before, whose OBS section the streamer never touched, goes off; one
they touched stays as it was."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
import threading

from app import compose
from app.api.service import override_port
from tests.skills.obs.test_client import FAST, until


class CountingPort:
    """A loopback port that counts the connections made to it (and closes each at once, as no OBS would)."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.1)
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.server.accept()
            except TimeoutError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.server.close()


def test_obs_never_set_up_makes_no_connection_logs_nothing_and_says_not_set_up(data_dir, env, qapp, caplog):
    from app.skills.obs.dock import ObsDock
    caplog.set_level(logging.DEBUG)
    port = CountingPort()
    seen: dict[str, object] = {}

    async def session() -> None:
        bea = compose.build(data_dir, env=env, log_to_stderr=False)
        assert bea.settings.current.skills.obs.enabled is False      # a new data folder: OBS is off
        bea.settings.update({"skills.obs.port": port.port, "mind.models": [], "skills.voice.enabled": False})
        obs = bea.skills["obs"]
        obs.connection.backoff_base, obs.connection.backoff_cap = FAST   # retries at once, were there any
        override_port(0)
        try:
            await compose.start(bea)
        finally:
            override_port(None)
        try:
            await asyncio.sleep(1.0)                                  # time for several tries, were any made
            seen["quiet"] = (port.connections, obs.connection.attempts, "obs" in bea.started)
            seen["obs_logs"] = [r.getMessage() for r in caplog.records if "obs" in r.name.lower()]
            dock = ObsDock(obs)
            seen["state"] = dock.state.text()
            seen["buttons"] = (dock.reconnect_button.isVisibleTo(dock), dock.set_up_button.isVisibleTo(dock))
            dock.deleteLater()
            bea.settings.set("skills.obs.enabled", True)              # the streamer asks for OBS: now it tries
            await until(lambda: port.connections > 0, what="a connection to the OBS port")
            seen["after"] = port.connections
        finally:
            await compose.stop(bea)

    try:
        asyncio.run(session())
    finally:
        port.close()
    assert seen["quiet"] == (0, 0, False)
    assert seen["obs_logs"] == []
    assert "OBS: not set up" in str(seen["state"]) and "refused" not in str(seen["state"])
    assert seen["buttons"] == (False, True)                           # no "Connect now": "Set up OBS…"
    assert seen["after"] >= 1                                         # the counter does see a connection


def _stored_as_schema_2(data_dir, env, obs_section: dict) -> dict:
    """A data folder whose settings were written by schema 2 with this OBS section; opened again now."""
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    doc = json.loads(bea.settings.current.model_dump_json())
    doc["skills"]["obs"] = {"enabled": True, "host": "127.0.0.1", "port": 4455, "allowed_scenes": [],
                            "allowed_sources": [], "allowed_text_sources": [], "caption_source": "",
                            "caption_hold_seconds": 8.0, "scene_changes_are_noise": True, **obs_section}
    bea.db.write(lambda c: c.execute("UPDATE settings SET schema_version = 2, body = ?", (json.dumps(doc),)))
    compose.close(bea)
    again = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        return again.settings.current.skills.obs.model_dump()
    finally:
        compose.close(again)


def test_a_stored_obs_section_never_touched_goes_off(data_dir, env):
    assert _stored_as_schema_2(data_dir, env, {})["enabled"] is False


def test_a_stored_obs_section_the_streamer_set_stays_on(data_dir, env):
    kept = _stored_as_schema_2(data_dir, env, {"allowed_scenes": ["BRB"]})
    assert kept["enabled"] is True and kept["allowed_scenes"] == ["BRB"]


def test_a_stored_obs_section_switched_off_stays_off_whatever_else_it_holds(data_dir, env):
    assert _stored_as_schema_2(data_dir, env, {"enabled": False, "port": 4460})["enabled"] is False
