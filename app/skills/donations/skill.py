"""The Donations skill: a verified donation from a webhook becomes a card, a tally and a moment for her.

Theory of operation:
1. The webhooks live on the local API (app.api.donation_routes): POST /api/v1/donations/kofi (Ko-fi's form)
   and POST /api/v1/donations/json (the generic JSON of app.core.donations). Each kind has its own shared
   secret, kept by the secrets service (SECRET_NAMES: the OS keyring, or on a machine with none the encrypted
   store's secrets table; never in settings or a log), made here with
   the system's randomness (create_secret, shown to the streamer once) and replaced the same way. No secret:
   every delivery of that kind is refused.
2. record(donation) is the effect, blocking, off the loop: the People skill's donation() stores it once per
   delivery (the dedup key "platform:delivery_id" is the stored delivery id, so a Ko-fi id never collides
   with a Twitch message id) and mints the card in the same transaction. It returns False for a delivery
   already stored (kept in `seen` too, the fast path of app.core.donations rule 9) and stores nothing.
3. announce(donation), on the loop, only after a new record: one CHAT perception like cheered bits (rendered
   "[name] (donated 5.00 EUR on Ko-fi) message", so the People skill names the donor in her words), salience
   DONATION_SALIENCE, meta DONATION {"amount": str(Decimal), "currency", "platform"} (the attention gate
   reads it as addressed to her), MESSAGE_ID the dedup key, TALLIED (a donation is not a chat message to
   count), and a SYSTEM event for the streamer. A private Ko-fi supporter's message never reaches her.
4. The donor's account is "<platform>:<name, case-folded>": neither sender gives a stable user id.
5. Streamlabs (streamlabs.py): with the `streamlabs` setting on and a socket token kept, the skill
   keeps a link to the Streamlabs socket API while it runs; each tip there takes the same path as a webhook
   (record in the executor, then announce). A changed setting or a new token redials; the state and its
   reason are kept for the settings page (streamlabs_state) and every change is a SYSTEM or ERROR event.
"""

from __future__ import annotations

import asyncio
import logging
import secrets as randomness
from collections.abc import Callable
from typing import Any

from pydantic import Field

from app.config.section import ADVANCED, SkillSettings
from app.core.donations import Donation
from app.core.events import EventKind
from app.core.perception import Author, Meta, Perception, PerceptionKind
from app.core.words import QT_TRANSLATE_NOOP, said
from app.process.tasks import spawn
from app.skills.base import Skill, SkillContext
from app.skills.donations.streamlabs import DEFAULT_BASE, State, StreamlabsClient
from app.skills.listeners import Listeners
from app.skills.registry import register

log = logging.getLogger(__name__)

KINDS = ("kofi", "json")
SECRET_NAMES = {"kofi": "donations_kofi_secret", "json": "donations_json_secret"}
STREAMLABS_TOKEN = "donations_streamlabs_token"
STREAMLABS_SETTINGS = ("streamlabs", "streamlabs_tests", "streamlabs_server")
PATHS = {"kofi": "/donations/kofi", "json": "/donations/json"}
PLATFORM_NAMES = {"kofi": "Ko-fi", "generic": "a donation link", "twitch": "Twitch", "streamlabs": "Streamlabs"}
DONATION_SALIENCE = 0.9

# the Activity dock's words (app.core.words): the donor's name and a server's words are the values
DONATED = QT_TRANSLATE_NOOP("activity", "{donor} donated {amount} {currency} on {where}")
DONATED_BY_LINK = QT_TRANSLATE_NOOP("activity", "{donor} donated {amount} {currency} through a donation link")
CONNECTED = QT_TRANSLATE_NOOP("activity", "Streamlabs: connected, tips arrive as they happen")
NO_TOKEN = QT_TRANSLATE_NOOP("problems", "Streamlabs: no socket token is set (Settings → Donations).")
TOKEN_REFUSED = QT_TRANSLATE_NOOP("problems", "Streamlabs refused the socket token: check it in Settings → "
                                              "Donations (detail: {detail}).")
NOT_REACHED = QT_TRANSLATE_NOOP("problems", "Streamlabs could not be reached (detail: {detail}).")
NOT_READ = QT_TRANSLATE_NOOP("problems", "A Streamlabs event was not read (detail: {detail}).")
NOT_STORED = QT_TRANSLATE_NOOP("problems", "A Streamlabs tip could not be stored (detail: {detail}).")
SECRET_BYTES = 32
MAX_SEEN = 10_000


class DonationsSettings(SkillSettings):
    streamlabs: bool = Field(False, title="Streamlabs tips",
                             description="Hear tips made on Streamlabs as they happen. Bea connects out to "
                                         "Streamlabs, so it needs no public address (paste your socket token "
                                         "below).")
    streamlabs_tests: bool = Field(False, title="Count Streamlabs test alerts", json_schema_extra=ADVANCED,
                                   description="Treat the test alerts you send from the Streamlabs dashboard as "
                                               "real tips, to try the link (each makes a card).")
    streamlabs_server: str = Field(DEFAULT_BASE, title="Streamlabs socket server", json_schema_extra=ADVANCED,
                                   description="The Streamlabs socket server. Change it only to test against "
                                               "another server.")


def donor_identity(d: Donation) -> str:
    return f"{d.platform}:{' '.join(d.donor_name.split()).casefold()}"


def donation_words(d: Donation) -> str:
    """What the donor "said": the donation, then their message (rule 3)."""
    where = PLATFORM_NAMES.get(d.platform, d.platform)
    head = f"(donated {d.amount} {d.currency} on {where})"
    return f"{head} {d.message}" if d.message else head


@register
class DonationsSkill(Skill):
    key = "donations"
    title = "Donations"
    description = ("Tips from Ko-fi, Streamlabs or any webhook reach her: she thanks the donor and "
                   "remembers them.")
    settings_model = DonationsSettings
    settings_page = "app.skills.donations.settings:make_page"

    def __init__(self, ctx: SkillContext) -> None:
        super().__init__(ctx)
        self.seen: set[str] = set()
        self.server: Any = None            # the API server serving the webhooks (set by its installer)
        self.streamlabs: StreamlabsClient | None = None
        self._running = False   # between start() and stop(): only then may a setting open the Streamlabs link
        self._listeners = Listeners("donations")
        if ctx.app_settings is not None:
            ctx.app_settings.on_change(self._setting)

    # ---- Streamlabs (rule 5) -------------------------------------------------------------------------
    async def start(self) -> None:
        self._running = True
        self._start_streamlabs()

    async def stop(self) -> None:
        self._running = False
        await self._stop_streamlabs()

    def _start_streamlabs(self) -> None:
        gate = self.ctx.gate
        if not self.settings.streamlabs or gate is None or self.streamlabs is not None:
            return
        self.streamlabs = StreamlabsClient(
            gate, lambda: self.secret_named(STREAMLABS_TOKEN), self._streamlabs_donation,
            on_problem=lambda words: self.ctx.bus.publish(EventKind.ERROR, "donations", words, **said(
                NOT_READ, detail=words.removeprefix("a Streamlabs event was not read: "))[1]),
            on_state=self._streamlabs_state, base=self.settings.streamlabs_server,
            tests=lambda: self.settings.streamlabs_tests)
        self.streamlabs.start()

    async def _stop_streamlabs(self) -> None:
        client, self.streamlabs = self.streamlabs, None
        if client is not None:
            await client.stop()
        self._notify()

    async def restart_streamlabs(self) -> None:
        await self._stop_streamlabs()
        if self.enabled:
            self._start_streamlabs()

    @property
    def streamlabs_state(self) -> tuple[str, str]:
        """(state, why) of the Streamlabs link; ("off", "") when there is none."""
        client = self.streamlabs
        return (client.state, client.why) if client is not None else (State.OFF, "")

    def on_change(self, fn: Callable[[], None]) -> Callable[[], None]:
        return self._listeners.add(fn)

    def _notify(self) -> None:
        self._listeners.notify()

    def _streamlabs_state(self, state: str, why: str) -> None:
        if state == State.CONNECTED:
            text, data = said(CONNECTED)
            self.ctx.bus.publish(EventKind.SYSTEM, "donations", text, **data)
        elif state in (State.AUTH_FAILED, State.REFUSED, State.NO_TOKEN):
            words = {State.NO_TOKEN: NO_TOKEN, State.AUTH_FAILED: TOKEN_REFUSED}.get(state, NOT_REACHED)
            detail = why.removeprefix("Streamlabs refused the socket token: ")
            self.ctx.bus.publish(EventKind.ERROR, "donations", f"Streamlabs: {why}",
                                 **said(words, **({} if state == State.NO_TOKEN else {"detail": detail}))[1])
        self._notify()

    async def _streamlabs_donation(self, d: Donation) -> None:
        loop = asyncio.get_running_loop()
        try:
            new = await loop.run_in_executor(None, self.record, d)
        except Exception as exc:
            log.exception("a Streamlabs tip could not be stored")
            self.ctx.bus.publish(EventKind.ERROR, "donations", f"a Streamlabs tip could not be stored: {exc}",
                                 **said(NOT_STORED, detail=exc)[1])
            return
        if new:
            self.announce(d)

    def set_streamlabs_token(self, token: str) -> None:
        """Keep the socket token in the keyring ("" forgets it); the link redials with it."""
        store = self._secrets()
        if store is None:
            raise RuntimeError("there is no keyring service in this build")
        token = token.strip()
        if token:
            store.set(STREAMLABS_TOKEN, token)
        else:
            store.delete(STREAMLABS_TOKEN)
        spawn(self.restart_streamlabs(), held=self._tasks)

    def _setting(self, path: str, _value: object) -> None:
        name = path.removeprefix(f"skills.{self.key}.")
        if name == path:
            return
        if (name in STREAMLABS_SETTINGS or name == "enabled") and self._running:   # not before start, or after stop
            spawn(self.restart_streamlabs(), held=self._tasks)


    # ---- secrets (rule 1) ----------------------------------------------------------------------------
    def _secrets(self) -> Any:
        return self.ctx.secrets

    def secret(self, kind: str) -> str:
        """The shared secret of `kind` ("" when none is set). Blocking: a keyring read."""
        return self.secret_named(SECRET_NAMES[kind])

    def secret_named(self, name: str) -> str:
        store = self._secrets()
        return (store.get(name) if store is not None else None) or ""

    def has_secret(self, kind: str) -> bool:
        return bool(self.secret(kind))

    def create_secret(self, kind: str) -> str:
        """A new secret for `kind`, kept in the keyring; the old one stops working now. Returns it (to show
        once)."""
        store = self._secrets()
        if store is None:
            raise RuntimeError("there is no keyring service in this build")
        value = randomness.token_urlsafe(SECRET_BYTES)
        store.set(SECRET_NAMES[kind], value)
        return value

    def forget_secret(self, kind: str) -> None:
        store = self._secrets()
        if store is not None:
            store.delete(SECRET_NAMES[kind])

    def url(self, kind: str) -> str:
        """Where the sender posts, as far as this computer knows (the port once the API listens)."""
        from app.config.api_settings import API_PREFIX
        port = getattr(self.server, "port", None)
        service = self.ctx.app_settings
        if port is None and service is not None:
            port = service.current.api.port or None
        where = f"127.0.0.1:{port}" if port else "127.0.0.1:<port>"
        scheme = "https" if getattr(self.server, "ssl_context", None) is not None else "http"   # LAN mode: TLS only
        return f"{scheme}://{where}{API_PREFIX}{PATHS[kind]}"

    # ---- the effect (rules 2 and 3) ------------------------------------------------------------------
    def people(self) -> Any:
        return self.ctx.people()

    def record(self, d: Donation) -> bool:
        """Store the donation once (blocking). True when it is new; False when this delivery was stored."""
        if d.key in self.seen:
            return False
        people = self.people()
        if people is None:
            raise RuntimeError("the People skill is off: donations cannot be stored")
        card = people.donation(donor_identity(d), d.donor_name, d.key, d.amount, d.currency, d.message)
        if len(self.seen) >= MAX_SEEN:
            self.seen.clear()                   # the store keeps every key; this is only the fast path
        self.seen.add(d.key)
        return card is not None

    def perception(self, d: Donation, ts: float) -> Perception:
        author = Author(d.platform, donor_identity(d).split(":", 1)[1], d.donor_name)
        words = donation_words(d)
        meta = {Meta.CONVERSATION_KEY: f"donations:{d.platform}", Meta.TEXT: words, Meta.MESSAGE_ID: d.key,
                Meta.DONATION: {"amount": str(d.amount), "currency": d.currency, "platform": d.platform},
                Meta.TALLIED: True, "donation_kind": d.kind}
        return Perception(PerceptionKind.CHAT, "donations", f"[{d.donor_name}] {words}", DONATION_SALIENCE,
                          meta, author, ts)

    def announce(self, d: Donation) -> None:
        """On the loop, after a new record: her perception and the streamer's event."""
        self.ctx.perceive(self.perception(d, self.ctx.clock.time()))
        where = PLATFORM_NAMES.get(d.platform, d.platform)
        _text, data = said(DONATED_BY_LINK if d.platform == "generic" else DONATED, donor=d.donor_name,
                           amount=d.amount, currency=d.currency, where=where)
        self.ctx.bus.publish(EventKind.SYSTEM, "donations", f"{d.donor_name} donated {d.amount} {d.currency} "
                             f"on {where}", amount=str(d.amount), currency=d.currency, platform=d.platform, **data)

    def context_section(self) -> str:
        return ""
