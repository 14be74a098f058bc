"""The API as the app runs it: settings decide, a taken port is an ERROR event and not a crash, a change
restarts it; `python -m app token ...` and `python -m app --headless --api-port PORT` as a user runs them."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

from app import compose
from app.api.service import ApiService
from app.core.events import EventKind
from tests.conftest import PASSPHRASE, REPO, run_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, token: str | None = None) -> tuple[int, dict]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_the_service_follows_the_settings_and_survives_a_taken_port(bea):
    events = []
    bea.bus.subscribe(events.append, kinds=[EventKind.ERROR, EventKind.SYSTEM])
    token = bea.person_store.create_token("phone")

    async def scenario():
        taken = socket.socket()
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        try:
            bea.settings.set("api.port", taken.getsockname()[1])
            service = ApiService.for_app(bea)
            await service.start()                       # must not raise
            refused = service.server
            port = free_port()
            bea.settings.set("api.port", port)          # a settings change restarts it
            for _ in range(100):
                if service.port == port:
                    break
                await asyncio.sleep(0.02)
            host = service.server.host
            reply = await asyncio.to_thread(get, f"http://127.0.0.1:{port}/api/v1/person/senses", token)
            bea.settings.set("api.enabled", False)
            for _ in range(100):
                if service.server is None:
                    break
                await asyncio.sleep(0.02)
            off = service.server
            await service.stop()
            return refused, port, host, reply, off
        finally:
            taken.close()

    refused, port, host, reply, off = asyncio.run(scenario())
    assert refused is None
    errors = [e for e in events if e.kind == EventKind.ERROR]
    assert len(errors) == 1 and "is taken" in errors[0].text and errors[0].source == "api"
    assert host == "127.0.0.1"
    assert reply[0] == 200 and [s["name"] for s in reply[1]["senses"]] == ["state", "routine", "voice"]
    assert off is None
    assert any(e.kind == EventKind.SYSTEM and f"port {port}" in e.text for e in events)


def test_bind_lan_is_ignored_in_privacy_mode(bea):
    bea.settings.update({"api.bind_lan": True, "api.port": 0, "privacy.enabled": True})

    async def scenario():
        service = ApiService.for_app(bea)
        await service.start()
        private = service.server.host
        bea.settings.set("privacy.enabled", False)
        for _ in range(100):
            if service.server is not None and service.server.host != private:
                break
            await asyncio.sleep(0.02)
        lan = service.server.host
        await service.stop()
        return private, lan

    assert asyncio.run(scenario()) == ("127.0.0.1", "0.0.0.0")


def test_token_create_list_and_revoke_from_the_command_line(data_dir, env):
    def app(*args):
        return run_app("token", *args, "--data-dir", str(data_dir), env={"BEA_PASSPHRASE": PASSPHRASE})

    phone = app("create", "phone")
    assert phone.returncode == 0, phone.stderr
    token = phone.stdout.strip()
    assert token.startswith("bea_") and len(phone.stdout.splitlines()) == 1
    assert "shown only this once" in phone.stderr
    tablet = app("create", "tablet", "--admin", "--owner", "a")
    assert tablet.returncode == 0
    again = app("create", "phone")
    assert again.returncode == 1 and "already has a token" in again.stderr
    listed = app("list")
    assert listed.returncode == 0
    assert "phone\towner=owner\tdevice" in listed.stdout and "tablet\towner=a\tadmin" in listed.stdout
    assert token not in listed.stdout and tablet.stdout.strip() not in listed.stdout
    revoked = app("revoke", "phone")
    assert revoked.returncode == 0
    assert app("revoke", "phone").returncode == 1

    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        assert bea.person_store.verify(token) is None
        device = bea.person_store.verify(tablet.stdout.strip())
        assert (device.name, device.owner, device.admin) == ("tablet", "a", True)
        actions = [(t, a) for _ts, t, a, _o, _d in bea.person_store.audit_log()]
        assert ("phone", "token revoked") in actions and ("tablet", "token created") in actions
    finally:
        compose.close(bea)
    log = (data_dir / "logs" / "bea.log").read_text()
    assert token not in log and tablet.stdout.strip() not in log


def test_headless_serves_the_api_on_the_port_given(data_dir):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "app", "--headless", "--api-port", str(port),
                             "--data-dir", str(data_dir)], cwd=REPO,
                            env={**os.environ, "BEA_PASSPHRASE": PASSPHRASE}, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, proc.stderr.read()
                time.sleep(0.1)
        status, doc = get(f"http://127.0.0.1:{port}/api/v1/openapi.json")
        assert status == 200 and "/api/v1/person/model/sync" in doc["paths"]
        assert get(f"http://127.0.0.1:{port}/api/v1/person/model")[0] == 401
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
    finally:
        proc.kill()
    log = (data_dir / "logs" / "bea.log").read_text()
    assert f"the local API listens on 127.0.0.1:{port}" in log and "Bea stopped" in log


def test_an_app_that_served_requests_is_let_go_when_it_closes(data_dir, env, monkeypatch):
    """Closing and starting again in one process (as the stream in a box does, and as a settings change may)
    must leave nothing of the first app alive: aiohttp's module-wide middleware cache held a stopped server's
    handlers, and through them the whole app (290 MB in the box); an app built and closed without starting kept
    its local model's worker thread."""
    import gc
    import threading
    import weakref

    from app.api.service import override_port
    from app.cli import headless
    monkeypatch.setenv("BEA_PASSPHRASE", env["BEA_PASSPHRASE"])
    before = set(threading.enumerate())
    compose.close(compose.build(data_dir, env=env, log_to_stderr=False))   # built and closed, never started
    served: list[weakref.ref] = []
    statuses: list[int] = []

    async def session(bea) -> None:
        served.append(weakref.ref(bea))
        base = f"http://127.0.0.1:{bea.api.port}/api/v1"
        statuses.append((await asyncio.to_thread(get, f"{base}/person/model"))[0])
        statuses.append((await asyncio.to_thread(get, f"{base}/openapi.json"))[0])

    override_port(0)
    try:
        asyncio.run(headless.serve(data_dir, session))
    finally:
        override_port(None)
    assert statuses == [401, 200]
    for _ in range(100):   # the pools' workers see their stop and end (a tokenizer still loading finishes first)
        left = [t.name for t in set(threading.enumerate()) - before if t.is_alive()]
        if not left:
            break
        time.sleep(0.1)
    assert not left, left
    gc.collect()   # a worker that was still running held its job's future, and through it the loop's last tasks
    assert served and served[0]() is None, [type(r).__name__ for r in gc.get_referrers(served[0]())]
