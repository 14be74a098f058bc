"""Donation payloads: Ko-fi forms, generic JSON, bits; secrets, exact amounts, currencies, and dedup."""

import json
from decimal import Decimal
from urllib.parse import urlencode

import pytest

from app.core.donations import (
    ANONYMOUS,
    MAX_BODY_BYTES,
    Donation,
    DonationError,
    bits_donation,
    dedup_key,
    minor_units,
    parse_amount,
    parse_currency,
    parse_generic,
    parse_kofi,
    parse_kofi_body,
)

SECRET = "kofi-token-3f9a"


def kofi_data(**changes):
    """Shaped like Ko-fi's documented single-donation example."""
    data = {
        "verification_token": SECRET,
        "message_id": "3a1fac0c-f960-4506-a60e-824979a74e74",
        "timestamp": "2022-08-21T13:04:30Z",
        "type": "Donation",
        "is_public": True,
        "from_name": "Ko-fi Team",
        "message": "Good luck with the integration!",
        "amount": "3.00",
        "url": "https://ko-fi.com/Home/CoffeeShop?txid=00000000-1111-2222-3333-444444444444",
        "email": "someone@example.com",
        "currency": "USD",
        "is_subscription_payment": False,
        "is_first_subscription_payment": False,
        "kofi_transaction_id": "00000000-1111-2222-3333-444444444444",
        "shop_items": None,
        "tier_name": None,
        "shipping": None,
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not ...}


def kofi_form(**changes):
    return {"data": json.dumps(kofi_data(**changes))}


def generic(**changes):
    body = {"id": "order-17", "name": "Mara", "amount": "5.00", "currency": "EUR", "message": "for the cat",
            "secret": SECRET}
    body.update(changes)
    return {key: value for key, value in body.items() if value is not ...}


def refused(call, *args, match=None):
    with pytest.raises(DonationError, match=match) as caught:
        call(*args)
    assert caught.value.reason == str(caught.value) and caught.value.reason
    return caught.value


# ------------------------------------------------------------------------------------------------- Ko-fi


def test_a_kofi_donation():
    donation = parse_kofi(kofi_form(), SECRET)
    assert donation == Donation(delivery_id="3a1fac0c-f960-4506-a60e-824979a74e74", donor_name="Ko-fi Team",
                                amount=Decimal("3.00"), currency="USD", message="Good luck with the integration!",
                                platform="kofi", kind="donation", is_public=True)
    assert str(donation.amount) == "3.00"


def test_a_kofi_raw_body_is_the_same_as_its_fields():
    body = urlencode(kofi_form()).encode()
    assert parse_kofi_body(body, SECRET) == parse_kofi(kofi_form(), SECRET)
    assert parse_kofi_body(body.decode(), SECRET) == parse_kofi(kofi_form(), SECRET)


@pytest.mark.parametrize("ko_fi_type,kind", [("Donation", "donation"), ("Subscription", "subscription"),
                                             ("Commission", "commission"), ("Shop Order", "shop_order")])
def test_kofi_types(ko_fi_type, kind):
    assert parse_kofi(kofi_form(type=ko_fi_type), SECRET).kind == kind


@pytest.mark.parametrize("value", ["Refund", "donation", "", None, 3, ["Donation"], {"a": 1}])
def test_unknown_kofi_types_are_refused(value):
    refused(parse_kofi, kofi_form(type=value), SECRET, match="unknown Ko-fi type")


def test_a_private_kofi_message_is_not_kept():
    donation = parse_kofi(kofi_form(is_public=False), SECRET)
    assert donation.message == "" and not donation.is_public and donation.donor_name == "Ko-fi Team"
    missing = parse_kofi(kofi_form(is_public=...), SECRET)
    assert missing.message == "" and not missing.is_public
    refused(parse_kofi, kofi_form(is_public="true"), SECRET, match="is_public")


def test_kofi_names_and_messages():
    assert parse_kofi(kofi_form(from_name="  Ada  ", message=" hi \n"), SECRET).donor_name == "Ada"
    assert parse_kofi(kofi_form(from_name="  Ada  ", message=" hi \n"), SECRET).message == "hi"
    assert parse_kofi(kofi_form(from_name=None, message=None), SECRET).donor_name == ANONYMOUS
    assert parse_kofi(kofi_form(from_name=..., message=...), SECRET).message == ""
    refused(parse_kofi, kofi_form(from_name=7), SECRET, match="from_name")
    refused(parse_kofi, kofi_form(message=["x"]), SECRET, match="message")


@pytest.mark.parametrize("form,reason", [
    ({}, "no 'data'"), ({"data": ""}, "no 'data'"), ({"data": 5}, "no 'data'"),
    ({"data": "{not json"}, "not valid JSON"), ({"data": "[1, 2]"}, "JSON object"),
    ({"data": '"text"'}, "JSON object"), ({"data": "[" * 100000}, "not valid JSON"),
])
def test_kofi_forms_that_are_not_payloads(form, reason):
    refused(parse_kofi, form, SECRET, match=reason)


def test_kofi_secret():
    refused(parse_kofi, kofi_form(verification_token="wrong"), SECRET, match="does not match")
    refused(parse_kofi, kofi_form(verification_token=...), SECRET, match="missing")
    refused(parse_kofi, kofi_form(verification_token=""), SECRET, match="missing")
    refused(parse_kofi, kofi_form(verification_token=123), SECRET, match="missing")
    assert refused(parse_kofi, kofi_form(verification_token=SECRET + "x"), SECRET).unauthorized


def test_the_secret_is_checked_before_anything_else():
    error = refused(parse_kofi, kofi_form(verification_token="wrong", amount="-1", type="?"), SECRET)
    assert error.unauthorized and "secret" in error.reason
    error = refused(parse_generic, generic(secret="wrong", amount=5.0, currency="x"), SECRET)
    assert error.unauthorized and "secret" in error.reason


def test_a_blank_configured_secret_refuses_everything():
    refused(parse_kofi, kofi_form(verification_token=""), "", match="no shared secret")
    refused(parse_generic, generic(secret=""), "", match="no shared secret")
    assert refused(parse_generic, generic(secret="anything"), "").unauthorized


def test_non_ascii_secrets_compare_without_crashing():
    secret = "clé-secrète-☃"
    assert parse_generic(generic(secret=secret), secret).amount == Decimal("5.00")
    refused(parse_generic, generic(secret="cle-secrete"), secret, match="does not match")
    refused(parse_generic, generic(secret="\ud800"), secret, match="does not match")


@pytest.mark.parametrize("body,reason", [
    (b"", "exactly one 'data'"), (b"other=1", "exactly one 'data'"),
    (urlencode([("data", "{}"), ("data", "{}")]).encode(), "exactly one 'data'"),
    (b"data=%FF", "not a urlencoded form"), (b"\xff\xfe", "not UTF-8"),
    (b"data=" + b"x" * MAX_BODY_BYTES, "over"), ("&".join(f"k{i}=1" for i in range(60)).encode(), "urlencoded"),
])
def test_kofi_bodies_that_are_not_forms(body, reason):
    refused(parse_kofi_body, body, SECRET, match=reason)


def test_kofi_retries_share_their_message_id_and_key():
    first = parse_kofi(kofi_form(), SECRET)
    retry = parse_kofi(kofi_form(timestamp="2022-08-21T13:05:30Z"), SECRET)
    assert first.key == retry.key == "kofi:3a1fac0c-f960-4506-a60e-824979a74e74"


# ----------------------------------------------------------------------------------------------- generic


def test_a_generic_donation():
    donation = parse_generic(json.dumps(generic()).encode(), SECRET)
    assert donation == Donation(delivery_id="order-17", donor_name="Mara", amount=Decimal("5.00"), currency="EUR",
                                message="for the cat", platform="generic")
    assert parse_generic(generic(), SECRET) == donation
    assert parse_generic(json.dumps(generic()), SECRET) == donation


def test_generic_optional_fields():
    donation = parse_generic(generic(name=..., message=...), SECRET)
    assert donation.donor_name == ANONYMOUS and donation.message == "" and donation.is_public


@pytest.mark.parametrize("changes,reason", [
    ({"id": ...}, "id is missing"), ({"id": ""}, "id is missing"), ({"id": "   "}, "id is missing"),
    ({"id": 17}, "id is missing or not a string"), ({"id": "x" * 201}, "longer than 200"),
    ({"amount": ...}, "amount is missing"), ({"amount": None}, "amount is missing"),
    ({"currency": ...}, "currency"), ({"name": 3}, "name must be a string"),
    ({"amount": {"value": "5"}}, "must be a string"),
])
def test_generic_fields(changes, reason):
    refused(parse_generic, generic(**changes), SECRET, match=reason)


@pytest.mark.parametrize("body,reason", [
    (b"{", "not valid JSON"), (b"[]", "JSON object"), (b"null", "JSON object"), (b"\xc3\x28", "not UTF-8"),
    (b'{"amount": NaN}', "NaN"), (b'{"amount": Infinity}', "Infinity"),
    (b'{"id": "a", "id": "b"}', "appears twice"), (b" " * (MAX_BODY_BYTES + 1), "over"),
    (42, "bytes or text"),
])
def test_generic_bodies_that_are_not_payloads(body, reason):
    refused(parse_generic, body, SECRET, match=reason)


def test_json_numbers_are_refused_even_when_exact():
    for amount in (5, 5.0, 5.5, 0.1):
        refused(parse_generic, generic(amount=amount), SECRET, match="not a JSON number")
    refused(parse_generic, json.dumps(generic(amount=5)).replace('"5"', "5"), SECRET, match="JSON number")
    refused(parse_generic, b'{"id":"a","amount":5.00,"currency":"EUR","secret":"%s"}' % SECRET.encode(), SECRET,
            match="JSON number")
    refused(parse_kofi, kofi_form(amount=3.0), SECRET, match="JSON number")
    refused(parse_generic, generic(amount=True), SECRET, match="JSON number")


def test_duplicate_keys_are_refused_wherever_they_nest():
    refused(parse_kofi, {"data": '{"amount": "1.00", "amount": "1000.00"}'}, SECRET, match="appears twice")


# -------------------------------------------------------------------------------------- amounts, currency


@pytest.mark.parametrize("text,currency,amount", [
    ("5.00", "EUR", "5.00"), ("5", "EUR", "5.00"), ("5.5", "EUR", "5.50"), ("0.01", "USD", "0.01"),
    ("007.10", "GBP", "7.10"), ("5.000", "EUR", "5.00"), ("999999999999.99", "EUR", "999999999999.99"),
    ("500", "JPY", "500"), ("500.00", "JPY", "500"), ("1500", "KRW", "1500"),
    ("1.234", "KWD", "1.234"), ("1.2", "BHD", "1.200"), ("0.001", "BHD", "0.001"), ("1.2345", "CLF", "1.2345"),
])
def test_exact_amounts(text, currency, amount):
    parsed = parse_amount(text, currency)
    assert parsed == Decimal(amount) and str(parsed) == amount


@pytest.mark.parametrize("text,currency,reason", [
    ("5.001", "EUR", "at most 2 decimal places"), ("0.005", "USD", "at most 2"),
    ("500.5", "JPY", "at most 0 decimal places"), ("1.2345", "KWD", "at most 3"),
    ("-5.00", "EUR", "plain decimal"), ("+5.00", "EUR", "plain decimal"), ("NaN", "EUR", "plain decimal"),
    ("Infinity", "EUR", "plain decimal"), ("1e3", "EUR", "plain decimal"), ("1,000.00", "EUR", "plain decimal"),
    (" 5.00", "EUR", "plain decimal"), ("5.", "EUR", "plain decimal"), (".5", "EUR", "plain decimal"),
    ("", "EUR", "plain decimal"), ("٥", "EUR", "plain decimal"), ("0", "EUR", "more than zero"),
    ("0.00", "EUR", "more than zero"), ("0", "JPY", "more than zero"), ("1" * 13, "EUR", "too large"),
])
def test_refused_amounts(text, currency, reason):
    refused(parse_amount, text, currency, match=reason)


def test_amounts_keep_many_leading_zeros_exact():
    assert parse_amount("0" * 50 + "12.34", "EUR") == Decimal("12.34")


def test_minor_units():
    assert (minor_units("EUR"), minor_units("USD"), minor_units("JPY"), minor_units("KWD"),
            minor_units("BHD"), minor_units("XYZ")) == (2, 2, 0, 3, 3, 2)


@pytest.mark.parametrize("value", ["eur", "EURO", "EU", "E1R", "", None, 978, "ÉUR", " EUR"])
def test_currencies_are_three_upper_case_letters(value):
    refused(parse_currency, value, match="ISO 4217")


def test_a_kofi_jpy_donation_written_with_two_decimals():
    donation = parse_kofi(kofi_form(amount="500.00", currency="JPY"), SECRET)
    assert donation.amount == Decimal("500") and donation.currency == "JPY"
    refused(parse_kofi, kofi_form(amount="500.50", currency="JPY"), SECRET, match="at most 0")


# -------------------------------------------------------------------------------------------------- bits


def test_bits_are_a_twitch_donation():
    donation = bits_donation("d7f03a35-f339-41ca-b4d4-7c0721438570", "TETYYS", 100, "trihard100")
    assert donation == Donation(delivery_id="d7f03a35-f339-41ca-b4d4-7c0721438570", donor_name="TETYYS",
                                amount=Decimal(100), currency="BITS", message="trihard100", platform="twitch")
    assert donation.key == "twitch:d7f03a35-f339-41ca-b4d4-7c0721438570"


@pytest.mark.parametrize("bits", [0, -5, True, 1.5, "100", None])
def test_bits_must_be_a_positive_whole_number(bits):
    refused(bits_donation, "id", "who", bits, match="bits")


def test_bits_need_a_message_id():
    refused(bits_donation, "", "who", 5, match="message id")


# ------------------------------------------------------------------------------------------------- dedup


def test_dedup_keys_are_per_platform():
    assert dedup_key("kofi", "1") != dedup_key("generic", "1")
    assert parse_generic(generic(id="1"), SECRET).key == "generic:1"


def test_donation_error_is_a_value_error():
    assert issubclass(DonationError, ValueError)
    assert not DonationError("x").unauthorized


# ------------------------------------------------------------------------------------------- Streamlabs

def streamlabs(text: str):
    from app.core.donations import parse_streamlabs, streamlabs_json
    return parse_streamlabs(streamlabs_json(text))


def test_a_streamlabs_donation_with_a_string_or_a_number_amount_is_exact():
    from app.core.donations import Donation
    [d] = streamlabs('{"type":"donation","message":[{"id":96164121,"name":"test1","amount":"13.37",'
                     '"formatted_amount":"$13.37","message":"hi","currency":"USD","from":"Jo","_id":"ab12"}],'
                     '"event_id":"evt_1"}')
    assert d == Donation("ab12", "Jo", Decimal("13.37"), "USD", "hi", "streamlabs")
    [n] = streamlabs('{"type":"donation","for":"streamlabs","message":[{"id":7,"name":"Al","amount":0.1,'
                     '"currency":"EUR"}]}')
    assert n.amount == Decimal("0.10") and n.delivery_id == "7" and n.donor_name == "Al" and n.message == ""
    [y] = streamlabs('{"type":"donation","message":[{"_id":"y","from":"Yu","amount":500,"currency":"JPY"}]}')
    assert y.amount == Decimal("500")


def test_streamlabs_events_that_are_not_its_own_tips_are_not_donations():
    assert streamlabs('{"type":"follow","for":"twitch_account","message":[{"name":"a"}]}') == []
    assert streamlabs('{"type":"bits","for":"twitch_account","message":[{"amount":"100","_id":"b"}]}') == []
    assert streamlabs('{"type":"donation","for":"youtube_account","message":[]}') == []
    assert streamlabs('{"type":"streamlabels","message":{"data":{}}}') == []


def test_streamlabs_test_alerts_only_when_asked():
    from app.core.donations import parse_streamlabs, streamlabs_json
    event = streamlabs_json('{"type":"donation","message":[{"_id":"t","from":"T","amount":"1.00",'
                            '"currency":"USD","isTest":true}]}')
    assert parse_streamlabs(event) == []
    assert [d.donor_name for d in parse_streamlabs(event, tests=True)] == ["T"]


@pytest.mark.parametrize(("text", "why"), [
    ('[1]', "must be a JSON object"),
    ('{"type":"donation","message":5}', "a list of messages"),
    ('{"type":"donation","message":[5]}', "must be a JSON object"),
    ('{"type":"donation","message":[{"_id":"a","amount":"1.00"}]}', "currency must be"),
    ('{"type":"donation","message":[{"_id":"a","amount":"1.001","currency":"USD"}]}', "at most 2 decimal"),
    ('{"type":"donation","message":[{"_id":"a","amount":1.5e-3,"currency":"USD"}]}', "at most 2 decimal"),
    ('{"type":"donation","message":[{"_id":"a","amount":-5,"currency":"USD"}]}', "not a plain decimal"),
    ('{"type":"donation","message":[{"amount":"1.00","currency":"USD"}]}', "_id is missing"),
    ('{"type":"donation","message":[{"_id":"ok","amount":"1.00","currency":"USD"},{"_id":"b","currency":"USD"}]}',
     "amount is missing"),
    ('{"type":"donation","type":"donation","message":[]}', "appears twice"),
    ('{"type":"donation","message":[{"_id":"a","amount":NaN,"currency":"USD"}]}', "NaN is not a number"),
])
def test_a_bad_streamlabs_event_gives_nothing_and_says_why(text, why):
    from app.core.donations import DonationError
    with pytest.raises(DonationError, match=why):
        streamlabs(text)


def test_a_number_past_decimals_exponent_is_a_donation_error_not_a_crash():
    from app.core.donations import streamlabs_json

    with pytest.raises(DonationError, match="not valid JSON"):
        streamlabs_json('10E999999999999999999')
