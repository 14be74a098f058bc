"""Donation payloads checked and read: a Ko-fi webhook, a generic JSON webhook, and Twitch bits.

Theory of operation:
1. Every parser returns a Donation or raises DonationError (a ValueError) whose reason is fit for a 400 body.
   A payload that fails any rule yields nothing, so nothing of it can be stored.
2. The shared secret is checked first, before any other field is judged, so a caller without it learns
   nothing about the payload rules. The comparison is hmac.compare_digest over UTF-8 bytes. An empty
   configured secret refuses everything: a blank setting must never mean "open". A secret failure sets
   DonationError.unauthorized, should the HTTP layer prefer 401/403 to 400.
3. Ko-fi (`parse_kofi` on the form fields, `parse_kofi_body` on the raw urlencoded body): exactly one field
   `data` holding a JSON object with verification_token (the secret), message_id (the delivery id: Ko-fi
   retries with the same one), type (Donation, Subscription, Commission or Shop Order -> Donation.kind
   "donation", "subscription", "commission", "shop_order"; any other type is refused), from_name, message,
   amount, currency and is_public. Ko-fi asks that a private supporter's message not be shown: when is_public
   is false, or missing, the message is dropped and Donation.is_public is False.
4. Generic JSON (`parse_generic`, on the body or an already decoded object):
   {"id", "name", "amount", "currency", "message", "secret"}; id, amount, currency and secret are required.
5. Amounts are exact: a JSON string of ASCII digits with an optional fraction ("5", "5.5", "5.00"), read as
   a Decimal. JSON numbers are refused: a number may have been a binary float somewhere on its way and is not
   what these senders send. Refused too: signs, exponents, NaN/Infinity, separators, zero, more than 12
   integer digits, and fraction digits finer than the currency's minor unit (2 by default; 0 for JPY, KRW and
   the other zero-decimal ISO 4217 currencies; 3 for BHD, KWD, IQD, JOD, LYD, OMR, TND; 4 for CLF, UYW).
   Trailing zeros past the minor unit are tolerated ("500.00" JPY is 500; Ko-fi writes two decimals for
   every currency) and the amount comes back quantised to the minor unit ("5" EUR -> Decimal("5.00")).
6. A currency is three upper-case ASCII letters, the shape of an ISO 4217 code; no list of live codes is
   kept, since codes come and go.
7. Names and messages are stripped of surrounding whitespace; a missing or blank name is "Anonymous". A
   delivery id is a non-empty string of at most 200 characters. Bodies over 64 KiB are refused, and so are
   JSON objects with a repeated key (two "amount"s must not mean whichever a parser keeps).
8. Bits (`bits_donation`) are Twitch's own unit: currency "BITS", a whole amount, platform "twitch", the
   chat message id as delivery id.
9. Dedup: Donation.key is "platform:delivery_id", so two platforms' ids never collide. The caller looks the
   key up in its set of stored keys and records it only once the donation is stored, so a delivery that
   failed to store is not swallowed when it is retried. A repeat of a stored delivery should be answered 200
   (not 400) so the sender stops retrying, and counts nothing. The store keeps the keys (a unique column) for
   restarts; the set is the fast path.
10. Streamlabs (`parse_streamlabs`, on the argument of a socket API "event", decoded by `streamlabs_json`
   with every JSON number an exact Decimal): {"type", "for", "message": [...], "event_id"}. Only type
   "donation" (its own tips; "for" is "streamlabs" or absent) is a donation: Twitch and YouTube events that
   Streamlabs relays are not, since Bea hears Twitch herself. Each message is one donation: `_id` (else `id`)
   the delivery id, `from` (else `name`) the donor, `amount` a string or a JSON number (Streamlabs sends
   either; as a Decimal literal it is exact, and it then meets rule 5 like any string), `currency`,
   `message`. A test alert from the dashboard (isTest true) is left out unless tests are wanted. One bad
   message refuses the whole event, so no part of it is stored.
"""

from __future__ import annotations

import hmac
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any
from urllib.parse import parse_qsl

MAX_BODY_BYTES = 64 * 1024
MAX_ID_CHARS = 200
MAX_INTEGER_DIGITS = 12
ANONYMOUS = "Anonymous"
BITS = "BITS"

DEFAULT_MINOR_UNITS = 2
MINOR_UNITS = {
    **dict.fromkeys(["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND",
                     "VUV", "XAF", "XOF", "XPF"], 0),
    **dict.fromkeys(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"], 3),
    **dict.fromkeys(["CLF", "UYW"], 4),
}
KOFI_KINDS = {"Donation": "donation", "Subscription": "subscription", "Commission": "commission",
              "Shop Order": "shop_order"}

_AMOUNT = re.compile(r"([0-9]+)(?:\.([0-9]+))?")
_CURRENCY = re.compile(r"[A-Z]{3}")


class DonationError(ValueError):
    """A payload refused; str() and .reason are the reason, safe to send back in a 400."""

    def __init__(self, reason: str, *, unauthorized: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.unauthorized = unauthorized


@dataclass(frozen=True)
class Donation:
    delivery_id: str
    donor_name: str
    amount: Decimal
    currency: str
    message: str
    platform: str
    kind: str = "donation"
    is_public: bool = True

    @property
    def key(self) -> str:
        """The dedup key: the same delivery from the same platform counts once."""
        return dedup_key(self.platform, self.delivery_id)


# ------------------------------------------------------------------------------------------------- Ko-fi


def parse_kofi_body(body: bytes | str, secret: str) -> Donation:
    """The raw application/x-www-form-urlencoded body of a Ko-fi POST; DonationError, and nothing else, for any
    body that is not a good delivery (rule 1)."""
    text = _body_text(body)
    try:
        pairs = parse_qsl(text, keep_blank_values=True, errors="strict", max_num_fields=50)
    except (ValueError, UnicodeError):
        raise DonationError("the body is not a urlencoded form") from None
    datas = [value for key, value in pairs if key == "data"]
    if len(datas) != 1:
        raise DonationError("the form must carry exactly one 'data' field")
    return parse_kofi({"data": datas[0]}, secret)


def parse_kofi(form: Mapping[str, Any], secret: str) -> Donation:
    """The decoded form fields of a Ko-fi POST (rule 3)."""
    data = form.get("data")
    if not isinstance(data, str) or not data:
        raise DonationError("the form has no 'data' field")
    payload = _json_object(data)
    _check_secret(payload.get("verification_token"), secret)
    kind_name = payload.get("type")
    kind = KOFI_KINDS.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None:
        raise DonationError(f"unknown Ko-fi type {_short(payload.get('type'))}")
    currency = parse_currency(payload.get("currency"))
    is_public = _kofi_public(payload.get("is_public"))
    return Donation(delivery_id=_delivery_id(payload.get("message_id"), "message_id"),
                    donor_name=_name(payload.get("from_name"), "from_name"),
                    amount=parse_amount(payload.get("amount"), currency), currency=currency,
                    message=_text(payload.get("message"), "message") if is_public else "",
                    platform="kofi", kind=kind, is_public=is_public)


def _kofi_public(value: object) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise DonationError("is_public must be true or false")
    return value


# ----------------------------------------------------------------------------------------------- generic


def parse_generic(body: bytes | str | Mapping[str, Any], secret: str) -> Donation:
    """A generic JSON POST: the raw body, or the object already decoded (rule 4); DonationError, and nothing
    else, for anything that is not a good delivery (rule 1)."""
    payload = body if isinstance(body, Mapping) else _json_object(_body_text(body))
    _check_secret(payload.get("secret"), secret)
    currency = parse_currency(payload.get("currency"))
    return Donation(delivery_id=_delivery_id(payload.get("id"), "id"), donor_name=_name(payload.get("name"), "name"),
                    amount=parse_amount(payload.get("amount"), currency), currency=currency,
                    message=_text(payload.get("message"), "message"), platform="generic")


# -------------------------------------------------------------------------------------------------- bits


def bits_donation(delivery_id: str, donor_name: str, bits: int, message: str = "") -> Donation:
    """Cheered bits as a donation (rule 8): delivery_id is the chat message id."""
    if isinstance(bits, bool) or not isinstance(bits, int) or bits <= 0:
        raise DonationError("bits must be a positive whole number")
    return Donation(delivery_id=_delivery_id(delivery_id, "message id"), donor_name=_name(donor_name, "name"),
                    amount=Decimal(bits), currency=BITS, message=_text(message, "message"), platform="twitch")


# --------------------------------------------------------------------------------------------- Streamlabs


def streamlabs_json(text: str) -> Any:
    """JSON as the Streamlabs socket sends it, numbers kept exact (rule 10); repeated keys refused. DonationError
    is the only error."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                          parse_float=Decimal, parse_int=Decimal)
    except DonationError:
        raise
    except (ValueError, RecursionError, ArithmeticError):   # a number past Decimal's exponent: InvalidOperation
        raise DonationError("the payload is not valid JSON") from None


def parse_streamlabs(event: object, *, tests: bool = False) -> list[Donation]:
    """The donations in one Streamlabs socket event (rule 10); [] for an event that is not a donation, and
    DonationError (nothing else) for one that cannot be read, whatever the JSON holds."""
    if not isinstance(event, Mapping):
        raise DonationError("a Streamlabs event must be a JSON object")
    if event.get("type") != "donation" or event.get("for", "streamlabs") != "streamlabs":
        return []
    messages = event.get("message")
    if isinstance(messages, Mapping):
        messages = [messages]
    if not isinstance(messages, list):
        raise DonationError("a Streamlabs donation carries a list of messages")
    out: list[Donation] = []
    for item in messages:
        if not isinstance(item, Mapping):
            raise DonationError("a Streamlabs donation message must be a JSON object")
        if item.get("isTest") is True and not tests:
            continue
        currency = parse_currency(item.get("currency"))
        raw_id = item.get("_id", item.get("id"))
        if isinstance(raw_id, Decimal):
            raw_id = _decimal_id(raw_id)
        amount = item.get("amount")
        if isinstance(amount, Decimal):
            amount = _decimal_text(amount)
        name = item.get("from") if item.get("from") is not None else item.get("name")
        out.append(Donation(delivery_id=_delivery_id(raw_id, "_id"), donor_name=_name(name, "from"),
                            amount=parse_amount(amount, currency), currency=currency,
                            message=_text(item.get("message"), "message"), platform="streamlabs"))
    return out


def _decimal_text(value: Decimal) -> str:
    """A JSON number as plain digits for rule 5; one too large or too fine for any amount is refused here,
    before it is written out digit by digit (1e999999999 would be a billion of them)."""
    if not value.is_finite() or value.adjusted() >= MAX_INTEGER_DIGITS or value.as_tuple().exponent < -20:
        raise DonationError("amount is not a plain decimal like 5.00")
    return format(value, "f")


def _decimal_id(value: Decimal) -> object:
    """A numeric delivery id as its digits ("1234"); one that is not a whole number of at most 30 digits stays
    a number (and is refused as one)."""
    if value.is_finite() and 0 <= value.adjusted() < 30 and value == value.to_integral_value():
        return str(int(value))
    return value


# -------------------------------------------------------------------------------------- amounts, currency


def minor_units(currency: str) -> int:
    return MINOR_UNITS.get(currency, DEFAULT_MINOR_UNITS)


def parse_currency(value: object) -> str:
    if not isinstance(value, str) or not _CURRENCY.fullmatch(value):
        raise DonationError(f"currency must be a 3-letter upper-case ISO 4217 code, got {_short(value)}")
    return value


def parse_amount(value: object, currency: str) -> Decimal:
    """An exact, positive amount in `currency` (rule 5), quantised to its minor unit."""
    if isinstance(value, bool) or isinstance(value, int | float | Decimal):
        raise DonationError('amount must be a string like "5.00", not a JSON number')
    if not isinstance(value, str):
        raise DonationError("amount is missing" if value is None else "amount must be a string")
    match = _AMOUNT.fullmatch(value)
    if not match:
        raise DonationError(f"amount {_short(value)} is not a plain decimal like 5.00")
    whole, fraction = match.group(1), match.group(2) or ""
    if len(whole.lstrip("0")) > MAX_INTEGER_DIGITS:
        raise DonationError("amount is too large")
    places = minor_units(currency)
    if fraction[places:].strip("0"):
        raise DonationError(f"{currency} amounts have at most {places} decimal places, got {_short(value)}")
    amount = Decimal(value).quantize(Decimal(1).scaleb(-places))
    if amount <= 0:
        raise DonationError("amount must be more than zero")
    return amount


# ------------------------------------------------------------------------------------------------- dedup


def dedup_key(platform: str, delivery_id: str) -> str:
    return f"{platform}:{delivery_id}"


# --------------------------------------------------------------------------------------------- the parts


def _check_secret(given: object, expected: str) -> None:
    if not expected:
        raise DonationError("no shared secret is configured: every delivery is refused", unauthorized=True)
    if not isinstance(given, str) or not given:
        raise DonationError("the shared secret is missing", unauthorized=True)
    if not hmac.compare_digest(given.encode("utf-8", "surrogatepass"), expected.encode("utf-8", "surrogatepass")):
        raise DonationError("the shared secret does not match", unauthorized=True)


def _body_text(body: bytes | str) -> str:
    if isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    if not isinstance(body, bytes | bytearray):
        raise DonationError("the body must be bytes or text")
    if len(body) > MAX_BODY_BYTES:
        raise DonationError(f"the body is over {MAX_BODY_BYTES} bytes")
    try:
        return bytes(body).decode("utf-8")
    except UnicodeDecodeError:
        raise DonationError("the body is not UTF-8") from None


def _json_object(text: str) -> Mapping[str, Any]:
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except DonationError:
        raise
    except (ValueError, RecursionError):
        raise DonationError("the payload is not valid JSON") from None
    if not isinstance(value, dict):
        raise DonationError("the payload must be a JSON object")
    return value


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DonationError(f"the key {_short(key)} appears twice")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise DonationError(f"{name} is not a number a donation can carry")


def _delivery_id(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise DonationError(f"{field} is missing or not a string")
    if len(value) > MAX_ID_CHARS:
        raise DonationError(f"{field} is longer than {MAX_ID_CHARS} characters")
    return value.strip()


def _name(value: object, field: str) -> str:
    return _text(value, field) or ANONYMOUS


def _text(value: object, field: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise DonationError(f"{field} must be a string")
    return value.strip()


def _short(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
