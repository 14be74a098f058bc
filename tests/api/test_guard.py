"""The local API half of the guard, with real HTTP on loopback against the API as the app runs it (ApiService
over the `bea` fixture's encrypted store): the Host allow-list (DNS rebinding), `Origin: null`, wrong tokens
checked without a database write and limited per client address (the streamer told once), and LAN mode only
over TLS with a certificate Bea makes, pinned by its fingerprint."""

from __future__ import annotations

import asyncio
import hashlib
import socket
import ssl
import stat
from typing import Any

import aiohttp

from app.api.service import ApiService
from app.api.tls import API_TLS_SECRET, TlsUnavailable
from app.core.events import EventKind
from tests.conftest import PASSPHRASE, run_app

HOME = {"section": "identity", "key": "home", "summary": "Lives at 14 Oak Street"}


async def _request(method: str, url: str, *, host: str | None = None, token: str | None = None,
                   origin: str | None = None, local_addr: tuple[str, int] | None = None,
                   ssl_context: Any = None, **kw: Any) -> tuple[int, dict[str, str], str]:
    headers = dict(kw.pop("headers", {}))
    if host is not None:
        headers["Host"] = host
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    if origin is not None:
        headers["Origin"] = origin
    connector = aiohttp.TCPConnector(local_addr=local_addr, ssl=ssl_context if ssl_context is not None else True,
                                     force_close=True)
    async with aiohttp.ClientSession(connector=connector) as http, \
            http.request(method, url, headers=headers, **kw) as r:
        return r.status, dict(r.headers), await r.text()


async def _up(bea) -> ApiService:
    service = ApiService.for_app(bea)
    await service.start()
    assert service.server is not None
    return service


def test_a_foreign_host_or_a_web_pages_origin_is_refused_before_any_handler(bea):
    bea.settings.update({"api.port": 0, "skills.donations.enabled": True})
    token = bea.person_store.create_token("phone")

    async def scenario():
        service = await _up(bea)
        port, base = service.port, f"http://127.0.0.1:{service.port}/api/v1"
        try:
            r = {}
            for name in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}", f"[::1]:{port}"):
                r[name] = (await _request("GET", f"{base}/person/model", host=name, token=token))[0]
            for name in ("evil.example", f"evil.example:{port}", f"127.0.0.1.nip.io:{port}", "127.0.0.1",
                         f"127.0.0.1:{port + 1}", f"bea.localhost:{port}", ""):
                r[name] = (await _request("GET", f"{base}/person/model", host=name, token=token))[0]
            r["unknown path, foreign host"] = (await _request("GET", f"{base}/nothing", host="evil.example"))[0]
            r["document, foreign host"] = (await _request("GET", f"{base}/openapi.json", host="evil.example"))[0]
            r["write, foreign host"] = (await _request("PUT", f"{base}/person/model/entries", host="evil.example",
                                                       token=token, json=HOME))[0]
            for origin in ("null", "http://evil.example", f"http://evil.example:{port}", "file://"):
                r[f"origin {origin}"] = (await _request("GET", f"{base}/person/model", token=token,
                                                        origin=origin))[0]
            r["origin own"] = (await _request("GET", f"{base}/person/model", token=token,
                                              origin=f"http://127.0.0.1:{port}"))[0]
            # the donation webhook proves its sender with a secret, and a tunnel forwards its public name
            tip = {"id": "t-1", "amount": "5.00", "currency": "EUR", "secret": "wrong"}
            r["webhook via a tunnel"] = (await _request("POST", f"{base}/donations/json",
                                                        host="bea-tips.example.com", json=tip))[0]
            r["webhook, origin null"] = (await _request("POST", f"{base}/donations/json", origin="null",
                                                        json=tip))[0]
            document = (await _request("GET", f"{base}/openapi.json"))
            return r, document
        finally:
            await service.stop()

    r, document = asyncio.run(scenario())
    served = [n for n in r if r[n] == 200]
    assert served == [f"{n}" for n in list(r)[:4]] + ["origin own"], r
    refused = {n: s for n, s in r.items() if n not in served}
    assert {s for n, s in refused.items() if not n.startswith(("origin", "webhook"))} == {421}, refused
    assert {s for n, s in refused.items() if n.startswith("origin")} == {403}, refused
    assert refused["webhook via a tunnel"] == 403 and refused["webhook, origin null"] == 403
    assert bea.db.read(lambda c: c.execute("SELECT count(*) FROM person_entries").fetchone()[0]) == 0
    assert '"421"' in document[2] and '"429"' in document[2]


def test_wrong_tokens_cost_no_write_are_limited_per_address_and_the_streamer_is_told_once(bea, monkeypatch):
    bea.settings.update({"api.port": 0})
    token = bea.person_store.create_token("phone")
    events = []
    bea.bus.subscribe(events.append, kinds=[EventKind.ERROR])
    writes, db_write = [], bea.db.write

    def counted_write(fn):
        writes.append(fn)
        return db_write(fn)

    async def scenario():
        service = await _up(bea)
        base = f"http://127.0.0.1:{service.port}/api/v1/person/model"
        try:
            monkeypatch.setattr(bea.db, "write", counted_write)
            wrong = [(await _request("GET", base, token=f"bea_wrong{i}"))[0] for i in range(10)]
            after_ten = len(writes)
            limited = [await _request("GET", base, token=f"bea_wrong{i}") for i in range(20)]
            own_token_too = (await _request("GET", base, token=token))[0]
            other_address = (await _request("GET", base, token=token, local_addr=("127.0.0.2", 0)))[0]
            other_wrong = [(await _request("GET", base, token="bea_x", local_addr=("127.0.0.3", 0)))[0]
                           for _ in range(12)]
            return wrong, after_ten, limited, own_token_too, other_address, other_wrong
        finally:
            monkeypatch.setattr(bea.db, "write", db_write)
            await service.stop()

    wrong, after_ten, limited, own_token_too, other_address, other_wrong = asyncio.run(scenario())
    assert wrong == [401] * 10
    assert after_ten == 0                               # no database write for a wrong token
    assert {s for s, _h, _t in limited} == {429}
    waits = {int(h["Retry-After"]) for _s, h, _t in limited}
    assert all(1 <= w <= 60 for w in waits)
    assert own_token_too == 200                         # a right token from that address still passes: every
                                                        # local client is 127.0.0.1, one's typos lock out no other
    assert other_address == 200                         # the streamer's other devices are not locked out
    assert other_wrong == [401] * 10 + [429] * 2
    floods = [e for e in events if e.data.get("problem") == "api-tokens"]
    assert len(floods) == 1 and "127.0.0.1" in floods[0].text and floods[0].data["setting"] == "api"


def _lan_address() -> str | None:
    """An address of this computer that is not loopback, if it has one (a UDP socket sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            address = s.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def test_lan_mode_is_served_over_tls_only_with_a_certificate_bea_made_and_pinned_by_its_fingerprint(bea, data_dir):
    bea.settings.update({"api.port": 0, "api.bind_lan": True})
    token = bea.person_store.create_token("phone")
    events = []
    bea.bus.subscribe(events.append, kinds=[EventKind.SYSTEM, EventKind.ERROR])

    async def scenario():
        service = await _up(bea)
        port = service.port
        pinned = ssl.create_default_context()
        pinned.check_hostname, pinned.verify_mode = False, ssl.CERT_NONE   # the fingerprint is checked below
        try:
            r = {"tls": await _request("GET", f"https://127.0.0.1:{port}/api/v1/person/model", token=token,
                                       ssl_context=pinned)}
            try:
                r["plain"] = await _request("GET", f"http://127.0.0.1:{port}/api/v1/person/model", token=token)
            except aiohttp.ClientError as exc:
                r["plain"] = (type(exc).__name__, {}, "")
            r["foreign host"] = await _request("GET", f"https://127.0.0.1:{port}/api/v1/person/model",
                                               host=f"evil.example:{port}", token=token, ssl_context=pinned)
            lan = _lan_address()
            if lan is not None:
                r["lan"] = await _request("GET", f"https://{lan}:{port}/api/v1/person/model", token=token,
                                          ssl_context=pinned)
            der = await asyncio.to_thread(_peer_certificate, port)
            first = service.server.host
            bea.settings.set("api.port", 0)            # a restart keeps the certificate
            await asyncio.sleep(0)
            for _ in range(200):
                if service.server is not None and service.server.port != port:
                    break
                await asyncio.sleep(0.02)
            der_again = await asyncio.to_thread(_peer_certificate, service.port)
            return r, der, der_again, first
        finally:
            await service.stop()

    r, der, der_again, host = asyncio.run(scenario())
    assert host == "0.0.0.0" and r["tls"][0] == 200
    assert r["plain"][0] != 200                          # no plain HTTP on a TLS port
    assert r["foreign host"][0] == 421
    assert r.get("lan", (200,))[0] == 200
    shown = [e for e in events if e.kind == EventKind.SYSTEM and e.data.get("fingerprint")]
    fingerprint = ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())
    assert shown and shown[0].data["fingerprint"] == fingerprint and fingerprint in shown[0].text
    assert der_again == der
    key = (data_dir / "tls" / "api-key.pem").read_text()
    assert "ENCRYPTED PRIVATE KEY" in key and bea.secrets.get(API_TLS_SECRET)
    for name in ("tls", "tls/api-key.pem", "tls/api-cert.pem"):
        assert stat.S_IMODE((data_dir / name).stat().st_mode) == (0o700 if name == "tls" else 0o600)
    from app import compose
    compose.close(bea)                                   # the terminal's turn: a new device, told what to pin
    made = run_app("token", "create", "tablet", "--data-dir", str(data_dir), env={"BEA_PASSPHRASE": PASSPHRASE})
    assert made.returncode == 0 and fingerprint in made.stderr and made.stdout.startswith("bea_")


def _peer_certificate(port: int) -> bytes:
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    with socket.create_connection(("127.0.0.1", port), timeout=10) as raw, \
            context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
        return tls.getpeercert(binary_form=True)


def test_lan_mode_without_tls_stays_on_this_computer_and_says_why(bea):
    bea.settings.update({"api.port": 0, "api.bind_lan": True})
    events = []
    bea.bus.subscribe(events.append, kinds=[EventKind.ERROR, EventKind.SYSTEM])

    def no_tls():
        raise TlsUnavailable("the 'cryptography' package is not installed, so Bea cannot make a certificate")

    async def scenario():
        fine = ApiService.for_app(bea)
        service = ApiService(bea.settings, bea.bus, fine._verify, bea.blocking, fine._install, tls=no_tls,
                             clock=bea.clock.monotonic)
        await service.start()
        host, port = service.server.host, service.port
        status = (await _request("GET", f"http://127.0.0.1:{port}/api/v1/openapi.json"))[0]
        bea.settings.set("api.bind_lan", False)
        for _ in range(200):
            if any(e.data.get("resolved") == "api-lan" for e in events):
                break
            await asyncio.sleep(0.02)
        await service.stop()
        return host, status

    host, status = asyncio.run(scenario())
    assert host == "127.0.0.1" and status == 200
    problems = [e for e in events if e.data.get("problem") == "api-lan"]
    assert len(problems) == 1 and "cryptography" in problems[0].text and "only over TLS" in problems[0].text
    assert any(e.data.get("resolved") == "api-lan" for e in events)


def test_a_token_made_while_the_api_runs_works_at_once_and_a_revoked_one_stops(bea):
    from app.api.tokens import TokenCheck
    now = [0.0]
    check = TokenCheck(bea.person_store.token_hashes, bea.person_store.verify, clock=lambda: now[0])
    assert check("bea_nothing") is None
    now[0] += 1.0
    token = bea.person_store.create_token("phone")
    assert check(token).name == "phone"
    bea.person_store.revoke_token("phone")
    assert check(token) is None and check(token) is None
