"""Where her ears and her voice run: this computer, or speech servers on another machine, as plain data.

Theory of operation:
1. A list of entries, tried in order, as the streamer types them in Settings → Voice ("Where she hears",
   "Where she speaks"):
   - "this computer" (or "local"): the models in Bea's own process;
   - "wyoming://host:port", optionally followed by a space and a name (a voice for her voice, a model for her
     ears): a Wyoming server (Home Assistant's voice protocol: wyoming-faster-whisper, wyoming-piper);
   - "http://host:port/v1 model", optionally followed by a voice ("https://..." too): an OpenAI-compatible
     audio server (/v1/audio/transcriptions, /v1/audio/speech: speaches, faster-whisper-server, Kokoro-FastAPI).
     An address with no path gets "/v1"; the model's name is required (a server serves several).
2. This computer is always the last resort: when the list does not name it, it is added at the end, so a
   machine that is off never leaves her deaf or mute.
3. Every refusal is a SpeechServerError quoting the entry and saying what a good one looks like; parse_list
   reports every bad entry at once, and a repeated server is refused.
4. A server's key (an OpenAI-compatible server that asks for one) lives under one secret name, key_name(),
   for the settings page that stores it and the pool that reads it; it is never part of the entry.
5. A remote server's deadline (deadline_s): a fixed allowance for the connection and the first answer, plus a
   share of the work: for her ears, of the utterance's length (whisper on a CPU takes about a third of it, on
   a GPU a twentieth); for her voice, of the characters of the chunk. Past it, this computer is quicker.
6. The answers of the servers, read as plain data: an OpenAI verbose_json transcription becomes the transcript
   guard's pieces (so a remote transcript is judged as a local one is), a language name becomes a code, and a
   Wyoming info event becomes the line "Test connection" shows.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from app.core.transcript_guard import Piece, compression_ratio

LOCAL_WORDS = ("this computer", "local")
WYOMING_EXAMPLE = "wyoming://192.168.1.20:10300"
OPENAI_EXAMPLE = "http://192.168.1.20:8000/v1 Systran/faster-whisper-small"


class SpeechServerError(ValueError):
    pass


class Kind(enum.StrEnum):
    LOCAL = "local"
    WYOMING = "wyoming"
    OPENAI = "openai"


@dataclass(frozen=True)
class SpeechServer:
    kind: Kind
    host: str = ""
    port: int = 0
    url: str = ""          # an OpenAI-compatible server's base URL, "/v1" included
    model: str = ""
    voice: str = ""

    @property
    def name(self) -> str:
        """How the server is named in the window and the log: its address, never its key."""
        if self.kind is Kind.LOCAL:
            return LOCAL_WORDS[0]
        if self.kind is Kind.WYOMING:
            return f"wyoming://{_host_port(self.host, self.port)}"
        return self.url

    @property
    def remote(self) -> bool:
        return self.kind is not Kind.LOCAL


LOCAL = SpeechServer(Kind.LOCAL)


def _host_port(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def parse(entry: str) -> SpeechServer:
    """Rule 1: one entry."""
    text = entry.strip()
    if text.lower() in LOCAL_WORDS:
        return LOCAL
    head, _, rest = text.partition(" ")
    words = rest.split()
    scheme = head.split("://", 1)[0].lower() if "://" in head else ""
    if scheme == "wyoming":
        host, port = _address(entry, head, default_port=None)
        if len(words) > 1:
            raise SpeechServerError(f"{entry!r}: a Wyoming server takes at most one name after its address "
                                    f"(a voice or a model), like {WYOMING_EXAMPLE} en_US-lessac-medium")
        return SpeechServer(Kind.WYOMING, host, port, model=words[0] if words else "",
                            voice=words[0] if words else "")
    if scheme in ("http", "https"):
        host, port = _address(entry, head, default_port=443 if scheme == "https" else 80)
        if not words:
            raise SpeechServerError(f"{entry!r}: say which of the server's models to use after its address, "
                                    f"like {OPENAI_EXAMPLE}")
        if len(words) > 2:
            raise SpeechServerError(f"{entry!r}: after the address come a model and at most one voice")
        path = urlsplit(head).path.rstrip("/") or "/v1"
        url = f"{scheme}://{_host_port(host, port)}{path}"
        return SpeechServer(Kind.OPENAI, host, port, url=url, model=words[0],
                            voice=words[1] if len(words) > 1 else "")
    raise SpeechServerError(f"{entry!r} is not a place her speech can run: write \"this computer\", a Wyoming "
                            f"server like {WYOMING_EXAMPLE}, or an OpenAI-compatible server like {OPENAI_EXAMPLE}")


def _address(entry: str, head: str, default_port: int | None) -> tuple[str, int]:
    try:
        parts = urlsplit(head)
        host, port = parts.hostname or "", parts.port
    except ValueError:
        raise SpeechServerError(f"{entry!r}: the port is not a number from 1 to 65535") from None
    if not host:
        raise SpeechServerError(f"{entry!r} names no machine: give its address, like {WYOMING_EXAMPLE}")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise SpeechServerError(f"{entry!r}: an address takes no user, query or fragment (a key goes in the "
                                f"keyring, with Set key…)")
    if port is None:
        if default_port is None:
            raise SpeechServerError(f"{entry!r}: say the server's port, like {WYOMING_EXAMPLE} (wyoming-faster-"
                                    f"whisper listens on 10300, wyoming-piper on 10200 by default)")
        port = default_port
    if not 0 < port < 65536:
        raise SpeechServerError(f"{entry!r}: the port is not a number from 1 to 65535")
    return host.lower(), port


def parse_list(entries: Iterable[str]) -> tuple[SpeechServer, ...]:
    """Rules 2-3: the servers in the order given, this computer last unless placed; every bad entry at once."""
    servers: list[SpeechServer] = []
    problems: list[str] = []
    for entry in entries:
        if not entry.strip():
            continue
        try:
            server = parse(entry)
        except SpeechServerError as exc:
            problems.append(str(exc))
            continue
        if any(s.kind is server.kind and s.name == server.name for s in servers):
            problems.append(f"{entry!r}: {server.name} is listed twice")
            continue
        servers.append(server)
    if problems:
        raise SpeechServerError("; ".join(problems))
    if LOCAL not in servers:
        servers.append(LOCAL)
    return tuple(servers)


def key_name(server: SpeechServer) -> str:
    """Rule 4: the secret an OpenAI-compatible server's key is kept under."""
    return f"speech.{_host_port(server.host, server.port)}.api_key"


# --- rule 5: how long a server may take --------------------------------------------------------------------

HEAR_BASE_S, HEAR_PER_AUDIO_S = 2.5, 0.5       # seconds, and seconds per second of the utterance
SPEAK_BASE_S, SPEAK_PER_CHAR_S = 2.0, 0.02     # seconds, and seconds per character of the chunk


def deadline_s(role: str, size: float) -> float:
    """Rule 5: how long a remote server may take on `size` (seconds of audio to hear, characters to speak)."""
    if role == "hearing":
        return HEAR_BASE_S + HEAR_PER_AUDIO_S * max(0.0, size)
    return SPEAK_BASE_S + SPEAK_PER_CHAR_S * max(0.0, size)


# --- rule 6: what the servers answer -------------------------------------------------------------------------

def language_code(name: str | None, english_names: Mapping[str, str]) -> str | None:
    """A language as a server names it ("english", "en", "en-US") as its code, None when it says nothing;
    english_names maps a language's English name, lower case, to its code (whisper names languages so)."""
    if not name:
        return None
    text = name.strip().lower()
    if text in english_names:
        return english_names[text]
    code = text.replace("_", "-").split("-")[0]
    return code if code.isalpha() and 2 <= len(code) <= 3 else None


def pieces(answer: Mapping[str, Any]) -> list[Piece]:
    """An OpenAI verbose_json transcription as the guard's pieces; a plain {"text": ...} as one piece that only
    the text rules (loops, too much text) can judge."""
    segments = answer.get("segments")
    if isinstance(segments, Sequence) and segments and all(isinstance(s, Mapping) for s in segments):
        return [Piece(str(s.get("text", "")), float(s.get("no_speech_prob", 0.0) or 0.0),
                      float(s.get("avg_logprob", 0.0) or 0.0),
                      float(s.get("compression_ratio") or compression_ratio(str(s.get("text", ""))))) for s in segments]
    text = str(answer.get("text", ""))
    return [Piece(text, 0.0, 0.0, compression_ratio(text))] if text.strip() else []


def wyoming_offer(info: Mapping[str, Any], wanted: str = "") -> str:
    """A Wyoming info event's data as one line: each program with a few of its installed models or voices (a
    catalogue of hundreds is counted, not listed), whether the one named in the place is among them, and the
    languages of a program with a few."""
    said: list[str] = []
    for kind, inner in (("asr", "models"), ("tts", "voices")):
        for program in info.get(kind) or ():
            items = [m for m in program.get(inner) or () if m.get("installed", True)]
            names = [str(m.get("name", "")) for m in items if m.get("name")]
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            line = f"{program.get('name', kind)} ({shown or 'no ' + inner})"
            if wanted:
                line += f"; {wanted} is there" if wanted in names else f"; {wanted} is NOT there"
            languages = sorted({lang for m in items for lang in m.get("languages") or ()})
            if 0 < len(languages) <= 8:
                line += f" [{', '.join(languages)}]"
            said.append(line)
    return "; ".join(said)


def openai_offer(models: Mapping[str, Any]) -> str:
    """An OpenAI /v1/models answer as one line: the models it lists."""
    names = [str(m.get("id", "")) for m in models.get("data") or () if isinstance(m, Mapping)]
    names = [n for n in names if n]
    if not names:
        return "no models listed"
    return ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
