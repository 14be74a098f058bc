"""A call speaker's side, written from Discord's voice documentation and the DAVE protocol (RFC 9420 for MLS):
RTP datagrams sealed with aead_xchacha20_poly1305_rtpsize, a real two-member DAVE group made with davey (the
voice server's part, the external sender that proposes members, played here with a P-256 key of the test's),
and the shared speech clip as 20 ms Opus frames from libopus (discord.opus.Encoder)."""

from __future__ import annotations

import functools
import struct
from pathlib import Path

import numpy as np

SPEECH = Path(__file__).resolve().parents[4] / "shared" / "fixtures" / "audio" / "fw_jfk.flac"
OPUS = 120


def seal(opus: bytes, key: bytes, ssrc: int, sequence: int, timestamp: int, counter: int, *,
         extension: bytes | None = None, csrcs: tuple[int, ...] = (), marker: bool = False) -> bytes:
    """One datagram as a Discord client sends it in the rtpsize AEAD mode: the RTP header (with its CSRCs and
    the extension's 4-byte head) is the associated data, the extension's body travels encrypted in front of
    the audio, the 32-bit nonce counter follows the ciphertext."""
    from nacl.secret import Aead

    first = 0x80 | len(csrcs) | (0x10 if extension is not None else 0)
    header = struct.pack(">BBHII", first, (0x80 if marker else 0) | OPUS, sequence, timestamp, ssrc)
    header += b"".join(struct.pack(">I", c) for c in csrcs)
    body = b""
    if extension is not None:
        assert len(extension) % 4 == 0
        header += struct.pack(">HH", 0xBEDE, len(extension) // 4)
        body = extension
    nonce = struct.pack(">I", counter)
    sealed = Aead(key).encrypt(body + opus, header, nonce + bytes(20)).ciphertext
    return header + sealed + nonce


def rtcp(ssrc: int) -> bytes:
    """A receiver report (packet type 201): not audio."""
    return struct.pack(">BBHI", 0x80, 201, 1, ssrc)


# ---- DAVE: a real MLS group of two, with the voice server's external sender played by the test -------------
def _v(data: bytes) -> bytes:
    """An MLS variable-length vector: a QUIC varint length, then the bytes."""
    n = len(data)
    if n < 64:
        return bytes([n]) + data
    if n < 16384:
        return struct.pack(">H", 0x4000 | n) + data
    return struct.pack(">I", 0x80000000 | n) + data


class VoiceServer:
    """The MLS external sender (DAVE opcodes 25 and 27): its ExternalSender and Add proposals it signs."""

    def __init__(self, channel_id: int) -> None:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec

        self.channel_id = channel_id
        self._key = ec.generate_private_key(ec.SECP256R1())
        public = self._key.public_key().public_bytes(serialization.Encoding.X962,
                                                     serialization.PublicFormat.UncompressedPoint)
        self.external_sender = _v(public) + struct.pack(">H", 1) + _v(b"voice server")   # basic credential

    def add(self, key_package: bytes, epoch: int = 0) -> bytes:
        """The proposals payload (a vector of MLSMessage): one PublicMessage from the external sender adding
        that key package, signed over FramedContentTBS."""
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec

        content = (_v(struct.pack(">Q", self.channel_id)) + struct.pack(">Q", epoch) + bytes([2])   # external
                   + struct.pack(">I", 0) + _v(b"") + bytes([2]) + struct.pack(">H", 1) + key_package)
        version_wire = struct.pack(">HH", 1, 1)                                   # mls10, public message
        signature = self._key.sign(_v(b"MLS 1.0 FramedContentTBS") + _v(version_wire + content),
                                   ec.ECDSA(hashes.SHA256()))
        return _v(version_wire + content + _v(signature))


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """An MLS varint at `at`: (its value, where what follows starts)."""
    size = 1 << (data[at] >> 6)
    value = int.from_bytes(data[at:at + size], "big") & ((1 << (8 * size - 2)) - 1)
    return value, at + size


def split_commit_welcome(data: bytes) -> tuple[bytes, bytes]:
    """DAVE op 28 carries the commit (an MLSMessage) then the Welcome, back to back. The welcome is the tail
    that reads as one: the cipher suite (2), then exactly its two vectors (encrypted group secrets, encrypted
    group info) to the end."""
    at = data.find(b"\x00\x02", 4)
    while at > 0:
        n, nxt = _varint(data, at + 2)
        if nxt + n < len(data):
            m, end = _varint(data, nxt + n)
            if end + m == len(data):
                return data[:at], data[at:]
        at = data.find(b"\x00\x02", at + 1)
    raise ValueError("no welcome at the end of the commit")


def dave_pair(speaker_id: int, her_id: int, channel_id: int):
    """(the speaker's session, hers): one MLS group, both ready, as after Discord's DAVE handshake."""
    import davey

    server = VoiceServer(channel_id)
    speaker = davey.DaveSession(davey.DAVE_PROTOCOL_VERSION, speaker_id, channel_id)
    her = davey.DaveSession(davey.DAVE_PROTOCOL_VERSION, her_id, channel_id)
    for session in (speaker, her):
        session.set_external_sender(server.external_sender)
    speaker.get_serialized_key_package()
    commit = speaker.process_proposals(davey.ProposalsOperationType.append,
                                       server.add(her.get_serialized_key_package()))
    speaker.process_commit(commit.commit)
    her.process_welcome(commit.welcome)
    assert speaker.ready and her.ready
    return speaker, her


# ---- speech -------------------------------------------------------------------------------------------
@functools.cache
def speech_frames() -> tuple[bytes, ...]:
    """The shared clip as a speaker's client sends it: 48 kHz stereo, 20 ms Opus frames."""
    from discord.opus import Encoder
    from faster_whisper import decode_audio

    clip = decode_audio(str(SPEECH), sampling_rate=48000)
    pcm = np.repeat(np.clip(np.rint(clip * 32767), -32768, 32767).astype("<i2"), 2).tobytes()
    encoder = Encoder()
    step = Encoder.FRAME_SIZE
    pcm += bytes(-len(pcm) % step)
    return tuple(encoder.encode(pcm[i:i + step], Encoder.SAMPLES_PER_FRAME) for i in range(0, len(pcm), step))


def speaker_datagrams(frames, key: bytes, ssrc: int, dave=None, counter: int = 0) -> list[bytes]:
    """Each frame (DAVE-encrypted by the speaker's session when given) sealed into its datagram."""
    out = []
    for n, frame in enumerate(frames):
        payload = dave.encrypt_opus(frame) if dave is not None else frame
        out.append(seal(payload, key, ssrc, n & 0xFFFF, n * 960, counter + n,
                        extension=struct.pack(">BBH", 0x10, 0xAB, 0) if n % 50 == 0 else None))
    return out
