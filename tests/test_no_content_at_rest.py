"""What the streamer and her chat say is kept only in the encrypted store. A canary goes in through
every input path of the composed app (typed chat, a voice transcript, a donation through the local webhook, a
person-model entry through the API, and a model server whose error body echoes the prompt back); afterwards no
file in the data folder, its log or the temporary folder holds it, and the data folder is private (0700, its
files 0600)."""

from __future__ import annotations

import asyncio
import json
import os
import stat
import tempfile
import time
import uuid
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from app import compose
from app.api.service import override_port
from app.core.events import EventKind
from app.senses.voice.ears import Heard

CANARY = "zqcanary" + uuid.uuid4().hex[:12]   # lowercase: a lowered copy is found too


class EchoingModelServer:
    """A model server that refuses every request with 400 and the whole request body in its error message, as
    some servers do with a prompt they cannot take."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self._runner: web.AppRunner | None = None
        self.base_url = ""

    async def _refuse(self, request: web.Request) -> web.Response:
        body = await request.read()
        self.bodies.append(body)
        try:
            said = json.loads(body)["messages"][-1]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            said = body.decode("utf-8", "replace")
        message = f"cannot take this prompt: {str(said)[-150:]}"
        return web.json_response({"error": {"message": message, "type": "invalid_request_error"}}, status=400)

    async def __aenter__(self) -> EchoingModelServer:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._refuse)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.base_url = f"http://127.0.0.1:{self._runner.addresses[0][1]}"
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._runner is not None
        await self._runner.cleanup()


async def _until(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


def _hits(root: Path, since: float | None = None) -> list[str]:
    """Files under `root` whose bytes hold the canary (lowered), symlinks not followed."""
    needle = CANARY.encode()
    found = []
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            try:
                st = path.lstat()
                if not stat.S_ISREG(st.st_mode) or (since is not None and st.st_mtime < since) \
                        or st.st_size > 200_000_000:
                    continue
                if needle in path.read_bytes().lower():
                    found.append(str(path))
            except OSError:
                continue
    return found


def _modes(root: Path) -> dict[str, str]:
    """Every path in the data folder whose mode is not private: '<path>': '0o644'."""
    loose = {}
    for path in [root, *root.rglob("*")]:
        st = path.lstat()
        if stat.S_ISLNK(st.st_mode):
            continue
        want = 0o700 if stat.S_ISDIR(st.st_mode) else 0o600
        if stat.S_IMODE(st.st_mode) != want:
            loose[str(path.relative_to(root))] = oct(stat.S_IMODE(st.st_mode))
    return loose


@pytest.mark.timeout(300)
@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX; on Windows the per-user folder's ACL holds")
def test_a_canary_through_every_input_path_is_found_nowhere_but_in_the_encrypted_store(
        data_dir, env, tmp_path, monkeypatch):
    private_tmp = tmp_path / "tmp"
    private_tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(private_tmp))
    monkeypatch.setattr(tempfile, "tempdir", str(private_tmp))
    os.umask(old := os.umask(0o022))          # the usual umask: the app's modes must not depend on it
    started = time.time()
    seen: dict[str, list] = {"errors": []}

    async def session() -> None:
        async with EchoingModelServer() as model:
            bea = compose.build(data_dir, env=env, log_to_stderr=False)
            bea.settings.update({"mind.models": ["ollama:mind"], "mind.background_models": ["ollama:mind"],
                                 "mind.base_urls": {"ollama": model.base_url},
                                 "skills.voice.enabled": False, "skills.twitch.enabled": False,
                                 "skills.obs.enabled": False, "skills.youtube.enabled": False,
                                 "skills.donations.enabled": True})
            bea.bus.subscribe(lambda e: seen["errors"].append(e), kinds=[EventKind.ERROR], replay=False)
            override_port(0)
            try:
                await compose.start(bea)
            finally:
                override_port(None)
            try:
                assert bea.api is not None and bea.api.port
                base = f"http://127.0.0.1:{bea.api.port}/api/v1"
                loop = asyncio.get_running_loop()
                # typed chat and a voice transcript: each a perception she turns on, asking the model
                bea.skills["chat"].send(f"hey, remember the word {CANARY}-chat please")
                bea.skills["voice"]._heard(Heard(text=f"and out loud {CANARY}-voice", transcript=None,
                                                 audio_s=1.0, ended_at=0.0, heard_at=0.0))
                # a donation message, through the JSON webhook as a service would send it
                secret = await loop.run_in_executor(None, bea.skills["donations"].create_secret, "json")
                token = await loop.run_in_executor(None, bea.person_store.create_token, "phone")
                async with aiohttp.ClientSession() as http:
                    async with http.post(f"{base}/donations/json", json={
                            "id": "canary-tip", "name": "Giulia", "amount": "5.00", "currency": "EUR",
                            "message": f"for the coffee {CANARY}-donation", "secret": secret}) as r:
                        assert r.status == 200, await r.text()
                    # a person-model entry, through the API with a device token
                    async with http.put(f"{base}/person/model/entries",
                                        headers={"Authorization": f"Bearer {token}"},
                                        json={"section": "identity", "key": "home",
                                              "summary": f"Lives at {CANARY}-person street"}) as r:
                        assert r.status == 200, await r.text()
                # the model server refused with the prompt in its error: the streamer reads the reason
                await _until(lambda: any(CANARY.encode() in b for b in model.bodies)
                             and any(e.data.get("failed_turn") and CANARY in e.text for e in seen["errors"]),
                             120, "a failed turn whose reason echoes the prompt")
                await _until(lambda: any(f"{CANARY}-donation".encode() in b for b in model.bodies), 120,
                             "the donation to reach her turn")
            finally:
                await compose.stop(bea)

    try:
        asyncio.run(session())
    finally:
        os.umask(old)

    assert _hits(data_dir) == []          # the log, prompts, layout, the WAL: all of it (bea.db is encrypted)
    assert _hits(private_tmp) == []
    assert _hits(Path("/tmp"), since=started) == []
    log = (data_dir / "logs" / "bea.log").read_text()
    assert "a turn failed (ModelPoolError" in log      # the failure is logged by what it was
    assert _modes(data_dir) == {}
