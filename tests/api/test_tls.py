"""The LAN certificate's dates come from the clock the app was given, not from the machine's."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from cryptography import x509

from app.api.tls import CERT_FILE, VALID_DAYS, lan_certificate
from tests.fakes import StoppedClock


class Kept(dict):
    def set(self, name: str, value: str) -> None:
        self[name] = value


def test_a_new_certificate_is_valid_from_a_day_before_the_clocks_moment(tmp_path) -> None:
    clock = StoppedClock(datetime(2031, 5, 17, 21, 30, tzinfo=UTC))
    made = lan_certificate(tmp_path / "tls", Kept(), clock.now)
    cert = x509.load_pem_x509_certificate((tmp_path / "tls" / CERT_FILE).read_bytes())
    assert cert.not_valid_before_utc == clock.at - timedelta(days=1)
    assert cert.not_valid_after_utc == clock.at + timedelta(days=VALID_DAYS)
    assert made.fingerprint.count(":") == 31
