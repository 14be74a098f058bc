"""`python -m app secret set NAME | delete NAME | list`: the secrets Bea uses, from a terminal.

For a machine with no screen. A value is read from standard input (without echo at a terminal), never from
the command line, where other users and the shell's history would see it. It goes where the window puts it:
the system keyring, or, on a machine with none, Bea's encrypted memory file. `list` names the secrets and
says which are set; no command ever prints or logs a value.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from app.cli.common import data_dir_option


def known_secrets() -> dict[str, str]:
    """Every secret name the app reads, and what it is."""
    from app.core.model_spec import PROVIDERS, api_key_name
    from app.skills.discord.skill import TOKEN_SECRET as DISCORD_TOKEN
    from app.skills.donations.skill import SECRET_NAMES, STREAMLABS_TOKEN
    from app.skills.obs.skill import PASSWORD_SECRET
    from app.skills.telegram.skill import TOKEN_SECRET as TELEGRAM_TOKEN
    from app.skills.twitch.skill import TOKEN_SECRET
    from app.skills.youtube.skill import KEY_SECRET as YOUTUBE_KEY
    names = {PASSWORD_SECRET: "the OBS WebSocket password",
             TOKEN_SECRET: "her Twitch chat token (oauth:… is fine)",
             TELEGRAM_TOKEN: "her Telegram bot token (from @BotFather)",
             DISCORD_TOKEN: "her Discord bot token (Developer Portal → your application → Bot)",
             YOUTUBE_KEY: "the YouTube Data API v3 key (Google Cloud console → Credentials)",
             STREAMLABS_TOKEN: "the Streamlabs Socket API token",
             SECRET_NAMES["kofi"]: "the Ko-fi webhook's verification token",
             SECRET_NAMES["json"]: "the JSON donation webhook's secret"}
    for provider in sorted(PROVIDERS.values(), key=lambda p: p.name):
        if provider.needs_key:
            names[api_key_name(provider.name)] = f"the {provider.label} API key"
    return names


def add_parser(commands: argparse._SubParsersAction) -> None:
    data = data_dir_option()
    secret = commands.add_parser(
        "secret", help="set, delete or list secrets (passwords, tokens, API keys) for a machine with no screen",
        description="Secrets go to the system keyring, or where there is none, to Bea's encrypted memory file. "
                    "A value is read from standard input, never from the command line.")
    actions = secret.add_subparsers(dest="secret_action", required=True, metavar="ACTION")
    put = actions.add_parser("set", parents=[data], help="read NAME's value from standard input and keep it")
    put.add_argument("name", help="one of the names `secret list` shows")
    delete = actions.add_parser("delete", parents=[data], help="forget NAME's value")
    delete.add_argument("name")
    actions.add_parser("list", parents=[data], help="the secrets' names and whether each is set (never values)")


def read_value(name: str) -> str:
    """One line from standard input: typed without echo at a terminal, or piped."""
    if sys.stdin is None:
        return ""
    if sys.stdin.isatty():
        return getpass.getpass(f"{name} (not shown as you type): ")
    return sys.stdin.read()


def run(args: argparse.Namespace, data_dir: Path, env: Mapping[str, str] | None = None) -> int:
    known = known_secrets()
    action = args.secret_action
    if action != "list" and args.name not in known:
        print(f"secret {action}: Bea uses no secret called {args.name!r}; the names are: {', '.join(known)}",
              file=sys.stderr)
        return 1
    value = ""
    if action == "set":
        value = _cleaned(args.name, read_value(args.name))
        if not value or "\n" in value or "\r" in value:
            print(f"secret set: {'no value was read from standard input' if not value else 'a secret is one line'}"
                  f"; {args.name} was not changed (to remove it: secret delete {args.name})", file=sys.stderr)
            return 1
    from app.compose import build, close
    bea = build(data_dir, env=dict(os.environ if env is None else env), log_to_stderr=False)
    try:
        store = bea.secrets
        if action == "set":
            store.set(args.name, value)
            print(f"{args.name} is kept in {store.where}. If Bea is running, restart her to be sure every part "
                  "reads it.")
        elif action == "delete":
            had = bool(store.get(args.name))
            store.delete(args.name)
            print(f"{args.name} is forgotten." if had else f"{args.name} was not set.")
        else:
            for name, what in known.items():
                print(f"{name}\t{'set' if store.get(name) else 'not set'}\t{what}")
            print(f"Secrets are kept in {store.where}.", file=sys.stderr)
        return 0
    finally:
        close(bea)


def _cleaned(name: str, text: str) -> str:
    """As the settings pages take it: spaces and the line break around it dropped, and a Twitch token without
    its oauth: prefix."""
    from app.skills.twitch.skill import TOKEN_SECRET
    value = text.strip()
    return value.removeprefix("oauth:") if name == TOKEN_SECRET else value
