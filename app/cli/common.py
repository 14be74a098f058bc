"""What the terminal commands (token, secret, settings) share: the --data-dir option each action takes."""

from __future__ import annotations

import argparse
from pathlib import Path


def data_dir_option() -> argparse.ArgumentParser:
    """A parent parser: --data-dir, left out of the namespace when not given (the app's own default wins)."""
    data = argparse.ArgumentParser(add_help=False)
    data.add_argument("--data-dir", type=Path, default=argparse.SUPPRESS, help="the data folder")
    return data
