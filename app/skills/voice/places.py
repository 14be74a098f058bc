"""Where she hears and where she speaks: the Voice skill's pools built from its settings, and "Test connection".

Theory of operation:
1. hearing_pool() and speaking_pool() turn the settings' lists ("Where she hears", "Where she speaks";
   app.core.speech_servers) into pools (app.senses.voice.speech_pool) whose members are the servers listed,
   reached through the network gate, and this computer's own models (Parts) where they loaded. A pool with no
   member is None: she does not hear, or speaks into nothing, and the skill says why as before.
2. A server's key is read from the secrets at each request, under speech_servers.key_name.
3. A server that stops answering is said once in the window, as a problem of the Voice skill named by the server,
   and taken back once when it answers again (the pool's on_state).
4. test_places() asks every remote server listed what it offers (Wyoming's describe, the models an OpenAI
   server lists) and how long that took; a server that fails says why. Nothing is asked of this computer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from app.core.events import EventKind
from app.core.speech_servers import SpeechServer, key_name, parse_list
from app.core.words import QT_TRANSLATE_NOOP
from app.senses.voice.remote_speech import RemoteTranscriber, RemoteVoice
from app.senses.voice.speech_pool import Here, TranscriberPool, VoicePool

DEFAULT_RATE = 22050   # her speakers' rate when no voice loaded on this computer (Piper's usual rate)
SOURCE = "voice"
SETTINGS = "skills.voice"

DOWN = {"hearing": QT_TRANSLATE_NOOP("problems", "Her ears on {server} do not answer: {why}. Meanwhile she hears on "
                                                 "the next place listed, this computer last."),
        "speaking": QT_TRANSLATE_NOOP("problems", "Her voice on {server} does not answer: {why}. Meanwhile she speaks "
                                                  "from the next place listed, this computer last.")}
BACK = {"hearing": QT_TRANSLATE_NOOP("problems", "Her ears on {server} answer again."),
        "speaking": QT_TRANSLATE_NOOP("problems", "Her voice on {server} answers again.")}
OFFERS = QT_TRANSLATE_NOOP("voice_settings", "{server}: answered in {ms} ms; it offers {offer}")
FAILS = QT_TRANSLATE_NOOP("voice_settings", "{server}: {why}")
MISTYPED = QT_TRANSLATE_NOOP("voice_settings", "Not a place: {why}")
NOTHING = QT_TRANSLATE_NOOP("voice_settings", "Only this computer is listed: there is no server to test.")


def _key(secrets: Any, server: SpeechServer) -> Callable[[], str | None]:
    return lambda: secrets.get(key_name(server)) if secrets is not None else None


def teller(bus: Any, role: str) -> Callable[[str, str | None], None]:
    """Rule 3: a pool's on_state, as events the window shows once and takes back once."""
    def tell(server: str, why: str | None) -> None:
        problem = f"{SOURCE}:{role}:{server}"
        if why is not None:
            bus.publish(EventKind.ERROR, SOURCE, f"{role} on {server} failed: {why}", setting=SETTINGS,
                        problem=problem, words=DOWN[role], args={"server": server, "why": why})
        else:
            bus.publish(EventKind.SYSTEM, SOURCE, f"{role} on {server} answers again", resolved=problem,
                        words=BACK[role], args={"server": server})
    return tell


def hearing_pool(entries: Sequence[str], parts: Any, gate: Any, secrets: Any, language: str | None, *,
                 clock: Callable[[], float], bus: Any) -> TranscriberPool | None:
    """Rule 1 for her ears."""
    members: list[Any] = []
    for server in parse_list(entries):
        if server.remote:
            members.append(RemoteTranscriber(server, gate, language, key=_key(secrets, server)))
        elif parts.transcriber is not None:
            members.append(Here(parts.transcriber))
    return TranscriberPool(members, clock=clock, on_state=teller(bus, "hearing")) if members else None


def speaking_pool(entries: Sequence[str], parts: Any, gate: Any, secrets: Any, *,
                  clock: Callable[[], float], bus: Any) -> VoicePool | None:
    """Rule 1 for her voice: every member's audio at the rate of the voice on this computer."""
    rate = parts.voice.sample_rate if parts.voice is not None else DEFAULT_RATE
    members: list[Any] = []
    for server in parse_list(entries):
        if server.remote:
            members.append(RemoteVoice(server, gate, rate, key=_key(secrets, server)))
        elif parts.voice is not None:
            members.append(Here(parts.voice))
    return VoicePool(members, rate, clock=clock, on_state=teller(bus, "speaking")) if members else None


async def test_places(hear: Sequence[str], speak: Sequence[str], gate: Any, secrets: Any) -> list[tuple[str, dict]]:
    """Rule 4: one (words, args) per remote server listed, in the order listed."""
    from app.core.speech_servers import SpeechServerError

    seen: list[SpeechServer] = []
    out: list[tuple[str, dict]] = []
    for entries in (hear, speak):
        try:
            servers = parse_list(entries)
        except SpeechServerError as exc:
            out.append((MISTYPED, {"why": str(exc)}))
            continue
        seen += [s for s in servers if s.remote and s not in seen]
    if not seen and not out:
        return [(NOTHING, {})]
    for server in seen:
        client = RemoteVoice(server, gate, DEFAULT_RATE, key=_key(secrets, server))
        start = time.perf_counter()
        try:
            offer = await client.describe()
        except Exception as exc:
            out.append((FAILS, {"server": server.name, "why": getattr(exc, "why", None) or str(exc)}))
            continue
        finally:
            await client.aclose()
        out.append((OFFERS, {"server": server.name, "ms": str(round((time.perf_counter() - start) * 1000)),
                             "offer": offer}))
    return out
