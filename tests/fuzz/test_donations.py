"""The donation webhooks' bodies fuzzed: Ko-fi's form and the generic JSON raise only DonationError (what the
webhook routes turn into 400/401/403), whether the body comes as bytes, text or an already decoded object."""

import json
from urllib.parse import urlencode

from hypothesis import given
from hypothesis import strategies as st

from app.core.donations import DonationError, parse_generic, parse_kofi_body
from tests.fuzz.strategies import FUZZ, count, json_inputs, json_texts, mutated

SECRET = "s3cret-token"
KOFI = [{"verification_token": SECRET, "message_id": "c2f6c5a1-0d5e", "timestamp": "2024-05-01T12:00:00Z",
         "type": "Donation", "is_public": True, "from_name": "Jo Example", "message": "Good luck!",
         "amount": "3.00", "url": "https://ko-fi.com/Home/CoffeeShop?txid=00000000", "email": "jo@example.com",
         "currency": "EUR", "is_subscription_payment": False, "is_first_subscription_payment": False,
         "kofi_transaction_id": "00000000-1111-2222-3333-444444444444", "shop_items": None, "tier_name": None},
        {"verification_token": SECRET, "message_id": "m2", "type": "Shop Order", "is_public": False,
         "from_name": "", "message": "secret", "amount": "1500", "currency": "JPY"}]
GENERIC = [{"id": "d-1", "name": "Ada", "amount": "5.50", "currency": "EUR", "message": "ciao", "secret": SECRET},
           {"id": "d-2", "amount": "0.125", "currency": "KWD", "secret": SECRET}]


def _form(data: str) -> str:
    return urlencode({"data": data}, errors="surrogatepass")


kofi_bodies = st.one_of(json_texts(KOFI).map(_form), json_inputs(KOFI).map(lambda v: _form(json.dumps(v))),
                        mutated([_form(json.dumps(k)) for k in KOFI]), st.binary(max_size=80))


@FUZZ
@given(kofi_bodies, st.sampled_from([SECRET, "", "other"]), st.booleans())
def test_a_kofi_body_reads_or_raises_donation_error(body, secret, as_bytes):
    count("kofi")
    if as_bytes and isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    try:
        parse_kofi_body(body, secret)
    except DonationError as exc:
        assert exc.reason


@FUZZ
@given(st.one_of(json_texts(GENERIC), json_inputs(GENERIC), st.binary(max_size=80)),
       st.sampled_from([SECRET, ""]))
def test_a_json_webhook_body_reads_or_raises_donation_error(body, secret):
    count("json-webhook")
    try:
        parse_generic(body, secret)
    except DonationError as exc:
        assert exc.reason
