"""`python -m app settings list [PREFIX] | get PATH | set PATH VALUE`: the settings, from a terminal.

For a machine with no screen. Writes go through the same validated path as the Settings window
(SettingsService.update): a bad value is refused with the field named, and nothing stored changes. The store
is opened as --self-test opens it; a Bea already running reads a change at her next start.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from app.cli.common import data_dir_option
from app.config.service import SettingsError, SettingsService
from app.core.setting_text import parse_setting_text, setting_text


def add_parser(commands: argparse._SubParsersAction) -> None:
    data = data_dir_option()
    settings = commands.add_parser(
        "settings", help="read or change the settings (for a machine with no screen)",
        description="The settings the Settings window shows, by dotted path (e.g. skills.obs.port). Values are "
                    "JSON, except that a text setting takes its word as typed. A running Bea reads a change at "
                    "her next start.")
    actions = settings.add_subparsers(dest="settings_action", required=True, metavar="ACTION")
    listing = actions.add_parser("list", parents=[data], help="every setting and its value")
    listing.add_argument("prefix", nargs="?", default="", help="only the settings under this path, e.g. mind")
    get = actions.add_parser("get", parents=[data], help="one setting's value (its description on stderr)")
    get.add_argument("path")
    put = actions.add_parser("set", parents=[data], help="change one setting; a bad value is refused")
    put.add_argument("path")
    put.add_argument("value", help="e.g. 4455, true, Bea, '[\"ollama:qwen3\"]'")


def leaves(section: BaseModel, prefix: str = "") -> list[tuple[str, Any]]:
    """(dotted path, value) for every setting under `section`, in the schema's order."""
    out: list[tuple[str, Any]] = []
    for name in type(section).model_fields:
        value, path = getattr(section, name), f"{prefix}{name}"
        out.extend(leaves(value, f"{path}.") if isinstance(value, BaseModel) else [(path, value)])
    return out


def _plain(value: Any) -> Any:
    return value.model_dump(mode="json") if isinstance(value, BaseModel) else to_jsonable_python(value)


def _describe(settings: SettingsService, path: str) -> str:
    model: Any = settings.model
    for part in path.split("."):
        field = model.model_fields[part]
        model = field.annotation
    title = field.title or path
    return f"{title}: {field.description}" if field.description else title


def run(args: argparse.Namespace, data_dir: Path, env: Mapping[str, str] | None = None) -> int:
    from app.compose import build, close
    bea = build(data_dir, env=dict(os.environ if env is None else env), log_to_stderr=False)
    try:
        return _act(args, bea.settings)
    finally:
        close(bea)


def _act(args: argparse.Namespace, settings: SettingsService) -> int:
    action = args.settings_action
    if action == "list":
        prefix = args.prefix.strip(".")
        shown = [(p, v) for p, v in leaves(settings.current)
                 if not prefix or p == prefix or p.startswith(prefix + ".")]
        if not shown:
            print(f"settings list: no setting is under {prefix!r}", file=sys.stderr)
            return 1
        for path, value in shown:
            print(f"{path} = {setting_text(_plain(value))}")
        return 0
    try:
        current = settings.get(args.path)
        if action == "get":
            print(setting_text(_plain(current)))
            if not isinstance(current, BaseModel):
                print(_describe(settings, args.path), file=sys.stderr)
            return 0
        settings.set(args.path, parse_setting_text(args.value, _plain(current)))
    except SettingsError as exc:
        print(f"settings {action}: {exc}; nothing was changed" if action == "set" else f"settings {action}: {exc}",
              file=sys.stderr)
        return 1
    print(f"{args.path} = {setting_text(_plain(settings.get(args.path)))}")
    return 0
