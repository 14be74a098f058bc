"""The certificate the local API serves TLS with in LAN mode: made by Bea, kept in the data folder, pinned by
its fingerprint.

Theory of operation:
1. The first LAN start makes an EC P-256 key and a self-signed certificate (CN "Bea local API", valid ten
   years, names localhost, 127.0.0.1, ::1 and this computer's name). Devices do not trust it through a
   certificate authority: they pin its SHA-256 fingerprint, which the app shows (the Activity dock's event
   and the log) and `fingerprint` gives.
2. The certificate is tls/api-cert.pem; the key is tls/api-key.pem, encrypted (PKCS#8) with a random password
   kept as the secret API_TLS_SECRET (the OS keyring, or the encrypted store): the key never sits in a plain
   file. Both files are 0600 in a 0700 folder. Later starts load them as they are, so the fingerprint stays.
3. Files that cannot be read or opened with the password (a lost keyring entry, a damaged file) are replaced
   by new ones: the fingerprint changes and the log says so; devices pin it again.
4. Without the `cryptography` package, or when anything else stops it, TlsUnavailable says why in a sentence:
   the service then keeps the API on this computer (never plain HTTP on the network).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import logging
import secrets as randomness
import socket
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.process.paths import private_dir, write_private

log = logging.getLogger(__name__)

API_TLS_SECRET = "api_tls_key_password"
CERT_FILE, KEY_FILE = "api-cert.pem", "api-key.pem"
VALID_DAYS = 3650


class TlsUnavailable(Exception):
    """Why the API cannot serve TLS (a sentence for the streamer)."""


@dataclass(frozen=True)
class LanCertificate:
    context: ssl.SSLContext
    fingerprint: str          # SHA-256 of the certificate, as AB:CD:...


def fingerprint(cert_pem: bytes) -> str:
    der = ssl.PEM_cert_to_DER_cert(cert_pem.decode("ascii"))
    return ":".join(f"{b:02X}" for b in hashlib.sha256(der).digest())


def _make(folder: Path, password: str, now: dt.datetime) -> None:
    try:
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID
    except ImportError:
        raise TlsUnavailable("the 'cryptography' package is not installed, so Bea cannot make a certificate "
                             "for TLS") from None
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Bea local API")])
    alt: list[Any] = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                      x509.IPAddress(ipaddress.ip_address("::1"))]
    host = socket.gethostname()
    if host and host.isascii():
        alt += [x509.DNSName(host), x509.DNSName(f"{host}.local")]
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(days=1)).not_valid_after(now + dt.timedelta(days=VALID_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    private_dir(folder)
    write_private(folder / KEY_FILE, key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(password.encode())))
    write_private(folder / CERT_FILE, cert.public_bytes(serialization.Encoding.PEM))


def _load(folder: Path, password: str) -> LanCertificate:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(folder / CERT_FILE, folder / KEY_FILE, password=password)
    return LanCertificate(context, fingerprint((folder / CERT_FILE).read_bytes()))


def lan_certificate(folder: Path, secrets: Any, now: Callable[[], dt.datetime]) -> LanCertificate:
    """Rules 1-4: the server's TLS context and its fingerprint; blocking (key making, the keyring). A new
    certificate's validity starts a day before now() (an aware datetime: the app's clock)."""
    try:
        password = secrets.get(API_TLS_SECRET)
        if password and (folder / CERT_FILE).is_file() and (folder / KEY_FILE).is_file():
            try:
                return _load(folder, password)
            except (OSError, ssl.SSLError, ValueError) as exc:
                log.warning("the local API's certificate could not be used (%s); making a new one: devices "
                            "must pin its new fingerprint", type(exc).__name__)
        password = randomness.token_urlsafe(32)
        _make(folder, password, now())
        secrets.set(API_TLS_SECRET, password)
        loaded = _load(folder, password)
        log.info("made a certificate for the local API, SHA-256 fingerprint %s", loaded.fingerprint)
        return loaded
    except TlsUnavailable:
        raise
    except Exception as exc:
        raise TlsUnavailable(f"its certificate could not be set up ({type(exc).__name__}: {exc})") from exc
