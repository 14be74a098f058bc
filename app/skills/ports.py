"""The ports skills meet through: small typed faces, wired in the composition root (app/compose.py).

A skill never looks another up by name. What it may reach is a field of its SkillContext, typed by one of
these protocols (or by the service's own class when it is a plain store):
- People: the People skill as the platforms see it: tallies, donation cards, the roster. ctx.people() is
  None while the People skill is off or has no store, so a platform counts nothing then.
- Stage: the stream she is on, as a chat platform sees it: take back waiting lines a moderator removed, flag
  stored lines, the session lines are counted in, the names she answers to, her persona.
- Senders: where a written line goes (send_message(platform, channel, text)); a platform registers its own.
- Avatar: her body on the stage, as her voice moves it: the mouth while she speaks, a gesture. ctx.avatar() is
  None while the Stage skill is off.
- Ears: her hearing, for speech that does not come through her microphone (a voice note): the Voice skill's
  transcriber while that skill runs, so no second speech model is ever loaded. ctx.ears() is None otherwise.
- VoiceTap: a copy of her voice as it is made, for a place she speaks besides the room (a Discord call): the
  Voice skill's while it is on. ctx.voice_tap() is None otherwise. Its talked_over() is the way back: people
  there talking over her duck her, then stop her, as the streamer's voice does.
- HerLines: her spoken lines as the window follows them (app.core.her_lines): shown the moment the speak call is
  written, then said or cut once her voice has ended them. The mind's outlets, always there in the app.
- SettingsPort: the one validated write path for settings, and news of their changes.
- VoiceOutlet: the mind's outlets as her voice meets them: the Voice skill attaches its mouth there while it
  runs, and screens each chunk it says with the on-air filter. The mind's outlets, always there in the app.
- Sessions and Remembering: the stream's sessions as OBS opens and ends them, and the consolidation that makes
  an ended stream's lines memories at once. The mind's; None in a build without a store.
- Window: her context window, read back (the talk it holds after a restart). The mind's, always there.
- Mood: her stored mood as it is now, and who really moved her. The mind's mood keeper, always there in the app.
- Memories: her long-term memory, to recall from and keep in. ctx.memories() is None until the embedder has
  loaded.
- Offences: what people tried on stream, as chat triage counts it: the People skill shows and clears it. The
  mind's chat guard, always there in the app (it keeps its counts in the store the composition root gives it).
- Chat: the Chat dock's conversation, for a skill that talks there itself (Getting to Know You): ctx.chat() is
  None in a build without the Chat skill.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from decimal import Decimal
from typing import Any, Protocol

from app.core.affect import Affect
from app.core.her_lines import SpokenLine
from app.core.her_words import HerWords
from app.core.perception import Perception
from app.core.words import Phrase
from app.memory.memories import NewMemory


class People(Protocol):
    def tally(self, batch: Sequence[Any], session: int | None) -> None:
        """Count sightings (app.memory.people_store.Sighting) in one transaction. Blocking."""

    def donation(self, identity: str, name: str, key: str, amount: Decimal, currency: str,
                 message: str) -> Any:
        """Record a donation; the card minted for it, or None. Blocking."""

    def roster_page(self, sort: str, limit: int) -> list[Any]:
        """A page of the roster (app.memory.people_store.RosterRow). Blocking."""


class Stage(Protocol):
    def take_back(self, match: Callable[[Perception], bool]) -> list[Perception]:
        """Waiting lines that match leave the next batch; returns them."""

    def flag_author(self, identity: str, reason: str | None = None) -> int:
        """A moderator removed this person: their stored lines of this session are flagged. Blocking."""

    def flag_message(self, message_id: str) -> int:
        """A moderator deleted one line: it is flagged once stored. Blocking."""

    def session(self) -> int | None:
        """The session lines are counted in (opened by activity when none is). Blocking."""

    def names(self) -> tuple[str, ...]:
        """The names she answers to."""

    def persona(self) -> str:
        """Her name, as the streamer set it."""

    @property
    def executor(self) -> Any:
        """Where blocking store work runs."""


Sender = Callable[[str, str], Awaitable[None]]
Typing = Callable[[str], Awaitable[None]]


class Senders(Protocol):
    def register_sender(self, platform: str, send: Sender, typing: Typing | None = None) -> None:
        """send(channel, text) carries her written lines on that platform from now on; typing(channel), where
        the platform has an indicator, shows her typing before each line."""

    def screen(self, text: str, spoken: bool = False, where: str = "voice") -> Any:
        """The on-air filter: a Screened (decision, text, words) for a line she would put on stream
        by other means than a sender (a reply tool, a text source); a masked or dropped line is said to the
        streamer. Its text is "" when the line must not go out."""


class Avatar(Protocol):
    def mouth_threadsafe(self, level: float) -> None:
        """Open her mouth this much (0 closed, 1 wide), from any thread."""

    def play_action(self, name: str) -> None:
        """Play one of her gestures."""


class Ears(Protocol):
    async def transcribe(self, audio: Any) -> Any:
        """16 kHz mono float32 samples to a transcript (its .text is the words heard)."""


class VoiceSink(Protocol):
    def write(self, pcm: Any, sample_rate: int) -> None:
        """One part of her line as it is queued on her speakers: mono int16 samples, on the event loop."""

    def clear(self) -> None:
        """She was stopped: what is still waiting to be played is dropped."""


class VoiceTap(Protocol):
    def attach(self, sink: VoiceSink) -> Callable[[], None]:
        """sink gets a copy of everything her mouth queues from now on; returns how to stop."""

    def talked_over(self, voice: Any) -> None:
        """Someone where the sink is (a call) talks over her: an OwnerVoice (app.senses.voice.bargein) for the
        two-stage barge-in, as her microphone's (duck at their first word, stop once they kept going)."""


class HerLines(Protocol):
    def on_spoken(self, listener: Callable[[SpokenLine], None]) -> Callable[[], None]:
        """listener(line) when a line of hers is written for her voice (SPEAKING) and when it has ended (SAID or
        CUT, with what she got to say); a line with no voice to say it comes SAID at once. Returns how to stop."""


class SettingsPort(Protocol):
    @property
    def current(self) -> Any:
        """The settings as they are now."""

    def set(self, path: str, value: Any) -> Any:
        """Validate and store one setting; raises with a sentence when refused."""

    def update(self, changes: dict[str, Any]) -> None:
        """Validate and store several settings ({path: value}) together: all or none; raises when refused."""

    def on_change(self, listener: Callable[[str, Any], None]) -> Callable[[], None]:
        """listener(path, value) after each stored change; returns how to stop listening."""


class VoiceOutlet(Protocol):
    @property
    def voice(self) -> Any:
        """The voice attached now (what attach_voice was given), or None."""

    def attach_voice(self, voice: Callable[[str, str], Awaitable[str | None]],
                     begin: Callable[[], Any] | None = None, speaking: Callable[[], bool] | None = None,
                     interrupt: Callable[[], None] | None = None,
                     audible: Callable[[], bool] = lambda: True) -> None:
        """voice(text, mood) says her lines from now on; begin() opens a line streamed as it is written;
        speaking() and interrupt() serve the barge-in; audible() is False while she speaks into silence."""

    def detach_voice(self) -> None:
        """Her voice is gone: lines are written only."""

    def screen(self, text: str, spoken: bool = False, where: str = "voice") -> Any:
        """The on-air filter: a Screened whose text is what may go on air ("" when nothing may)."""


class Sessions(Protocol):
    def go_live(self, opened_by: str = "streamer") -> int:
        """Open a session on air (a no-op while one is open); its id. Blocking."""

    def end(self) -> int | None:
        """Close the session; the id it had, or None. Blocking."""


class Remembering(Protocol):
    async def remember(self, deadline: float | None = None) -> int:
        """Every line not consolidated yet becomes memories now; how many were kept."""


class Window(Protocol):
    def since(self, seq: int) -> list[Any]:
        """Entries (app.core.context_window.Entry) newer than seq, oldest first."""


class Mood(Protocol):
    def current(self) -> Affect:
        """Her mood now, decayed toward calm since it was last moved."""

    def moved_by(self, identity: str) -> int:
        """How often this account, alone, really moved her."""


class Memories(Protocol):
    def recall(self, query: str, limit: int = ..., source: str | None = "person",
               path: str = "auto") -> list[Any]:
        """Memories (app.memory.memories.Memory) about query, from source. Blocking (it embeds)."""

    def recall_split(self, queries: Sequence[str], her: HerWords, limit: int = ...) -> str:
        """What people told her and what she said herself about queries, as two labelled blocks. Blocking."""

    def remember(self, text: str, source: str, scope: str = "stream", author: str | None = None,
                 session_id: int | None = None) -> int | None:
        """Keep text as a memory; its id, or None when it is a fragment or already known. Blocking (it embeds)."""

    def remember_all(self, memories: Sequence[NewMemory]) -> list[int | None]:
        """remember() for each, in order, embedded in one call. Blocking (it embeds)."""


class Offences(Protocol):
    def words(self, identity: str) -> str:
        """What this account tried on stream, in a phrase; "" for nothing."""

    def marked(self, identity: str) -> bool:
        """A repeat offender."""

    def clear(self, identity: str) -> bool:
        """The streamer takes the mark off, for good (the store forgets too); whether they had offences."""


class Chat(Protocol):
    diverted_to: Callable[[str], None] | None
    """Where what the streamer types goes instead of to her (None: to her)."""

    def say_as(self, who: Phrase | str, text: Phrase | str) -> None:
        """A line in the Chat dock from someone other than her: marked words as a Phrase (the dock says it in the
        window's language), what a model wrote as a string (shown as it came)."""
