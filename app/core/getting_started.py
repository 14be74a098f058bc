"""Getting started: what is still to set up before she is really there, as a checklist (pure).

Theory of operation:
1. facts are read from the running app (settings, each skill's state); steps(facts) turns them into the
   checklist, in the order a streamer would do them: her mind, her voice, her body, then the optional links
   (Twitch or YouTube chat, OBS, telling her about yourself).
2. Her mind is set up once any model other than the built-in demo is in the pool; her voice once the Voice
   skill runs with no problem; her body once the app's stage has drawn her avatar (the one chosen, or the
   default one): a stage with no WebGL, an avatar the stage refused, or one not drawn yet leaves it open, so a
   chosen .vrm on an empty backdrop is never ticked. A switched-off skill's step says how to switch
   it on and counts as not done, except for the optional steps, which a streamer may skip.
3. Each step names the settings page (or dock) that does it, and says in one sentence what is missing or what
   is there now. remaining() counts the required steps not done: the window shows the checklist while any
   remain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

DEMO_MODEL = "local:smollm2"


@dataclass(frozen=True)
class Facts:
    models: tuple[str, ...] = (DEMO_MODEL,)
    voice_enabled: bool = True
    voice_running: bool = False
    voice_problems: tuple[str, ...] = ()
    stage_enabled: bool = True
    vrm_path: str = ""              # the avatar the streamer chose ("": none)
    avatar: str = ""                # the avatar the stage shows: the chosen one or the default one
    avatar_shown: bool = False      # a stage page has drawn it
    stage_problem: str = ""         # why the stage cannot show it (no WebGL, a refused file...)
    twitch_enabled: bool = True
    twitch_channel: str = ""
    youtube_video: str = ""
    obs_enabled: bool = True
    obs_connected: bool = False
    obs_message: str = ""
    person_entries: int = 0


@dataclass(frozen=True)
class Step:
    key: str
    title: str
    done: bool
    detail: str
    page: str            # the settings section that does it ("mind", "skills.voice", ...)
    optional: bool = False


def _off(title: str) -> str:
    return f"{title} is switched off: turn it on in Settings → Skills."


def steps(f: Facts) -> list[Step]:
    real = [m for m in f.models if m.strip() and m.strip() != DEMO_MODEL]
    mind = Step("mind", "Give her a real mind", bool(real),
                f"She thinks with {real[0]}." if real else
                "She thinks with the tiny built-in demo model (expect odd answers): add an Ollama or a cloud "
                "model in Settings → Mind.", "mind")

    if not f.voice_enabled:
        voice = Step("voice", "Her voice and her ears", False, _off("Voice"), "skills")
    elif f.voice_problems:
        voice = Step("voice", "Her voice and her ears", False, f.voice_problems[0], "skills.voice")
    elif not f.voice_running:
        voice = Step("voice", "Her voice and her ears", False, "Her voice is still loading.", "skills.voice")
    else:
        voice = Step("voice", "Her voice and her ears", True, "She speaks aloud and hears your microphone.",
                     "skills.voice")

    body = Step("body", "Give her a body", False, "", "skills.stage")
    chosen = f.vrm_path.strip()
    if not f.stage_enabled:
        body = replace(body, detail=_off("Stage"), page="skills")
    elif f.stage_problem:
        body = replace(body, detail=f.stage_problem)
    elif not f.avatar.strip():
        body = replace(body, detail="Choose a .vrm avatar in the Stage dock (VRoid Studio makes one for free).")
    elif not f.avatar_shown:
        body = replace(body, detail="Her avatar is still loading on the stage.")
    elif chosen:
        body = replace(body, done=True, detail=f"She wears {_file_name(chosen)}.")
    else:
        body = replace(body, done=True, detail="She wears the default avatar; choose your own .vrm in the "
                                               "Stage dock (VRoid Studio makes one for free).")

    where = [f"#{f.twitch_channel.strip().lstrip('#')} on Twitch"] if f.twitch_enabled and f.twitch_channel.strip() \
        else []
    if f.youtube_video.strip():
        where.append("your YouTube live chat")
    if where:
        chat = Step("twitch", "Your chat", True, f"She reads {' and '.join(where)}.", "skills.twitch",
                    optional=True)
    elif not f.twitch_enabled:
        chat = Step("twitch", "Your chat", False, _off("Twitch"), "skills", optional=True)
    else:
        chat = Step("twitch", "Your chat", False, "Name your Twitch channel in Settings → Twitch (reading needs "
                    "no account), or your YouTube live stream in Settings → YouTube.", "skills.twitch",
                    optional=True)

    if not f.obs_enabled:
        obs = Step("obs", "OBS", False, _off("OBS"), "skills", optional=True)
    elif f.obs_connected:
        obs = Step("obs", "OBS", True, "Connected to OBS.", "skills.obs", optional=True)
    else:
        obs = Step("obs", "OBS", False, f.obs_message or "Turn on OBS's WebSocket server (Tools → WebSocket "
                   "Server Settings) and put its password in Settings → OBS.", "skills.obs", optional=True)

    told = f.person_entries > 0
    you = Step("you", "Tell her about you", told,
               f"She knows {f.person_entries} thing{'s' if f.person_entries != 1 else ''} about you." if told
               else "Start \"Getting to Know You\" in the You dock, or add what you like her to know there.",
               "skills.person", optional=True)
    return [mind, voice, body, chat, obs, you]


def remaining(checklist: Sequence[Step]) -> int:
    """Required steps not done yet (rule 3)."""
    return sum(1 for s in checklist if not s.done and not s.optional)


def _file_name(path: str) -> str:
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
