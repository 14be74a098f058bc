"""A voice call's datagrams as Discord sends them: RTP with the transport encryption of the rtpsize modes.

Theory of operation (Discord's voice documentation, "Transport Encryption Modes" and "Voice Data Interpolation"):
1. A datagram is RTP (version 2 in the top bits of its first byte) or RTCP (its second byte, the packet type,
   200 to 204): RTCP reports and anything else that is not RTP are not audio (None). Audio is payload type
   120 (Opus); another payload type is not audio either.
2. The header: 12 bytes (flags, marker and payload type, sequence, timestamp, SSRC), then 4 bytes per CSRC,
   then, when the extension bit is set, the extension's 4-byte head (profile and its length in 32-bit words).
   In the rtpsize modes all of that is the clear, authenticated part (the AEAD's associated data); the
   extension's body is encrypted with the audio and is cut from the front of what decrypts.
3. The tail: the last 4 bytes are the sender's 32-bit nonce counter; the AEAD nonce is those 4 bytes followed
   by zeros (24 bytes for XChaCha20-Poly1305). What lies between the header and the counter is the ciphertext
   with its 16-byte tag.
4. Only aead_xchacha20_poly1305_rtpsize is opened here: it is the one mode discord.py 2.7 offers Discord
   (VoiceClient.supported_modes lists it first, then the deprecated xsalsa20 modes Discord no longer accepts),
   so it is the mode every call she joins negotiates. Another mode is Undecryptable with its name.
5. A packet that does not open (a wrong key, a cut datagram) is Undecryptable; the caller counts it.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

OPUS = 120
MODE = "aead_xchacha20_poly1305_rtpsize"
HEADER = 12
COUNTER = 4
TAG = 16
NONCE = 24


class Undecryptable(ValueError):
    """A datagram that should hold audio and does not open (rule 5)."""


@dataclass(frozen=True)
class Audio:
    ssrc: int
    sequence: int
    timestamp: int
    opus: bytes          # the frame as the speaker's client made it (DAVE-encrypted when the call uses DAVE)


def header_length(data: bytes) -> int | None:
    """The clear part of an RTP datagram (rule 2), None when it is not RTP audio (rule 1)."""
    if len(data) < HEADER or data[0] >> 6 != 2 or 200 <= data[1] <= 204 or data[1] & 0x7F != OPUS:
        return None
    length = HEADER + 4 * (data[0] & 0x0F)
    if data[0] & 0x10:
        length += 4
    return length if len(data) >= length + TAG + COUNTER else None


def open_datagram(data: bytes, key: bytes, mode: str = MODE) -> Audio | None:
    """One datagram's Opus frame (rules 1-5): None when it is not audio; Undecryptable when it does not open."""
    length = header_length(data)
    if length is None:
        return None
    if mode != MODE:
        raise Undecryptable(f"the call's encryption mode {mode} is not one Bea opens")
    from nacl.exceptions import CryptoError
    from nacl.secret import Aead

    nonce = data[-COUNTER:] + bytes(NONCE - COUNTER)
    try:
        plain = Aead(key).decrypt(data[length:-COUNTER], data[:length], nonce)
    except (CryptoError, ValueError) as exc:
        raise Undecryptable(type(exc).__name__) from None
    if data[0] & 0x10:
        words = struct.unpack_from(">H", data, length - 2)[0]
        plain = plain[4 * words:]
    sequence, timestamp, ssrc = struct.unpack_from(">HII", data, 2)
    return Audio(ssrc, sequence, timestamp, plain)
