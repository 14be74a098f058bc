"""IRC and the Twitch view of it, fuzzed: app.core.irc.parse and twitch_event raise only IrcParseError, and the
Twitch client's line reader (what every received line goes through) raises nothing at all."""

import time

from hypothesis import given
from hypothesis import strategies as st

from app.core import irc
from app.skills.twitch.client import TwitchChat, _Link
from tests.fuzz.strategies import FUZZ, count, text_inputs, twitch_lines

LINES = twitch_lines()


@FUZZ
@given(text_inputs(LINES))
def test_an_irc_line_parses_or_raises_irc_parse_error(line):
    count("irc")
    try:
        irc.twitch_event(irc.parse(line))
    except irc.IrcParseError as exc:
        assert exc.reason


class _Writer:
    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.sent.append(data)


def _received(line: str | bytes) -> str:
    """A line as the client's reader hands it on: bytes off the socket, decoded with replacement."""
    raw = line if isinstance(line, bytes) else line.encode("utf-8", "surrogatepass")
    return raw.decode("utf-8", "replace")


@FUZZ
@given(st.lists(text_inputs(LINES) | st.binary(max_size=40), min_size=1, max_size=4))
def test_the_twitch_client_reads_any_line_without_raising(lines):
    count("twitch-client")
    events = []
    chat = TwitchChat(None, "pajlada", on_event=events.append, clock=time.monotonic)
    link = _Link(1, None, _Writer(), "justinfan12345")
    for line in lines:
        chat._line(link, _received(line))
    assert chat.stats.lines == len(lines)
