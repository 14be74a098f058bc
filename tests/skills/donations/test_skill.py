"""The Donations skill in the real app: its secrets live in the keyring only, a donation is stored once and then
perceived like cheered bits, a private Ko-fi message never reaches her, and the settings page shows the
webhook addresses and a new secret once."""

from __future__ import annotations

import asyncio
import json
from decimal import Decimal

import pytest

from app.core.donations import Donation, bits_donation, parse_generic, parse_kofi
from app.core.perception import Meta
from app.memory.keys import KEYRING_SERVICE
from app.skills.donations.skill import DONATION_SALIENCE, SECRET_NAMES, donation_words, donor_identity
from app.skills.twitch.skill import BITS_SALIENCE


def tip(delivery="d-1", name="Marco", amount="5.00", message="grazie"):
    return Donation(delivery, name, Decimal(amount), "EUR", message, "generic")


def test_a_secret_is_made_in_the_keyring_and_never_in_the_settings_or_the_database(file_keyring, bea):
    import keyring

    skill = bea.skills["donations"]
    assert bea.secrets.place == "keyring" and not skill.has_secret("kofi")
    made = skill.create_secret("kofi")
    assert len(made) >= 40 and skill.secret("kofi") == made
    assert keyring.get_password(KEYRING_SERVICE, f"secret:{SECRET_NAMES['kofi']}") == made
    assert skill.create_secret("kofi") != made                       # replaced, not kept alongside
    assert not skill.has_secret("json")                             # one secret per kind
    stored = bea.db.read(lambda c: [str(r) for t in ("settings", "meta")
                                    for r in c.execute(f"SELECT * FROM {t}").fetchall()])
    assert not any(skill.secret("kofi") in row for row in stored)
    assert skill.secret("kofi") not in json.dumps(bea.settings.current.model_dump(mode="json"))
    skill.forget_secret("kofi")
    assert skill.secret("kofi") == "" and keyring.get_password(KEYRING_SERVICE,
                                                               f"secret:{SECRET_NAMES['kofi']}") is None


def test_a_donation_is_stored_once_with_a_card_and_perceived_like_cheered_bits(bea):
    skill = bea.skills["donations"]
    d = tip()
    assert skill.record(d) is True
    assert skill.record(d) is False                                 # the fast path
    skill.seen.clear()
    assert skill.record(d) is False                                 # after a restart: the store says so
    people = bea.skills["people"]
    card = people.card_of("generic:marco")
    assert card.reason == "donation" and people.people.donations_of(card.person_id) == {"EUR": Decimal("5.00")}

    async def go():
        skill.announce(d)
        return bea.mind.bus.pending()
    [p] = asyncio.run(go())
    bits = bits_donation("m1", "Marco", 100)
    assert p.meta[Meta.DONATION] == {"amount": "5.00", "currency": "EUR", "platform": "generic"}
    assert set(p.meta[Meta.DONATION]) == {"amount", "currency", "platform"} and str(bits.amount) == "100"
    assert p.salience == DONATION_SALIENCE == BITS_SALIENCE
    assert p.content == "[Marco] (donated 5.00 EUR on a donation link) grazie" and p.text == donation_words(d)
    assert p.meta[Meta.MESSAGE_ID] == "generic:d-1" and p.tallied
    # the People skill renders the donor in her words, as it does a chat line
    relabelled = people.relabel([p])[0]
    assert relabelled.content.endswith("(donated 5.00 EUR on a donation link) grazie")
    assert [e.text for e in bea.bus.recent()][-1] == "Marco donated 5.00 EUR on a donation link"


def test_the_same_delivery_id_from_two_platforms_are_two_donations(bea):
    skill = bea.skills["donations"]
    kofi = parse_kofi({"data": json.dumps({"verification_token": "s", "message_id": "same", "type": "Donation",
                                           "from_name": "Anna", "amount": "3.00", "currency": "GBP",
                                           "is_public": True})}, "s")
    generic = parse_generic({"id": "same", "name": "Anna", "amount": "3.00", "currency": "GBP", "secret": "s"}, "s")
    assert skill.record(kofi) and skill.record(generic)
    assert donor_identity(kofi) == "kofi:anna" and donor_identity(generic) == "generic:anna"


def test_a_private_kofi_supporter_s_message_never_reaches_her(bea):
    skill = bea.skills["donations"]
    d = parse_kofi({"data": json.dumps({"verification_token": "s", "message_id": "p1", "type": "Donation",
                                        "from_name": "Quiet One", "message": "my secret", "amount": "1.00",
                                        "currency": "EUR", "is_public": False})}, "s")
    assert skill.record(d)
    p = skill.perception(d, 1.0)
    assert "my secret" not in p.content and p.content == "[Quiet One] (donated 1.00 EUR on Ko-fi)"
    stored = bea.db.read(lambda c: c.execute("SELECT message FROM donations").fetchall())
    assert stored == [("",)]


def test_without_social_memory_nothing_is_stored_and_the_delivery_is_not_marked_seen(bea):
    skill = bea.skills["donations"]
    bea.settings.set("skills.people.enabled", False)
    with pytest.raises(RuntimeError, match="People skill"):
        skill.record(tip())
    assert skill.seen == set()
    bea.settings.set("skills.people.enabled", True)
    assert skill.record(tip()) is True


def test_the_settings_page_shows_the_addresses_and_a_new_secret_once(bea, qtbot):
    from app.skills.donations.settings import DonationsSettingsPage, make_page
    from app.widgets.qt import QApplication

    skill = bea.skills["donations"]
    page = make_page(skill, "skills.donations", bea.settings.current.skills.donations)
    qtbot.addWidget(page)
    assert isinstance(page, DonationsSettingsPage)
    assert page.urls["kofi"].text().endswith("/api/v1/donations/kofi")
    assert page.urls["json"].text().endswith("/api/v1/donations/json")
    assert page.status["kofi"].text().startswith("No secret: every delivery")
    assert page.make["kofi"].text() == "Make secret" and not page.forget["kofi"].isEnabled()
    made = page.make_secret("kofi")
    assert made == skill.secret("kofi") and page.shown["kofi"].text() == made
    assert page.make["kofi"].text() == "Replace secret" and page.forget["kofi"].isEnabled()
    assert "kept in Bea's encrypted memory file, since this machine has no keyring" in page.status["kofi"].text()
    page.findChild(object, "donations.kofi.copySecret").click()
    assert QApplication.clipboard().text() == made
    again = make_page(skill, "skills.donations", bea.settings.current.skills.donations)   # opened later
    qtbot.addWidget(again)
    assert again.shown["kofi"].text() == "" and again.make["kofi"].text() == "Replace secret"
    page.forget_secret("kofi")
    assert skill.secret("kofi") == "" and page.shown["kofi"].text() == ""
    assert page.changes() == {}


def test_the_settings_page_keeps_the_streamlabs_token_out_of_sight_and_shows_the_link(bea, qtbot):
    from app.skills.donations.settings import make_page
    from app.skills.donations.skill import STREAMLABS_TOKEN
    from app.widgets.qt import QLineEdit
    from tests.conftest import REPO

    skill = bea.skills["donations"]
    page = make_page(skill, "skills.donations", bea.settings.current.skills.donations)
    qtbot.addWidget(page)
    assert page.token.echoMode() == QLineEdit.EchoMode.Password
    assert page.streamlabs_status.text().startswith("No token is kept. The link is off")
    assert not page.forget_token.isEnabled()
    page.token.setText("  sl-token-123  ")
    page.save_token.click()
    assert skill.secret_named(STREAMLABS_TOKEN) == "sl-token-123" and page.token.text() == ""
    assert page.streamlabs_status.text().startswith("A token is kept in Bea's encrypted memory file")
    assert "sl-token-123" not in str(bea.settings.current.model_dump(mode="json"))
    assert page.findChild(object, "skills.donations.streamlabs") is not None   # the switch, from the schema
    page.resize(760, 620)
    shots = REPO / "build" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    assert page.grab().save(str(shots / "settings_donations.png"))
    page.forget_token.click()
    assert skill.secret_named(STREAMLABS_TOKEN) == "" and not page.forget_token.isEnabled()
    assert page.changes() == {}


def test_the_settings_page_says_ko_fi_needs_a_public_address_and_offers_streamlabs(bea, qtbot):
    from app.skills.donations.settings import make_page

    page = make_page(bea.skills["donations"], "skills.donations", bea.settings.current.skills.donations)
    qtbot.addWidget(page)
    page.show()
    note = page.kofi_public
    assert note.isVisible() and note.wordWrap()
    text = note.text()
    assert text.startswith("Ko-fi needs a public address. It sends each tip from its own servers on the "
                           "internet, and those cannot reach 127.0.0.1")
    assert page.urls["kofi"].text().startswith("http://127.0.0.1:")        # the address it is warning about
    for how in ("a tunnel running on this computer that forwards to the address above",
                "Cloudflare Tunnel (cloudflared) or ngrok", "a reverse proxy", "ending in /api/v1/donations/kofi",
                "No public address? Streamlabs needs none: Bea connects out to Streamlabs"):
        assert how in text, how
    rows = [page.layout_.itemAt(i, page.layout_.ItemRole.SpanningRole) for i in range(page.layout_.rowCount())]
    spans = [r.widget() for r in rows if r is not None and r.widget() is not None]
    assert spans.index(note) == spans.index(page.status["kofi"]) + 1         # right under Ko-fi's own rows
    switch = bea.skills["donations"].settings_model.model_fields["streamlabs"]
    assert "needs no public address" in switch.description
