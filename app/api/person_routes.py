"""The person model's routes under /api/v1/person/ (seed 002), over PersonStore.

Rules these routes add to the store's:
1. The owner is the token's owner. `?owner=NAME` is accepted only from an admin token (403 otherwise) and only
   on the three reads (model, sync, senses; 400 on a write); every such read goes to the audit log first.
2. PUT model/entries is a manual correction: with no `source`, or `"source": "manual"`, it is written as
   manual (confidence 1) and outranks every agent and sense. An agent acting through the API may send
   `"source": "agent:<id>"` (an id of letters, digits, _ . -) so its inference ranks as one: it can only ever
   rank lower. `sense:` sources are refused: sense entries come only from observations, under consent. An
   entry is observed now (a correction is made now) and may say how long it holds (`expires_in`, seconds).
   Confidence is 0 to 1. A write that loses to what stands is 409 with the standing entry and the reason.
3. POST observations takes {"signals": [...]} (or the seed's {"observations": [...]}), each {kind, at,
   payload}: `at` is an RFC 3339 date-time (ISO 8601 with a zone) or epoch seconds, now when absent. A
   malformed body is 400 and stores nothing; a well-formed signal of an unknown kind, from the future or too
   old is counted as refused.
4. DELETE model forgets everything only with ?confirm=true (400 otherwise), and the purge is audited.
Every store call runs in the app's executor.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from aiohttp import web

from app.api.openapi import error_reply, json_reply
from app.api.route import Route
from app.api.server import BODY, DEVICE, ApiError, ApiServer, blocking, reply
from app.core import person_model as pm
from app.core.her_words import HerWords
from app.core.person_model import Entry, ModelFull, PersonModelError, Signal
from app.memory.person_store import SYNC_LIMIT, PersonStore, entry_json

BASE = "/person"
MAX_CURSOR = 2**53 - 1          # the largest integer every JSON reader keeps exact (and SQLite can hold)
MAX_SIGNALS = 500
MAX_OWNER = 64
MAX_EXPIRES_IN = 100 * 365 * 86400.0

AGENT_ID = r"[A-Za-z0-9_.-]{1,64}"
_SOURCE = rf"^(manual|agent:{AGENT_ID})$"
# any JSON value, its types spelled out: a schema with no type cannot become a grammar
ANY_JSON = ("string", "number", "boolean", "object", "array", "null")
# "holds something besides whitespace", whitespace spelled out as Python's str.strip() sees it, so the pattern
# means the same to this server and to a client's ECMA-262 regex engine (whose \s differs); anchored, and "any
# character" written as a space or not, so llama.cpp can make a grammar of it (it knows neither . nor \s there)
_SPACES = "\\t-\\r\\x1c- \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000"
_TEXT = f"^[{_SPACES}]*[^{_SPACES}]([{_SPACES}]|[^{_SPACES}])*$"

ENTRY = {
    "type": "object",
    "required": ["section", "key", "summary", "value", "source", "confidence", "observed_at", "expires_at",
                 "quote"],
    "properties": {
        "section": {"type": "string", "enum": list(pm.SECTIONS)},
        "key": {"type": "string"},
        "summary": {"type": "string"},
        "value": {"type": list(ANY_JSON), "description": "any JSON, or null"},
        "source": {"type": "string", "description": "manual, agent:<id> or sense:<name>"},
        "confidence": {"type": "number"},
        "observed_at": {"type": "number", "description": "epoch seconds"},
        "expires_at": {"type": ["number", "null"], "description": "epoch seconds; null: it does not expire"},
        "quote": {"type": ["string", "null"], "description": "the person's own words, when quoted"},
    },
}
ENTRY_VIEW = {**ENTRY, "required": [*ENTRY["required"], "expired"],
              "properties": {**ENTRY["properties"],
                             "expired": {"type": "boolean", "description": "shown greyed; hidden from her"}}}
ENTRY_WRITE = {
    "type": "object",
    "additionalProperties": False,
    "required": ["section", "key", "summary"],
    "properties": {
        "section": {"type": "string", "enum": list(pm.SECTIONS)},
        "key": {"type": "string", "minLength": 1, "maxLength": pm.MAX_KEY, "pattern": _TEXT,
                "description": "a stable name; trimmed and lower-cased"},
        "summary": {"type": "string", "minLength": 1, "maxLength": pm.MAX_SUMMARY, "pattern": _TEXT,
                    "description": "one line"},
        "value": {"type": list(ANY_JSON), "description": "optional structured value: any JSON"},
        "source": {"type": "string", "pattern": _SOURCE, "default": "manual",
                   "description": "manual (the default), or agent:<id> for an agent writing through the API "
                                  "(an id of letters, digits, _ . -)"},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1,
                       "description": "0 to 1 (0 means the default, 0.6); manual is always 1"},
        "expires_in": {"type": ["number", "null"], "minimum": 1, "maximum": MAX_EXPIRES_IN,
                       "description": "seconds from now until it no longer holds (state/now: within the "
                                      "hour); null or absent: it does not expire"},
        "quote": {"type": ["string", "null"], "maxLength": pm.MAX_QUOTE},
    },
}
REFUSAL = {
    "type": "object",
    "required": ["accepted", "reason", "message", "standing"],
    "properties": {
        "accepted": {"type": "boolean", "enum": [False]},
        "reason": {"type": "string", "description": "why, in words an agent can repeat"},
        "message": {"type": "string"},
        "standing": {"anyOf": [{"$ref": "#/components/schemas/Entry"}, {"type": "null"}],
                     "description": "the entry that stands (null when the model is full)"},
    },
}
SIGNAL = {
    "type": "object",
    "additionalProperties": False,
    "required": ["kind"],
    "properties": {
        "kind": {"type": "string", "minLength": 1, "maxLength": 40,
                 "description": "focus, motion, sleep, arrival, departure"},
        "at": {"type": ["string", "number"], "format": "date-time",
               "description": "an RFC 3339 date-time (2026-09-15T08:55:00Z) or epoch seconds; default now"},
        "payload": {"type": "object", "description": "focus {mode}, motion {activity}, sleep {hours}, "
                                                     "arrival/departure {place}"},
    },
}
_SIGNALS = {"type": "array", "maxItems": MAX_SIGNALS, "items": {"$ref": "#/components/schemas/Signal"}}
OBSERVATIONS = {
    "type": "object",
    "additionalProperties": False,
    "minProperties": 1,
    "maxProperties": 1,
    "properties": {"signals": {**_SIGNALS, "description": "the signals, oldest first or in any order"},
                   "observations": {**_SIGNALS, "description": "the seed's name for the same list"}},
}
SENSE_SWITCH = {"type": "object", "additionalProperties": False, "required": ["enabled"],
                "properties": {"enabled": {"type": "boolean"}}}
SENSE = {
    "type": "object",
    "required": ["name", "enabled", "purpose", "reads"],
    "properties": {"name": {"type": "string"}, "enabled": {"type": "boolean"},
                   "purpose": {"type": "string", "description": "why it exists, in plain language"},
                   "reads": {"type": "array", "items": {"type": "string"}}},
}
CHANGE = {
    "type": "object",
    "required": ["seq", "op", "section", "key", "entry"],
    "properties": {"seq": {"type": "integer"}, "op": {"type": "string", "enum": ["put", "delete"]},
                   "section": {"type": "string"}, "key": {"type": "string"},
                   "entry": {"anyOf": [{"$ref": "#/components/schemas/Entry"}, {"type": "null"}],
                             "description": "the entry as it now stands (put) or null (delete)"}},
}
SCHEMAS = {"Entry": ENTRY, "EntryView": ENTRY_VIEW, "EntryWrite": ENTRY_WRITE, "Refusal": REFUSAL,
           "Signal": SIGNAL, "Sense": SENSE, "Change": CHANGE}

_OWNER_PARAM = {"name": "owner", "in": "query", "required": False,
                "schema": {"type": "string", "minLength": 1, "maxLength": MAX_OWNER, "pattern": _TEXT},
                "description": "admin tokens only: read another member's model; every such read is audited"}
_FORBIDDEN = error_reply("?owner= was passed by a token that is not an admin token.")
_SECTION_PARAM = {"name": "section", "in": "path", "required": True,
                  "schema": {"type": "string", "enum": list(pm.SECTIONS)}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "required": list(properties), "properties": properties}


class PersonApi:
    """The routes, over one store and one wall clock (the one the store was given)."""

    def __init__(self, store: PersonStore, *, clock: Callable[[], float], words: HerWords) -> None:
        self.store = store
        self.clock = clock
        self.words = words   # the prose's words: other programs read it in one language, whatever Bea speaks

    # ---- who the request is for -------------------------------------------------------------------------
    async def _owner(self, request: web.Request, action: str | None) -> str:
        """The token's owner; for an admin on a read (`action` names it), the ?owner= asked for, audited."""
        device = request[DEVICE]
        asked = request.query.get("owner")
        if asked is None:
            return device.owner
        if not device.admin:
            raise ApiError(403, "forbidden", "only an admin token may pass ?owner=")
        if action is None:
            raise ApiError(400, "invalid", "?owner= is for reading another member's model, not writing it")
        if not 1 <= len(asked) <= MAX_OWNER or not asked.strip():  # as sent, as the document says
            raise ApiError(400, "invalid", f"?owner= must be 1-{MAX_OWNER} characters")
        asked = asked.strip()
        await blocking(request, self.store.audit, device.name, action, asked, request.path_qs)
        return asked

    # ---- the model ---------------------------------------------------------------------------------------
    async def get_model(self, request: web.Request) -> web.Response:
        owner = await self._owner(request, "read model")
        sections, query = _sections(request.query.get("sections")), request.query.get("query")
        entries = await blocking(request, self.store.entries, owner)
        now = self.clock()
        rows = pm.owner_view(entries, now, sections, query)
        prose = pm.render(entries, now, sections, query, her=self.words)
        return reply({"owner": owner, "prose": prose,
                      "entries": [{**entry_json(r.entry), "expired": r.expired} for r in rows]})

    async def put_entry(self, request: web.Request) -> web.Response:
        owner = await self._owner(request, None)
        body = request[BODY]
        now = self.clock()
        expires_in = body.get("expires_in")
        entry = Entry(body["section"], body["key"], body["summary"], value=body.get("value"),
                      source=body.get("source", "manual"), confidence=body.get("confidence"), observed_at=now,
                      expires_at=None if expires_in is None else now + expires_in, quote=body.get("quote"))
        try:
            decision = await blocking(request, self.store.write, entry, owner)
        except ModelFull as exc:
            return reply({"accepted": False, "reason": str(exc), "message": str(exc), "standing": None}, 409)
        except PersonModelError as exc:
            raise ApiError(400, "invalid", str(exc)) from None
        if not decision.accepted:
            return reply({"accepted": False, "reason": decision.reason, "message": decision.message,
                          "standing": entry_json(decision.standing)}, 409)
        return reply({"accepted": True, "reason": decision.reason, "entry": entry_json(decision.standing)})

    async def delete_entry(self, request: web.Request) -> web.Response:
        owner = await self._owner(request, None)
        section, key = request.match_info["section"], request.match_info["key"]
        try:
            section, key = pm.check_section(section), pm.normalise_key(key)
            gone = await blocking(request, self.store.delete, section, key, owner)
        except PersonModelError as exc:
            raise ApiError(400, "invalid", str(exc)) from None
        if not gone:
            raise ApiError(404, "not_found", f"there is no {section}/{key} entry")
        return reply({"deleted": True, "section": section, "key": key})

    async def sync(self, request: web.Request) -> web.Response:
        owner = await self._owner(request, "read sync")
        since = _whole(request.query.get("since"), "since", 0, 0, MAX_CURSOR)
        limit = _whole(request.query.get("limit"), "limit", SYNC_LIMIT, 1, SYNC_LIMIT)
        feed = await blocking(request, self.store.sync, since, limit, owner)
        return reply({"changes": [{"seq": c.seq, "op": c.op, "section": c.section, "key": c.key,
                                   "entry": c.entry} for c in feed.changes],
                      "next": feed.next, "more": feed.more, "reset": feed.reset})

    async def purge(self, request: web.Request) -> web.Response:
        owner = await self._owner(request, None)
        if request.query.get("confirm") != "true":
            raise ApiError(400, "confirm", "forgetting everything needs ?confirm=true")
        purged = await blocking(request, self.store.purge, owner)
        await blocking(request, self.store.audit, request[DEVICE].name, "forgot everything", owner,
                       f"{purged} entries")
        return reply({"purged": purged})

    # ---- consent ----------------------------------------------------------------------------------------
    async def get_senses(self, request: web.Request) -> web.Response:
        owner = await self._owner(request, "read senses")
        states = await blocking(request, self.store.senses, owner)
        return reply({"senses": [_sense(name, on) for name, on in states.items()]})

    async def put_sense(self, request: web.Request) -> web.Response:
        owner = await self._owner(request, None)
        name = request.match_info["name"]
        if name not in pm.SENSES:
            raise ApiError(404, "not_found", f"there is no sense called {name!r} "
                                             f"(senses: {', '.join(pm.SENSES)})")
        enabled = request[BODY]["enabled"]
        removed = await blocking(request, self.store.set_sense, name, enabled, owner)
        return reply({**_sense(name, enabled), "removed": removed})

    async def observe(self, request: web.Request) -> web.Response:
        owner = await self._owner(request, None)
        body = request[BODY]
        raw = body.get("signals", body.get("observations"))
        now = self.clock()
        signals = [Signal(s["kind"], _moment(s.get("at"), now, f"signals[{i}].at"), s.get("payload", {}))
                   for i, s in enumerate(raw)]
        counts = await blocking(request, self.store.observe, signals, owner)
        return reply({"recorded": counts.recorded, "ignored": counts.ignored, "refused": counts.refused,
                      "applied": counts.applied, "reasons": list(counts.reasons)})

    # ---- what it serves ----------------------------------------------------------------------------------
    def routes(self) -> list[Route]:
        model = BASE + "/model"
        entry_reply = _obj(accepted={"type": "boolean", "enum": [True]}, reason={"type": "string"},
                           entry=_ref("Entry"))
        sense_reply = {**SENSE, "required": [*SENSE["required"], "removed"],
                       "properties": {**SENSE["properties"], "removed": {"type": "integer", "description":
                                      "entries it had concluded, deleted because it was switched off"}}}
        return [
            Route("GET", model, self.get_model, {
                "summary": "The model in prose (as agents read it) and as entries (expired ones flagged).",
                "parameters": [
                    {"name": "sections", "in": "query", "required": False, "style": "form", "explode": False,
                     "schema": {"type": "array", "minItems": 1,
                                "items": {"type": "string", "enum": list(pm.SECTIONS)}},
                     "description": "only these sections, comma-separated"},
                    {"name": "query", "in": "query", "required": False, "schema": {"type": "string"},
                     "description": "only entries containing every one of these words"},
                    _OWNER_PARAM],
                "responses": {"200": json_reply("The model.", _obj(
                    owner={"type": "string"}, prose={"type": "string"},
                    entries={"type": "array", "items": _ref("EntryView")})),
                    "400": error_reply("An unknown section or a bad ?owner=."), "403": _FORBIDDEN}}),
            Route("PUT", model + "/entries", self.put_entry, {
                "summary": "Add or correct one entry: a manual correction that outranks every observer.",
                "requestBody": {"required": True,
                                "content": {"application/json": {"schema": _ref("EntryWrite")}}},
                "responses": {"200": {**json_reply("Recorded; the entry as it now stands.", entry_reply),
                                      "links": {"DeleteEntry": {"operationId": "delete_entry", "parameters": {
                                          "section": "$response.body#/entry/section",
                                          "key": "$response.body#/entry/key"}}}},
                              "403": _FORBIDDEN,
                              "409": json_reply("Refused: a higher (or newer) source stands; here it is, and "
                                                "why.", _ref("Refusal"))}},
                  body=ENTRY_WRITE),
            Route("DELETE", model + "/entries/{section}/{key:.+}", self.delete_entry, {
                "summary": "Remove one entry.",
                "parameters": [_SECTION_PARAM, {"name": "key", "in": "path", "required": True,
                                                "schema": {"type": "string", "minLength": 1,
                                                           "maxLength": pm.MAX_KEY, "pattern": _TEXT}}],
                "responses": {"200": json_reply("Removed.", _obj(deleted={"type": "boolean"},
                                                                 section={"type": "string"},
                                                                 key={"type": "string"})),
                              "400": error_reply("An unknown section or a bad key."),
                              "403": _FORBIDDEN, "404": error_reply("There is no such entry.")}}),
            Route("GET", model + "/sync", self.sync, {
                "summary": "The change feed for devices: puts and deletions after a cursor.",
                "description": "Start with since=0 and ask again with `next` while `more` is true. Expired "
                               "entries arrive as deletions. reset: true means the model was purged: drop "
                               "the local copy, then apply these changes.",
                "parameters": [
                    {"name": "since", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 0, "maximum": MAX_CURSOR, "default": 0}},
                    {"name": "limit", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 1, "maximum": SYNC_LIMIT,
                                "default": SYNC_LIMIT}},
                    _OWNER_PARAM],
                "responses": {"200": json_reply("Changes in order.", _obj(
                    changes={"type": "array", "items": _ref("Change")}, next={"type": "integer"},
                    more={"type": "boolean"}, reset={"type": "boolean"})),
                    "400": error_reply("since or limit out of range, or a bad ?owner=."),
                    "403": _FORBIDDEN}}),
            Route("DELETE", model, self.purge, {
                "summary": "Forget everything: entries, raw signals and the feed (devices get reset: true).",
                "parameters": [{"name": "confirm", "in": "query", "required": True,
                                "schema": {"type": "string", "enum": ["true"]}}],
                "responses": {"200": json_reply("Forgotten.", _obj(purged={"type": "integer"})),
                              "400": error_reply("?confirm=true is missing."), "403": _FORBIDDEN}}),
            Route("GET", BASE + "/senses", self.get_senses, {
                "summary": "Each sense: whether it is on, what it reads, and its purpose.",
                "parameters": [_OWNER_PARAM],
                "responses": {"200": json_reply("The senses.", _obj(senses={"type": "array",
                                                                             "items": _ref("Sense")})),
                              "400": error_reply("A bad ?owner=."), "403": _FORBIDDEN}}),
            Route("PUT", BASE + "/senses/{name}", self.put_sense, {
                "summary": "Switch one sense on or off; off deletes what it concluded and its raw signals.",
                "parameters": [{"name": "name", "in": "path", "required": True,
                                "schema": {"type": "string", "enum": list(pm.SENSES)}}],
                "responses": {"200": json_reply("Switched.", sense_reply), "403": _FORBIDDEN,
                              "404": error_reply("There is no such sense.")}},
                  body=SENSE_SWITCH),
            Route("POST", BASE + "/observations", self.observe, {
                "summary": "Push device signals; the observers of switched-on senses digest them.",
                "responses": {"200": json_reply("What happened to them.", _obj(
                    recorded={"type": "integer", "description": "signals kept"},
                    ignored={"type": "integer", "description": "signals whose sense is switched off"},
                    refused={"type": "integer", "description": "signals of an unknown kind, from the "
                                                               "future or older than 35 days"},
                    applied={"type": "integer", "description": "model entries the observers wrote"},
                    reasons={"type": "array", "items": {"type": "string"}})),
                    "403": _FORBIDDEN}},
                  body=OBSERVATIONS),
        ]


def _sense(name: str, enabled: bool) -> dict[str, Any]:
    sense = pm.SENSES[name]
    return {"name": name, "enabled": enabled, "purpose": sense.purpose, "reads": list(sense.reads)}


def _sections(text: str | None) -> tuple[str, ...] | None:
    """?sections=state,commitments as the document says: known names, comma-separated, nothing else."""
    if text is None:
        return None
    asked = text.split(",")
    if any(name not in pm.SECTIONS for name in asked):
        raise ApiError(400, "invalid", f"sections are a comma-separated list of {', '.join(pm.SECTIONS)}")
    return pm.check_sections(asked)


def _whole(text: str | None, name: str, default: int, low: int, high: int) -> int:
    if text is None:
        return default
    if not re.fullmatch(r"[0-9]{1,16}", text) or not low <= int(text) <= high:
        raise ApiError(400, "invalid", f"{name} must be a whole number from {low} to {high}")
    return int(text)


_DATE_TIME = re.compile(r"(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})?")


def _moment(at: Any, now: float, where: str) -> float:
    """A signal's time as epoch seconds: an RFC 3339 date-time (ISO 8601 with a zone) or a number; now when
    absent. A time no clock can hold becomes NaN, which the store refuses ("a signal needs a finite time")."""
    if at is None:
        return now
    if not isinstance(at, str):
        try:
            return float(at)
        except OverflowError:
            return math.nan
    match = _DATE_TIME.fullmatch(at.strip())
    if match is None:
        raise ApiError(400, "invalid", f"{where} is not an ISO 8601 date-time (2026-09-15T08:55:00Z)")
    day, minutes, seconds, fraction, zone = match.groups()
    if zone is None:
        raise ApiError(400, "invalid", f"{where} needs a time zone (Z or +02:00)")
    leap = seconds == "60"   # a leap second: 23:59:60 is one second after 23:59:59
    text = f"{day}T{minutes}:{'59' if leap else seconds}.{(fraction or '0')[:6]:0<6}"
    try:
        moment = datetime.fromisoformat(text + ("+00:00" if zone in "Zz" else zone))
        return moment.timestamp() + leap
    except ValueError:
        raise ApiError(400, "invalid", f"{where} is not a real date-time") from None
    except OverflowError:
        return math.nan


def install(server: ApiServer, store: PersonStore, *, clock: Callable[[], float], words: HerWords) -> PersonApi:
    """Serve the person model's routes (and their schemas) on `server`; `clock` gives wall time, `words` the
    catalog the prose is written in."""
    api = PersonApi(store, clock=clock, words=words)
    server.add_schemas(SCHEMAS)
    server.add(*api.routes())
    return api
