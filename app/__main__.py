"""python -m app: the desktop app; --headless runs the same mind with no window; --self-test checks the store;
`token create|revoke|list` manages the local API's device tokens; `secret set|delete|list` and
`settings list|get|set` keep secrets and settings on a machine with no screen."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from app import APP_NAME, __version__


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m app", description=f"{APP_NAME}: an AI co-host for streamers.")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--headless", action="store_true", help="run without any window (servers, tests)")
    mode.add_argument("--self-test", action="store_true", help="open the store, run checks, print a verdict")
    p.add_argument("--data-dir", type=Path, help="the data folder (default: ./data in a source checkout, "
                                                 "else the per-user data folder)")
    p.add_argument("--api-port", type=int, metavar="PORT",
                   help="serve the local API on PORT for this run (0: any free port), even if it is off in "
                        "the settings")
    p.add_argument("--version", action="version", version=f"{APP_NAME} {__version__}")
    from app.cli import secrets as cli_secrets
    from app.cli import settings as cli_settings
    from app.cli import token as token_cli
    commands = p.add_subparsers(dest="command", metavar="COMMAND")
    for cli in (token_cli, cli_secrets, cli_settings):
        cli.add_parser(commands)
    args = p.parse_args(argv)
    if args.command and (args.headless or args.self_test or args.api_port is not None):
        p.error(f"{args.command} commands run on their own: drop --headless, --self-test and --api-port")
    if args.api_port is not None and not 0 <= args.api_port <= 65535:
        p.error("--api-port must be 0 to 65535")
    return args


def no_display() -> bool:
    return sys.platform.startswith("linux") and not os.environ.get("QT_QPA_PLATFORM") \
        and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")


def environment() -> dict[str, str]:
    """This process's environment as the app reads it. The passphrase leaves the process's own environment here, so
    nothing the app starts (QtWebEngine's helper processes, pip, a GPU probe) inherits it."""
    from app.memory.keys import PASSPHRASE_ENV
    env = dict(os.environ)
    os.environ.pop(PASSPHRASE_ENV, None)
    return env


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    env = environment()
    from app.memory.database import StoreError
    from app.memory.keys import KeyUnavailable
    from app.process.paths import default_data_dir
    data_dir = (args.data_dir or default_data_dir()).expanduser().resolve()
    try:
        if args.command == "token":
            from app.cli import token as token_cli
            return token_cli.run(args, data_dir, env)
        if args.command == "secret":
            from app.cli import secrets as cli_secrets
            return cli_secrets.run(args, data_dir, env)
        if args.command == "settings":
            from app.cli import settings as cli_settings
            return cli_settings.run(args, data_dir, env)
        if args.api_port is not None:
            from app.api.service import override_port
            override_port(args.api_port)
        if args.self_test:
            from app.cli import selftest
            return selftest.run(data_dir, env)
        if args.headless or no_display():
            if not args.headless:
                print("No display found: running headless (pass --headless to say so).", file=sys.stderr)
            from app.cli import headless
            return headless.run(data_dir, env)
        from app.widgets.qt_libs import startup_problem
        if problem := startup_problem():   # Qt would abort, or QtWebEngine exit, with no useful word
            print(problem, file=sys.stderr)
            return 1
        from app.ui import launch
        return launch.run(data_dir, env)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:   # `settings list | head`: the reader left; say nothing more
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (StoreError, KeyUnavailable) as exc:
        logging.getLogger("app").error("%s", exc)
        print(f"{APP_NAME} cannot open its data: {exc}", file=sys.stderr)
        return getattr(exc, "exit_code", 2)


def exit_now(code: int) -> None:
    """Leave without interpreter finalisation. Everything that matters is saved by then (the store is closed);
    a worker thread still busy (a model loading, a hung call) must not crash the process while modules are
    torn down around it, which it can, and did in a test."""
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):  # None in a windowed Windows build
        if stream is not None:
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    exit_now(main())
