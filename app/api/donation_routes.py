"""The donation webhooks under /api/v1/donations/: Ko-fi's form POST and a generic JSON POST.

Rules these routes add to app.core.donations (which parses and checks the secret):
1. No bearer token: the sender is a donation service, and each kind proves itself with its own shared secret
   (Ko-fi's verification_token inside `data`; `secret` in the JSON). Secrets come from the keyring through
   the Donations skill, read per request, so a new secret holds at once.
2. A body over MAX_BODY_BYTES (64 KiB) or the server's limit is 413; a body of the wrong type is 415: the form
   route takes application/x-www-form-urlencoded, the JSON route application/json (or none said).
3. A missing secret is 401; a wrong one, or none configured for that kind, is 403; a bad payload is 400 with
   the reason. All of them store nothing: the payload is judged whole before anything is written.
4. A good delivery is stored once (the Donations skill's record, in the executor, one transaction) and then
   announced to her: 200 {"status": "stored"}. The same delivery again is 200 {"status": "duplicate"}, so
   the sender stops retrying, and counts nothing. With the skill or the People skill off, 503: nothing is
   stored and the sender retries later.
5. They answer under any Host name (the server's rule 6): a tunnel (cloudflared, ngrok) forwards Ko-fi's
   POST under its public name, and the shared secret, not the name, is what proves the sender. A web page's
   Origin is still refused.
Bodies and secrets are never logged.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from app.api.openapi import error_reply, json_reply
from app.api.route import Route
from app.api.server import ApiError, ApiServer, blocking, read_raw, reply
from app.core.donations import MAX_BODY_BYTES, Donation, DonationError, parse_generic, parse_kofi_body

FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
SECRET_MISSING = "the shared secret is missing"

OUTCOME = {"type": "object", "required": ["status", "delivery_id"],
           "properties": {"status": {"type": "string", "enum": ["stored", "duplicate"],
                                     "description": "stored: counted now; duplicate: this delivery was "
                                                    "counted before and nothing changed"},
                          "delivery_id": {"type": "string"}}}
GENERIC = {
    "type": "object",
    "required": ["id", "amount", "currency", "secret"],
    "properties": {
        "id": {"type": "string", "minLength": 1, "maxLength": 200,
               "description": "the delivery id: a retry sends the same one"},
        "name": {"type": "string", "description": "who gave; Anonymous when absent"},
        "amount": {"type": "string", "pattern": "^[0-9]+([.][0-9]+)?$",
                   "description": 'exact, as a string: "5.00" (a JSON number is refused)'},
        "currency": {"type": "string", "pattern": "^[A-Z]{3}$", "description": "ISO 4217, e.g. EUR"},
        "message": {"type": "string"},
        "secret": {"type": "string", "description": "the shared secret (Settings → Donations)"},
    },
}
KOFI = {"type": "object", "required": ["data"],
        "properties": {"data": {"type": "string", "description": "Ko-fi's JSON: verification_token, "
                                "message_id, type, from_name, message, amount, currency, is_public"}}}


class DonationApi:
    def __init__(self, skill: Any) -> None:
        self.skill = skill

    async def kofi(self, request: web.Request) -> web.Response:
        return await self._receive(request, "kofi", FORM, parse_kofi_body)

    async def generic(self, request: web.Request) -> web.Response:
        return await self._receive(request, "json", JSON, parse_generic)

    async def _receive(self, request: web.Request, kind: str, content_type: str, parse: Any) -> web.Response:
        if not self.skill.enabled:
            raise ApiError(503, "off", "donations are switched off in Bea (Settings → Donations)")
        if "Content-Type" in request.headers and request.content_type != content_type:
            raise ApiError(415, "unsupported_media_type", f"send the body as {content_type}")
        raw = await read_raw(request)
        if len(raw) > MAX_BODY_BYTES:
            raise ApiError(413, "too_large", f"a donation body may be at most {MAX_BODY_BYTES // 1024} KB")
        secret = await blocking(request, self.skill.secret, kind)
        try:
            donation: Donation = parse(raw, secret)
        except DonationError as exc:
            if not exc.unauthorized:
                raise ApiError(400, "invalid", exc.reason) from None
            if exc.reason == SECRET_MISSING:
                raise ApiError(401, "unauthorized", exc.reason) from None
            raise ApiError(403, "forbidden", exc.reason) from None
        try:
            new = await blocking(request, self.skill.record, donation)
        except RuntimeError as exc:
            if "People skill" not in str(exc):
                raise
            raise ApiError(503, "unavailable", str(exc), {"Retry-After": "60"}) from None
        if new:
            self.skill.announce(donation)
        return reply({"status": "stored" if new else "duplicate", "delivery_id": donation.delivery_id})

    def routes(self) -> list[Route]:
        refusals = {"200": json_reply("Counted now (stored) or before (duplicate).", OUTCOME),
                    "400": error_reply("The payload breaks a rule; the message says which. Nothing was stored."),
                    "401": error_reply("The shared secret is missing. Nothing was stored."),
                    "403": error_reply("The shared secret does not match, or none is set. Nothing was stored."),
                    "413": error_reply("The body is over 64 KB. Nothing was stored."),
                    "415": error_reply("The body is not of the type this webhook takes."),
                    "503": error_reply("Donations are off, or Bea is busy; try again later.")}
        return [
            Route("POST", "/donations/kofi", self.kofi, {
                "operationId": "donation_kofi",
                "summary": "Ko-fi's webhook: a form with one `data` field of JSON holding verification_token.",
                "requestBody": {"required": True, "content": {FORM: {"schema": KOFI}}},
                "responses": refusals}, auth=False, any_host=True),
            Route("POST", "/donations/json", self.generic, {
                "operationId": "donation_json",
                "summary": "A donation as JSON, with the shared secret in `secret`.",
                "requestBody": {"required": True, "content": {JSON: {"schema": GENERIC}}},
                "responses": refusals}, auth=False, any_host=True),
        ]


def install(server: ApiServer, skill: Any) -> None:
    skill.server = server
    server.add(*DonationApi(skill).routes())
