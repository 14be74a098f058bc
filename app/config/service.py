"""The one validated write path for settings, persisted as one JSON document in the database.

set(path, value) validates the whole document with the new value in place; a bad value raises SettingsError
naming the field and the reason, and nothing is stored or changed in memory. Listeners hear about every
committed change.
"""

from __future__ import annotations

import copy
import json
import logging
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from app.config.schema import SETTINGS_SCHEMA_VERSION
from app.config.section import Section
from app.core.settings_migrations import migrate_settings

log = logging.getLogger(__name__)



def _idle_has_one_switch(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: her idle life has one switch, the Idle skill's; a mind.idle_enabled that was off turns the
    skill off."""
    mind = doc.get("mind")
    if isinstance(mind, dict) and mind.pop("idle_enabled", True) is False:
        doc.setdefault("skills", {}).setdefault("idle", {})["enabled"] = False
    return doc


# the OBS section as schema 2 wrote it when the streamer never touched it (frozen here: a later default that
# changes must not change what this step did)
_OBS_UNTOUCHED = {"host": "127.0.0.1", "port": 4455, "allowed_scenes": [], "allowed_sources": [],
                  "allowed_text_sources": [], "caption_source": "", "caption_hold_seconds": 8.0,
                  "scene_changes_are_noise": True}


def _obs_off_until_set_up(doc: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 -> 3: OBS is off until the streamer switches it on; an OBS section with nothing of the streamer's
    in it (every field as it came) was never set up, and goes off rather than retrying a connection forever."""
    obs = doc.get("skills", {}).get("obs") if isinstance(doc.get("skills"), dict) else None
    if isinstance(obs, dict) and all(obs.get(k, v) == v for k, v in _OBS_UNTOUCHED.items()):
        obs["enabled"] = False
    return doc


# schema_version n -> function turning a version-n document into version n+1
SETTINGS_STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _idle_has_one_switch,
                                                                         2: _obs_off_until_set_up}

Saver = Callable[[int, str], None]
Listener = Callable[[str, Any], None]


class SettingsError(ValueError):
    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def _first_error(exc: ValidationError, prefix: str = "") -> SettingsError:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    field = ".".join(p for p in (prefix, loc) if p)
    # pydantic's "Value error, " adds nothing for the streamer: the reason is the validator's own sentence
    reason = "no such setting" if err["type"] == "extra_forbidden" else err["msg"].removeprefix("Value error, ")
    return SettingsError(field or "settings", reason)


def _storable(value: Any) -> bool:
    """Whether every text inside `value` can be written as UTF-8 (the stored settings are JSON)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_storable(k) and _storable(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return all(_storable(v) for v in value)
    return True


def _walk(doc: dict[str, Any], path: str) -> tuple[dict[str, Any], str]:
    parts = path.split(".")
    node = doc
    for i, part in enumerate(parts[:-1]):
        child = node.get(part)
        if not isinstance(child, dict):
            raise SettingsError(".".join(parts[: i + 1]), "no such settings section")
        node = child
    if parts[-1] not in node:
        raise SettingsError(path, "no such setting")
    return node, parts[-1]


class SettingsService:
    def __init__(self, model: type[Section], stored: tuple[int, str] | None, save: Saver) -> None:
        self._model = model
        self._save = save
        self._listeners: list[Listener] = []
        if stored is None:
            self._current = model()
            self._persist()
        else:
            version, body = stored
            doc = migrate_settings(json.loads(body), version, SETTINGS_SCHEMA_VERSION, SETTINGS_STEPS)
            self._current = self._load_lenient(doc)
            if version != SETTINGS_SCHEMA_VERSION:
                self._persist()

    def _load_lenient(self, doc: dict[str, Any]) -> Section:
        """Stored settings that no longer validate (a skill was removed, a range tightened) fall back to
        defaults field by field, with a warning, so the app still starts."""
        try:
            return self._model.model_validate(doc)
        except ValidationError as exc:
            fixed = copy.deepcopy(doc)
            for err in exc.errors():
                node: Any = fixed
                loc = err["loc"]
                for part in loc[:-1]:
                    node = node.get(part, {}) if isinstance(node, dict) else {}
                if isinstance(node, dict):
                    node.pop(loc[-1], None)
                log.warning("stored setting %s was invalid (%s); using the default",
                            ".".join(map(str, loc)), err["msg"])
            return self._model.model_validate(fixed)

    @property
    def current(self) -> Any:
        return self._current

    @property
    def model(self) -> type[Section]:
        return self._model

    def get(self, path: str) -> Any:
        node: Any = self._current
        for part in path.split("."):
            if not isinstance(node, BaseModel) or part not in type(node).model_fields:
                raise SettingsError(path, "no such setting")
            node = getattr(node, part)
        return node

    def set(self, path: str, value: Any) -> None:
        self.update({path: value})

    def update(self, changes: dict[str, Any]) -> None:
        """Apply several changes at once: all are validated together, and all or none are stored."""
        doc = self._current.model_dump()
        for path, value in changes.items():
            if not _storable(value):
                raise SettingsError(path, "holds a character that is not text (an unpaired surrogate, as a "
                                          "terminal gives for bytes that are not UTF-8)")
            node, leaf = _walk(doc, path)
            node[leaf] = value
        try:
            new = self._model.model_validate(doc)
        except ValidationError as exc:
            raise _first_error(exc) from None
        old = self._current
        self._current = new
        try:
            self._persist()
        except Exception:
            self._current = old
            raise
        for path in changes:
            value = self.get(path)
            for listener in list(self._listeners):
                try:
                    listener(path, value)
                except Exception:
                    log.exception("a settings listener failed for %s", path)

    def on_change(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _persist(self) -> None:
        self._save(SETTINGS_SCHEMA_VERSION, self._current.model_dump_json())
