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
   is there now (its template and values too, for the window's language). remaining() counts the required steps
   not done: the window shows the checklist while any remain.
4. A problem the problems list says (her voice's, OBS's) is not said again: the step says in a few words what
   is wrong (no audio device, not connected, refused) and points to the list, which says why and how to fix it.
5. Her mind is offered three ways, in this order: a model server already on this computer (found on its
   usual port, or typed as an address), a download of a chat model sized to this computer, or a cloud model
   with an API key; DEMO_LIMITS says in one line what the demo cannot do. A mind chosen goes first in her
   models (mind_first), and the demo stays last, as the fallback when the chosen one fails.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from app.core.words import QT_TRANSLATE_NOOP

DEMO_MODEL = "local:smollm2"
DEMO_LIMITS = QT_TRANSLATE_NOOP("getting_started", "Until then she runs on the demo: it forgets what was said a "
                                "few lines ago, mixes up languages and cannot use her tools.")


@dataclass(frozen=True)
class Facts:
    models: tuple[str, ...] = (DEMO_MODEL,)
    refused_models: tuple[str, ...] = ()   # models privacy mode stops (on another machine)
    voice_enabled: bool = True
    voice_running: bool = False
    voice_problems: tuple[str, ...] = ()   # the Voice skill's problems, as its lines (English) say them
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
    obs_state: str = ""             # the connection's state ("connecting", "retrying", "refused"...)
    person_entries: int = 0


NO_AUDIO_DEVICE = "no audio device"   # how the Voice skill's line for a missing device begins
SEE_PROBLEMS = {   # rule 4: a few words, then where the whole of it is said
    "audio": QT_TRANSLATE_NOOP("getting_started", "No audio device: see the problems list above her stage."),
    "voice": QT_TRANSLATE_NOOP("getting_started", "Her voice or her ears did not start: see the problems list "
                                                  "above her stage."),
    "retrying": QT_TRANSLATE_NOOP("getting_started", "Not connected: see the problems list above her stage."),
    "refused": QT_TRANSLATE_NOOP("getting_started", "OBS refused her: see the problems list above her stage."),
}


@dataclass(frozen=True)
class Step:
    key: str
    title: str
    done: bool
    detail: str
    page: str            # the settings section that does it ("mind", "skills.voice", ...)
    optional: bool = False
    template: str = ""   # the detail before its values went in ({model}...), marked for the window's language
    args: tuple[tuple[str, str], ...] = ()    # those values; a "skill" value is a skill's title




def _said(template: str, **args: str) -> dict[str, object]:
    """A detail as the fields of a Step: the English sentence, and its template and values for translation."""
    return {"detail": template.format(**args), "template": template, "args": tuple(args.items())}


def _off(title: str) -> dict[str, object]:
    return _said(QT_TRANSLATE_NOOP("getting_started", "{skill} is switched off: turn it on in Settings → Skills."),
                 skill=title)


def steps(f: Facts) -> list[Step]:
    real = [m for m in f.models if m.strip() and m.strip() != DEMO_MODEL and m not in f.refused_models]
    stopped = [m for m in f.models if m in f.refused_models]
    mind = Step("mind", QT_TRANSLATE_NOOP("getting_started", "Give her a real mind"), bool(real), page="mind",
                **_said(QT_TRANSLATE_NOOP("getting_started", "She thinks with {model}."), model=model_label(real[0]))
                if real else
                _said(QT_TRANSLATE_NOOP("getting_started", "Privacy mode stops {model}: it is not on this "
                                                           "computer. Until it is, she thinks with the tiny built-in "
                                                           "demo model."), model=model_label(stopped[0]))
                if stopped else
                _said(QT_TRANSLATE_NOOP("getting_started", "She thinks with the tiny built-in demo model (expect odd "
                                                           "answers). Give her a real mind: a model server on this "
                                                           "computer, a model to download, or a cloud model.")))

    voice_title = QT_TRANSLATE_NOOP("getting_started", "Her voice and her ears")
    if not f.voice_enabled:
        voice = Step("voice", voice_title, False, page="skills", **_off("Voice"))
    elif f.voice_problems:
        audio = any(line.lower().startswith(NO_AUDIO_DEVICE) for line in f.voice_problems)
        voice = Step("voice", voice_title, False, page="skills.voice",
                     **_said(SEE_PROBLEMS["audio" if audio else "voice"]))
    elif not f.voice_running:
        voice = Step("voice", voice_title, False, page="skills.voice",
                     **_said(QT_TRANSLATE_NOOP("getting_started", "Her voice is still loading.")))
    else:
        voice = Step("voice", voice_title, True, page="skills.voice",
                     **_said(QT_TRANSLATE_NOOP("getting_started", "She speaks aloud and hears your microphone.")))

    body = Step("body", QT_TRANSLATE_NOOP("getting_started", "Give her a body"), False, "", "skills.stage")
    chosen = f.vrm_path.strip()
    if not f.stage_enabled:
        body = replace(body, page="skills", **_off("Stage"))
    elif f.stage_problem:   # the stage itself says why, where she would be: a pointer here (rule 4)
        body = replace(body, **_said(QT_TRANSLATE_NOOP("getting_started", "Her stage cannot show her: see what "
                                                                          "it says in its place.")))
    elif not f.avatar.strip():
        body = replace(body, **_said(QT_TRANSLATE_NOOP("getting_started", "Choose a .vrm avatar in the Stage dock "
                                                                          "(VRoid Studio makes one for free).")))
    elif not f.avatar_shown:
        body = replace(body, **_said(QT_TRANSLATE_NOOP("getting_started", "Her avatar is still loading on the stage.")))
    elif chosen:
        body = replace(body, done=True,
                       **_said(QT_TRANSLATE_NOOP("getting_started", "She wears {file}."), file=_file_name(chosen)))
    else:
        body = replace(body, done=True, **_said(QT_TRANSLATE_NOOP("getting_started", "She wears the default avatar; "
                                                                                     "choose your own .vrm in the "
                                                                                     "Stage dock (VRoid Studio makes "
                                                                                     "one for free).")))

    chat_title = QT_TRANSLATE_NOOP("getting_started", "Your chat")
    channel = f"#{f.twitch_channel.strip().lstrip('#')}" if f.twitch_enabled and f.twitch_channel.strip() else ""
    youtube = bool(f.youtube_video.strip())
    if channel or youtube:
        said = (_said(QT_TRANSLATE_NOOP("getting_started", "She reads {channel} on Twitch and your YouTube live chat."),
                      channel=channel) if channel and youtube else
                _said(QT_TRANSLATE_NOOP("getting_started", "She reads {channel} on Twitch."),
                      channel=channel) if channel else
                _said(QT_TRANSLATE_NOOP("getting_started", "She reads your YouTube live chat.")))
        chat = Step("twitch", chat_title, True, page="skills.twitch", optional=True, **said)
    elif not f.twitch_enabled:
        chat = Step("twitch", chat_title, False, page="skills", optional=True, **_off("Twitch"))
    else:
        chat = Step("twitch", chat_title, False, page="skills.twitch", optional=True,
                    **_said(QT_TRANSLATE_NOOP("getting_started", "Name your Twitch channel in Settings → Twitch "
                                                                 "(reading needs no account), or your YouTube live "
                                                                 "stream in Settings → YouTube.")))

    if not f.obs_enabled:
        obs = Step("obs", "OBS", False, page="skills", optional=True, **_off("OBS"))
    elif f.obs_connected:
        obs = Step("obs", "OBS", True, page="skills.obs", optional=True,
                   **_said(QT_TRANSLATE_NOOP("getting_started", "Connected to OBS.")))
    elif f.obs_state in ("retrying", "refused"):
        obs = Step("obs", "OBS", False, page="skills.obs", optional=True, **_said(SEE_PROBLEMS[f.obs_state]))
    elif f.obs_state == "connecting":
        obs = Step("obs", "OBS", False, page="skills.obs", optional=True,
                   **_said(QT_TRANSLATE_NOOP("getting_started", "Connecting to OBS…")))
    else:
        obs = Step("obs", "OBS", False, page="skills.obs", optional=True,
                   **_said(QT_TRANSLATE_NOOP("getting_started", "Turn on OBS's WebSocket server (Tools → WebSocket "
                                                                "Server Settings) and put its password in Settings → "
                                                                "OBS.")))

    told = f.person_entries > 0
    you = Step("you", QT_TRANSLATE_NOOP("getting_started", "Tell her about you"), told, page="skills.person",
               optional=True,
               **(_said(QT_TRANSLATE_NOOP("getting_started", "She knows 1 thing about you.")) if f.person_entries == 1
                  else
                  _said(QT_TRANSLATE_NOOP("getting_started", "She knows {count} things about you."),
                        count=str(f.person_entries))
                  if told else
                  _said(QT_TRANSLATE_NOOP("getting_started", "Start \"Getting to Know You\" in the You dock, or add "
                                                             "what you like her to know there."))))
    return [mind, voice, body, chat, obs, you]


def mind_first(models: Sequence[str], spec: str) -> list[str]:
    """Rule 5: her models with `spec` first, the others after it in their order, and the demo last."""
    rest = [m for m in models if m.strip() and m.strip() not in (spec, DEMO_MODEL)]
    return [spec, *rest, DEMO_MODEL]


def model_label(spec: str) -> str:
    """A model as the checklist names it: a local GGUF by its file name, anything else as its spec."""
    provider, _, model = spec.partition(":")
    return _file_name(model) if provider.strip().lower() == "local" and model.endswith(".gguf") else spec


def remaining(checklist: Sequence[Step]) -> int:
    """Required steps not done yet (rule 3)."""
    return sum(1 for s in checklist if not s.done and not s.optional)


def _file_name(path: str) -> str:
    return path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
