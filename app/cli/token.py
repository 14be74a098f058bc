"""`python -m app token create NAME | revoke NAME | list`: the local API's device tokens, from a terminal.

The store is opened as --self-test opens it. A new token is printed once, alone on stdout (so a script can
capture it), with a reminder on stderr; only its hash is kept. Nothing here ever logs a token.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path

from app.api.tls import CERT_FILE, fingerprint
from app.cli.common import data_dir_option
from app.memory.person_store import OWNER

MAX_OWNER = 64


def add_parser(commands: argparse._SubParsersAction) -> None:
    data = data_dir_option()
    token = commands.add_parser("token", help="make, revoke or list device tokens for the local API",
                                description="Device tokens for the local HTTP API (/api/v1/).")
    actions = token.add_subparsers(dest="token_action", required=True, metavar="ACTION")
    create = actions.add_parser("create", parents=[data], help="make a token for a device; it is shown once")
    create.add_argument("name", help="the device's name (1-64 characters), e.g. phone")
    create.add_argument("--admin", action="store_true",
                        help="may read another member's model with ?owner= (every such read is audited)")
    create.add_argument("--owner", default=OWNER, help=f"whose model the token acts for (default: {OWNER})")
    revoke = actions.add_parser("revoke", parents=[data], help="revoke a device's token")
    revoke.add_argument("name")
    actions.add_parser("list", parents=[data], help="list the devices (never their tokens)")


def _when(ts: float | None) -> str:
    return "never" if ts is None else datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M")


def run(args: argparse.Namespace, data_dir: Path, env: Mapping[str, str] | None = None) -> int:
    if args.token_action == "create" and not 1 <= len(args.owner.strip()) <= MAX_OWNER:
        print(f"token create: --owner must be 1-{MAX_OWNER} characters", file=sys.stderr)
        return 1
    from app.compose import build, close
    bea = build(data_dir, env=dict(os.environ if env is None else env), log_to_stderr=False)
    try:
        store = bea.person_store
        if args.token_action == "create":
            owner = args.owner.strip()
            try:
                token = store.create_token(args.name, owner=owner, admin=args.admin)
            except ValueError as exc:
                print(f"token create: {exc}", file=sys.stderr)
                return 1
            print(token, flush=True)
            role = ", admin" if args.admin else ""
            print(f"The token for {args.name.strip()!r} (owner {owner}{role}) is shown only this once: "
                  "send it as 'Authorization: Bearer <token>'.", file=sys.stderr)
            cert = data_dir / "tls" / CERT_FILE
            if cert.is_file():   # LAN mode has run: the device pins this certificate
                print(f"On your network the API speaks HTTPS only; pin its certificate, SHA-256 "
                      f"{fingerprint(cert.read_bytes())}", file=sys.stderr)
            return 0
        if args.token_action == "revoke":
            if not store.revoke_token(args.name.strip()):
                print(f"token revoke: no device is called {args.name.strip()!r}", file=sys.stderr)
                return 1
            print(f"revoked the token of {args.name.strip()!r}")
            return 0
        tokens = store.tokens()
        if not tokens:
            print("no device tokens")
        for t in tokens:
            role = "admin" if t.admin else "device"
            print(f"{t.name}\towner={t.owner}\t{role}\tcreated {_when(t.created_at)}"
                  f"\tlast used {_when(t.last_used)}")
        return 0
    finally:
        close(bea)
