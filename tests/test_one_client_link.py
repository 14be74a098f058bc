"""One client link: every platform client (Twitch, OBS, Streamlabs, YouTube, Telegram, Discord) is an
app.skills.platform.link.Link: one task, one way to say its state, one wait before trying again.

The scan reads app/skills for a class that puts itself in a link State (`self._set(State.X, ...)`,
`self.state = State.X`) and checks the class is a Link (a skill is not a client: it shows its client's
state); and for the backoff's rule used anywhere but the link:
a client that computes its own wait has a life cycle of its own.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

from app.skills.base import Skill
from app.skills.platform.link import Link
from tests.conftest import REPO

SKILLS = REPO / "app" / "skills"
HOME = SKILLS / "platform" / "link.py"
CLIENTS = {"app.skills.twitch.client": "TwitchChat", "app.skills.obs.client": "ObsConnection",
           "app.skills.donations.streamlabs": "StreamlabsClient", "app.skills.youtube.client": "YouTubeChat",
           "app.skills.telegram.client": "TelegramBot", "app.skills.discord.client": "DiscordLink"}


def _is_state(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "State"


def _sets_a_state(cls: ast.ClassDef) -> bool:
    for node in ast.walk(cls):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "self"
                and node.args and _is_state(node.args[0])):
            return True
        if (isinstance(node, ast.Assign) and _is_state(node.value)
                and any(isinstance(t, ast.Attribute) and t.attr == "state" for t in node.targets)):
            return True
    return False


def clients(text: str) -> list[str]:
    """The classes of a module that put themselves in a link state."""
    return [node.name for node in ast.walk(ast.parse(text)) if isinstance(node, ast.ClassDef) and _sets_a_state(node)]


def own_waits(text: str) -> list[int]:
    """Lines that compute a wait before trying again with the backoff's rule itself."""
    return sorted(node.lineno for node in ast.walk(ast.parse(text))
                  if isinstance(node, ast.Name | ast.alias) and getattr(node, "id", getattr(node, "name", "")) ==
                  "backoff_delay")


def _module(path: Path) -> str:
    return ".".join(path.relative_to(REPO).with_suffix("").parts)


def violations() -> list[str]:
    wrong = []
    for path in sorted(SKILLS.rglob("*.py")):
        if path == HOME:
            continue
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(REPO)
        wrong += [f"{where}:{n}: a wait of its own; a client is a Link and waits with _back_off or _delay"
                  for n in own_waits(text)]
        for name in clients(text):
            cls = getattr(importlib.import_module(_module(path)), name)
            if not issubclass(cls, Link | Skill):
                wrong.append(f"{where}: {name} keeps a state of its own; make it an app.skills.platform.link.Link")
    return wrong


def test_every_platform_client_is_the_one_link() -> None:
    wrong = violations()
    assert not wrong, "\n".join(wrong)
    found = {_module(path): clients(path.read_text(encoding="utf-8")) for path in SKILLS.rglob("*.py")}
    assert all(name in found[module] for module, name in CLIENTS.items())     # the scan sees all six
    assert all(issubclass(getattr(importlib.import_module(m), n), Link) for m, n in CLIENTS.items())


def test_the_scan_sees_a_client_of_its_own() -> None:
    sample = ("class Poller:\n"
              "    async def _run(self):\n"
              "        self._set(State.CONNECTING)\n"
              "class Bot:\n"
              "    def go(self):\n"
              "        self.state = State.OFF\n"
              "class Dock:\n"
              "    def show(self, state):\n"
              "        return state is State.JOINED\n")
    assert clients(sample) == ["Poller", "Bot"]
    assert own_waits("from app.core.backoff import backoff_delay\nx = backoff_delay(1)\n") == [1, 2]


def test_a_link_states_waits_and_stops_in_one_way() -> None:
    import asyncio

    told: list[tuple[str, str]] = []

    class Flaky(Link):
        name = "Flaky"

        async def _run(self) -> None:
            self._secret = "s3cret"
            attempt = 0
            while True:
                self._set("connecting")
                attempt = await self._back_off(attempt, "s3cret was refused")

        async def _pause(self, seconds: float) -> None:
            await asyncio.sleep(0)

    async def run() -> None:
        link = Flaky(lambda state, why: told.append((state, why)), backoff_base=1.0, backoff_cap=4.0)
        link.jitter = False
        link.start()
        for _ in range(20):
            await asyncio.sleep(0)
        assert link.running
        await link.stop()
        assert not link.running and link.state == "off"

    asyncio.run(run())
    waits = [why for state, why in told if state == "retrying"]
    assert waits[:4] == [f"<token> was refused; trying again in {n} s" for n in (1, 2, 4, 4)]
    assert ("connecting", "") in told and told[-1] == ("off", "")
