"""What the mind perceives: Author, PerceptionKind, Perception, and the meta keys senses fill in.

Theory of operation:
1. An Author is who did it. `identity` ("platform:native_id") is the truth the whole social stack is keyed
   on; display_name is cosmetic, so it takes no part in equality or hashing.
2. A Perception is a frozen value a sense hands to the bus: kind, surface (who produced it), content (text
   already rendered for the frame), salience (informative, not imperative), meta, author and ts (wall-clock
   epoch seconds when the sense caught it; 0.0 when the producer did not say).
3. meta is copied into a read-only mapping, so nothing changes a perception after it was put on the bus.
   The keys the mind reads are the members of Meta; a sense may add its own next to them.
   A written conversation (seed 004: a Telegram chat, a Discord channel) is marked WRITTEN by its sense, and its
   CONVERSATION_KEY is "<platform>:<channel>": exactly the two arguments send_message takes to answer it
   (`destination` splits it back). She answers it in writing, never out loud. PLACE names the conversation in
   words for [WHERE YOU ARE] ("the group Night Owls", "a private chat"); WHO is the author in her own words,
   set by the People skill's relabel (`who` falls back to the display name).
4. priority and reasons stay empty until the attention gate annotates; annotated() returns a copy.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any


class PerceptionKind(enum.StrEnum):
    CHAT = "chat"        # typed text: a chat line, a DM, a message in a written channel
    VOICE = "voice"      # a transcribed voice line
    GAME = "game"        # something that happened in the game
    IDLE = "idle"        # synthesised by the bus after a long silence
    SYSTEM = "system"    # the app itself: a scene change, a sense going away


class Meta(enum.StrEnum):
    """The meta keys the mind reads. StrEnum members are plain strings, so meta={"addressed": True} works too."""
    CONVERSATION_KEY = "conversation_key"  # where it came from: one answer per conversation per turn
    ADDRESSED = "addressed"                # the surface says it is for her (nudges that must not be missed)
    NOISE = "noise"                        # texture (a heartbeat): never counts as something happening
    TALLIED = "tallied"                    # the roster already counted this line
    MESSAGE_ID = "message_id"              # the platform's id of this message
    REPLY_TO = "reply_to"                  # the platform id of the message this one answers
    TEXT = "text"                          # the words alone, without the rendered "[name]" header
    DONATION = "donation"                  # money came with it
    DM = "dm"                              # a direct message to her
    WHISPER = "whisper"                    # a platform whisper to her
    ONE_TO_ONE = "one_to_one"              # a voice call with her and one other person
    WRITTEN = "written"                    # a written conversation: answered with send_message, never spoken
    PLACE = "place"                        # a written conversation's name in words ("the group Night Owls")
    WHO = "who"                            # the author in her words (the People skill's relabel sets it)
    FIRST_TIME = "first_time"              # the platform says it is their first line in this channel ever


@dataclass(frozen=True)
class Author:
    platform: str
    native_id: str
    display_name: str = field(default="", compare=False)

    @property
    def identity(self) -> str:
        return f"{self.platform}:{self.native_id}"


# the streamer who owns her, typing in the app or speaking into her microphone
OWNER = Author("app", "owner", "Streamer")
OWNER_IDENTITY = OWNER.identity


@dataclass(frozen=True)
class Perception:
    kind: PerceptionKind
    surface: str
    content: str
    salience: float = 0.5
    meta: Mapping[str, Any] = field(default_factory=dict, hash=False)
    author: Author | None = None
    ts: float = 0.0
    priority: float | None = None
    reasons: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 0.0 <= self.salience <= 1.0:
            raise ValueError(f"salience must be within [0, 1], got {self.salience} from {self.surface}")
        object.__setattr__(self, "meta", MappingProxyType(dict(self.meta)))

    def annotated(self, priority: float, reasons: tuple[str, ...]) -> Perception:
        return replace(self, priority=priority, reasons=tuple(reasons))

    @property
    def conversation_key(self) -> str:
        """Falls back to the surface: a sense with one conversation need not name it."""
        return str(self.meta.get(Meta.CONVERSATION_KEY) or self.surface)

    @property
    def addressed(self) -> bool:
        return bool(self.meta.get(Meta.ADDRESSED))

    @property
    def written(self) -> bool:
        """Rule 3: a line of a written conversation, answered with send_message and never out loud."""
        return bool(self.meta.get(Meta.WRITTEN))

    @property
    def destination(self) -> tuple[str, str]:
        """(platform, channel) to answer in: the conversation key split at its first colon (rule 3)."""
        platform, _sep, channel = self.conversation_key.partition(":")
        return platform, channel

    @property
    def place(self) -> str:
        """The conversation in words, or its channel when the sense gave no name."""
        return str(self.meta.get(Meta.PLACE) or self.destination[1] or self.conversation_key)

    @property
    def who(self) -> str:
        """The author in her words (rule 3); "" with no author."""
        value = self.meta.get(Meta.WHO)
        if value:
            return str(value)
        return self.author.display_name if self.author is not None else ""

    @property
    def noise(self) -> bool:
        return bool(self.meta.get(Meta.NOISE))

    @property
    def tallied(self) -> bool:
        return bool(self.meta.get(Meta.TALLIED))

    @property
    def message_id(self) -> str | None:
        return self._optional(Meta.MESSAGE_ID)

    @property
    def reply_to(self) -> str | None:
        return self._optional(Meta.REPLY_TO)

    @property
    def text(self) -> str:
        """The words attention reads: a display name in the rendered header must not count as her name."""
        value = self.meta.get(Meta.TEXT)
        return self.content if value is None else str(value)

    def flag(self, key: Meta) -> bool:
        return bool(self.meta.get(key))

    def _optional(self, key: Meta) -> str | None:
        value = self.meta.get(key)
        return None if value is None else str(value)
