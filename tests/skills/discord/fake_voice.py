"""A fake Discord voice server on 127.0.0.1, written from Discord's documentation (topics/voice-connections,
topics/opcodes-and-status-codes#voice): its websocket over TLS (wss, as discord.py always connects to the
voice endpoint; the certificate is the test's own, self-signed for 127.0.0.1) and its UDP socket.

- websocket, API version 8: op 0 IDENTIFY is answered op 8 HELLO (heartbeat_interval) and op 2 READY (ssrc,
  ip 127.0.0.1, the UDP port, the encryption modes); op 3 HEARTBEAT is answered op 6 HEARTBEAT_ACK with its
  nonce; op 1 SELECT_PROTOCOL is answered op 4 SESSION_DESCRIPTION (the mode, the 32-byte secret key,
  dave_protocol_version 0: no DAVE on loopback, the MLS handshake is the voice server's and not reproduced);
  op 5 SPEAKING from her is kept.
- DAVE (dave=True; the DAVE protocol's voice gateway opcodes, daveprotocol.com): SESSION_DESCRIPTION says
  dave_protocol_version 1; her key package (binary op 26) is answered with the external sender (op 25) and
  proposals (op 27) adding the speaker's key package (the speaker's davey session lives here, as their client
  would elsewhere); her commit and welcome (op 28) are split, the commit announced back to her (op 29,
  transition 1) and the welcome given to the speaker's session; her transition ready (op 23) is answered
  op 22 EXECUTE_TRANSITION. Then both sessions are one MLS group and the speaker's frames are DAVE-encrypted.
- UDP: an IP discovery request (type 1, length 70, her SSRC) is answered with type 2, her address as seen
  (ASCII, zero-padded) and her port; after that, speak() sends a speaker's datagrams to that address, after
  op 11 CLIENTS_CONNECT and op 5 SPEAKING (user_id, ssrc) on the websocket.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import ipaddress
import json
import ssl
import struct
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

MODE = "aead_xchacha20_poly1305_rtpsize"
HER_SSRC = 1


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, as PEM files (the test trusts it with SSL_CERT_FILE)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(hours=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                           critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "voice-cert.pem", folder / "voice-key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path


class _Udp(asyncio.DatagramProtocol):
    def __init__(self, server: FakeVoice) -> None:
        self.server = server
        self.transport: asyncio.DatagramTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport   # type: ignore[assignment]

    def datagram_received(self, data: bytes, addr: tuple[str, int]) -> None:
        if len(data) == 74 and struct.unpack_from(">H", data, 0)[0] == 1:
            self.server.discovered = addr
            answer = bytearray(74)
            struct.pack_into(">HHI", answer, 0, 2, 70, struct.unpack_from(">I", data, 4)[0])
            answer[8:8 + len(addr[0])] = addr[0].encode()
            struct.pack_into(">H", answer, 72, addr[1])
            assert self.transport is not None
            self.transport.sendto(bytes(answer), addr)
        else:
            self.server.received += 1          # her voice, if she speaks


class FakeVoice:
    def __init__(self, key: bytes, cert: Path, cert_key: Path, dave: tuple[int, int] | None = None) -> None:
        """dave: (the speaker's user id, the channel id) for a call with DAVE."""
        self.key = key
        self.dave = dave
        self.speaker: Any = None               # the speaker's davey session (dave)
        self.dave_ready = asyncio.Event()
        self.transitions: list[int] = []       # transition ready (op 23) she sent
        self._seq = 0
        self._ssl = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self._ssl.load_cert_chain(cert, cert_key)
        self.port = 0
        self.udp_port = 0
        self.identifies: list[dict[str, Any]] = []
        self.selected: list[dict[str, Any]] = []
        self.speaking: list[dict[str, Any]] = []
        self.heartbeats = 0
        self.discovered: tuple[str, int] | None = None
        self.received = 0
        self.described = asyncio.Event()
        self._ws: web.WebSocketResponse | None = None
        self._udp: _Udp | None = None
        self._runner: web.AppRunner | None = None

    @property
    def endpoint(self) -> str:
        return f"127.0.0.1:{self.port}"

    async def __aenter__(self) -> FakeVoice:
        app = web.Application()
        app.router.add_get("/", self._socket)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0, ssl_context=self._ssl)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]
        _transport, self._udp = await asyncio.get_running_loop().create_datagram_endpoint(
            lambda: _Udp(self), local_addr=("127.0.0.1", 0))
        self.udp_port = self._udp.transport.get_extra_info("sockname")[1]
        return self

    async def __aexit__(self, *exc: Any) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await self._ws.close()
        if self._udp is not None and self._udp.transport is not None:
            self._udp.transport.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _send(self, op: int, data: Any) -> None:
        assert self._ws is not None
        await self._ws.send_str(json.dumps({"op": op, "d": data}))

    async def _socket(self, request: web.Request) -> web.WebSocketResponse:
        ws = self._ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for msg in ws:
            if msg.type == WSMsgType.BINARY:
                await self._binary(msg.data)
                continue
            if msg.type != WSMsgType.TEXT:
                continue
            payload = json.loads(msg.data)
            op, data = payload.get("op"), payload.get("d")
            if op == 0:
                self.identifies.append(data)
                await self._send(8, {"heartbeat_interval": 5000})
                await self._send(2, {"ssrc": HER_SSRC, "ip": "127.0.0.1", "port": self.udp_port,
                                     "modes": ["aead_aes256_gcm_rtpsize", MODE], "heartbeat_interval": 5000})
            elif op == 3:
                self.heartbeats += 1
                await self._send(6, {"t": (data or {}).get("t") if isinstance(data, dict) else data})
            elif op == 1:
                self.selected.append(data)
                await self._send(4, {"mode": data["data"]["mode"], "secret_key": list(self.key),
                                     "dave_protocol_version": 1 if self.dave else 0})
                self.described.set()
            elif op == 5:
                self.speaking.append(data)
            elif op == 23:
                self.transitions.append(data["transition_id"])
                await self._send(22, {"transition_id": data["transition_id"]})
                self.dave_ready.set()
        return ws

    async def _send_binary(self, op: int, payload: bytes) -> None:
        assert self._ws is not None
        self._seq += 1
        await self._ws.send_bytes(struct.pack(">HB", self._seq, op) + payload)

    async def _binary(self, data: bytes) -> None:
        import davey

        from tests.skills.discord.voice_packets import VoiceServer, split_commit_welcome

        op, payload = data[0], data[1:]
        if op == 26 and self.dave is not None:             # her key package: the group begins
            user, channel = self.dave
            server = VoiceServer(channel)
            self.speaker = davey.DaveSession(1, user, channel)
            self.speaker.set_external_sender(server.external_sender)
            await self._send_binary(25, server.external_sender)
            await self._send_binary(27, bytes([0]) + server.add(self.speaker.get_serialized_key_package()))
        elif op == 28:                                     # her commit and the welcome for the speaker
            commit, welcome = split_commit_welcome(payload)
            self.speaker.process_welcome(welcome)
            await self._send_binary(29, struct.pack(">H", 1) + commit)

    async def speak(self, user_id: int, ssrc: int, datagrams: list[bytes]) -> None:
        """Someone joins the call and talks: CLIENTS_CONNECT, SPEAKING, then their datagrams to her address."""
        await self._send(11, {"user_ids": [str(user_id)]})
        await self._send(5, {"user_id": str(user_id), "ssrc": ssrc, "speaking": 1})
        assert self.discovered is not None and self._udp is not None and self._udp.transport is not None
        for n, datagram in enumerate(datagrams):
            self._udp.transport.sendto(datagram, self.discovered)
            if n % 25 == 24:
                await asyncio.sleep(0.005)

    async def leave(self, user_id: int) -> None:
        await self._send(13, {"user_id": str(user_id)})
