"""One state enum for every platform client: app.skills.platform.link.State, which Twitch, OBS, Streamlabs,
YouTube, Telegram and Discord each say where they are in (their modules' `State` is that one enum).

The scan reads app/skills for a class named State, or an enum of states, defined anywhere but the platform
link: each would be a second set of words for the same places (off, connecting, refused...).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from app.skills.platform import link
from tests.conftest import REPO

HOME = REPO / "app" / "skills" / "platform" / "link.py"
CLIENTS = ("app.skills.twitch.client", "app.skills.obs.client", "app.skills.donations.streamlabs",
           "app.skills.youtube.client", "app.skills.telegram.client", "app.skills.discord.client")


def states(text: str) -> list[int]:
    """Lines of text that define a set of client states of their own."""
    return sorted(node.lineno for node in ast.walk(ast.parse(text))
                  if isinstance(node, ast.ClassDef) and node.name.endswith("State"))


def violations(root: Path = REPO) -> list[str]:
    return [f"{path.relative_to(root)}:{n}: a State of its own; use app.skills.platform.link.State"
            for path in sorted((root / "app" / "skills").rglob("*.py")) if path != HOME
            for n in states(path.read_text(encoding="utf-8"))]


def test_every_client_says_where_it_is_in_the_one_state_enum() -> None:
    wrong = violations()
    assert not wrong, "\n".join(wrong)
    assert [name for name in CLIENTS if importlib.import_module(name).State is not link.State] == []


def test_the_scan_sees_a_state_enum_of_its_own() -> None:
    sample = ("class State(enum.StrEnum):\n"
              "    OFF = 'off'\n"
              "class State:\n"
              "    OFF = 'off'\n"
              "class LinkState(enum.Enum):\n"
              "    OFF = 1\n"
              "class ObsStatus:\n"
              "    state: State = State.OFF\n")
    assert states(sample) == [1, 3, 5]


def test_the_states_are_the_words_every_client_shared() -> None:
    assert link.OFF is link.State.OFF and link.RETRYING is link.State.RETRYING
    assert link.State("token refused") is link.State.AUTH_FAILED      # Twitch's login, a bot's or a socket token
