"""A whole call on loopback, run in a process of its own by test_voice_loopback.py: the fake Discord gateway,
the fake voice server (wss with the test's self-signed certificate, trusted through SSL_CERT_FILE, which aiohttp
reads once, when it is imported: hence the process of its own), the real discord.py connection made by the
skill's join_voice, and a speaker's datagrams over UDP into her ears. Prints one JSON line of what happened.

    python -m tests.skills.discord.voice_loopback [--dave]

With --dave the call uses DAVE: the fake voice server runs the MLS handshake with discord.py (fake_voice.py) and
the speaker's frames are end-to-end encrypted by their own davey session.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

KEY = bytes(range(100, 132))
ANNA, SSRC, GUILD, VOICE_CHANNEL = 412345678901234567, 4242, 900, 600


async def scenario(cert: Path, cert_key: Path, dave: bool) -> dict:
    from app.core.events import EventBus
    from app.core.perception import Meta
    from app.process.clock import SYSTEM
    from app.process.executors import BoundedExecutor
    from app.senses.netgate import NetworkGate
    from app.senses.voice import Transcriber, default_whisper_model
    from app.skills.base import SkillContext
    from app.skills.discord.client import DiscordLink, State
    from app.skills.discord.skill import DiscordSettings, DiscordSkill
    from tests.her_words import english
    from tests.skills.discord.fake_discord import TOKEN, FakeDiscord, guild
    from tests.skills.discord.fake_voice import MODE, FakeVoice
    from tests.skills.discord.voice_packets import speaker_datagrams, speech_frames
    from tests.waiting import until

    executor = BoundedExecutor("voice-loopback", 2, queue_size=64)
    transcriber = Transcriber(default_whisper_model(), "en", executor=executor)
    transcriber.load_sync()
    server = guild(GUILD, "Speedrunners", {500: "general"})
    server["channels"].append({"id": str(VOICE_CHANNEL), "type": 2, "name": "Hangout", "guild_id": str(GUILD),
                               "position": 1, "permission_overwrites": [], "bitrate": 64000, "user_limit": 0})
    heard = []
    events = EventBus(lambda: 0.0)
    async with FakeDiscord([server]) as fake, FakeVoice(
            KEY, cert, cert_key, (ANNA, VOICE_CHANNEL) if dave else None) as voice:
        fake.voice_endpoint = voice.endpoint
        values = DiscordSettings(api_base=fake.api_base, gateway=fake.gateway_url)
        skill = DiscordSkill(SkillContext(settings=lambda: values, bus=events, clock=SYSTEM,
                                          words=english, perceive=heard.append, gate=NetworkGate(lambda: False),
                                          ears=lambda: transcriber))
        link = skill.client = DiscordLink(skill.ctx.gate, lambda: TOKEN, skill._event, api_base=fake.api_base,
                                          gateway=fake.gateway_url)
        link.start()
        await until(lambda: link.state == State.READING, 20, "READY")
        why = await skill.join_voice(str(VOICE_CHANNEL))
        assert why == "", why
        assert skill.in_call and voice.described.is_set()
        session = skill.call._connection.dave_session
        if dave:
            await until(lambda: voice.dave_ready.is_set() and session.ready and voice.speaker.ready, 20,
                        "the DAVE handshake")
            await until(lambda: not skill.call._connection.dave_pending_transitions, 10, "the transition")
        datagrams = speaker_datagrams(speech_frames(), KEY, SSRC, dave=voice.speaker)
        started = time.monotonic()
        await voice.speak(ANNA, SSRC, datagrams)
        await until(lambda: skill.call_ears is not None and skill.call_ears.heard_packets >= len(datagrams) * 0.95,
                    30, "the datagrams heard")
        await asyncio.sleep(2.0)                               # her silence ends the turn
        ears = skill.call_ears
        await ears.speakers[ANNA].ears.drain()
        took = time.monotonic() - started
        await voice.leave(ANNA)
        await until(lambda: not ears.speakers, 10, "the speaker's state dropped")
        counts = {"sent": len(datagrams), "heard": ears.heard_packets, "undecryptable": ears.undecryptable,
                  "decode_errors": ears.decode_errors, "unknown": ears.unknown}
        if dave:
            stats = session.get_decryption_stats(ANNA)
            counts["dave"] = {"successes": stats.successes, "failures": stats.failures,
                              "passthroughs": stats.passthroughs, "transitions": voice.transitions,
                              "group": sorted(session.get_user_ids()),
                              "encrypted": voice.speaker.get_encryption_stats().successes}
        await skill.leave_voice()
        await link.stop()
    transcriber.close()
    executor.shutdown(wait=False, cancel_futures=True)
    return {
        "self_deaf": [s.get("self_deaf") for s in fake.voice_states],
        "identify": {k: voice.identifies[0].get(k) for k in ("server_id", "user_id", "session_id", "token",
                                                             "max_dave_protocol_version")},
        "selected": voice.selected[0], "mode": MODE, "discovered": list(voice.discovered or ()),
        "her_speaking": voice.speaking[:1], "counts": counts, "seconds": round(took, 2),
        "lines": [{"identity": p.author.identity, "kind": str(p.kind), "text": p.meta[Meta.TEXT],
                   "place": p.meta[Meta.PLACE]} for p in heard],
    }


def main() -> None:
    folder = Path(os.environ["SSL_CERT_FILE"]).parent
    result = asyncio.run(scenario(folder / "voice-cert.pem", folder / "voice-key.pem", "--dave" in sys.argv))
    print(json.dumps(result))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
