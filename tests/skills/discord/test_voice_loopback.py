"""The voice gateway's handshake and its UDP on loopback, with discord.py's real connection: the skill joins a
call (op 4 undeafened on the fake gateway; VOICE_STATE_UPDATE and VOICE_SERVER_UPDATE back), discord.py connects
to the fake voice server over wss (IDENTIFY, HELLO, READY with ip 127.0.0.1, IP discovery over UDP,
SELECT_PROTOCOL, SESSION_DESCRIPTION with dave_protocol_version 0), and a speaker's datagrams sent over UDP
become a perception of theirs. It runs in a process of its own (voice_loopback.py says why)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import REPO
from tests.senses.voice.conftest import JFK, needs_fixture, needs_stt
from tests.senses.voice.wer import word_error_rate
from tests.skills.discord.fake_voice import self_signed
from tests.skills.discord.voice_loopback import ANNA


def call(tmp_path, *args: str) -> dict:
    cert, _key = self_signed(tmp_path)
    env = {**os.environ, "SSL_CERT_FILE": str(cert), "HF_HUB_OFFLINE": "1"}
    run = subprocess.run([sys.executable, "-m", "tests.skills.discord.voice_loopback", *args], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    print(f"\n{json.dumps(result)}")
    return result


@needs_stt
@needs_fixture
def test_a_call_on_loopback_from_the_voice_handshake_to_her_ears(tmp_path):
    result = call(tmp_path)
    assert result["self_deaf"][0] is False                     # she joins to hear: undeafened
    assert result["identify"] == {"server_id": "900", "user_id": "1000000000000000000", "session_id": "voice-1",
                                  "token": "voice-token", "max_dave_protocol_version": 1}
    assert result["selected"]["data"]["mode"] == result["mode"]
    assert result["selected"]["data"]["address"] == "127.0.0.1"
    assert result["selected"]["data"]["port"] == result["discovered"][1]
    assert result["her_speaking"][0]["ssrc"] == 1               # she told her SSRC (discord.py's speak none)
    counts = result["counts"]
    assert counts["undecryptable"] == counts["decode_errors"] == 0
    # UDP on loopback: in practice all; the first ones may beat SPEAKING (unknown, kept, heard once named)
    assert counts["heard"] >= counts["sent"] * 0.95
    lines = result["lines"]
    assert lines and all(line["identity"] == f"discord:{ANNA}" and line["kind"] == "voice" for line in lines)
    assert lines[0]["place"] == "the Discord voice call #Hangout"
    assert word_error_rate(JFK, " ".join(line["text"] for line in lines)) < 0.35


@needs_stt
@needs_fixture
def test_a_call_with_dave_on_loopback_the_mls_handshake_through_discord_py(tmp_path):
    """DAVE's voice gateway opcodes with discord.py's own handling (key package, external sender, proposals,
    commit and welcome, transition): the speaker's end-to-end encrypted frames are opened by her session."""
    result = call(tmp_path, "--dave")
    counts = result["counts"]
    dave = counts["dave"]
    assert dave["group"] == sorted([str(ANNA), "1000000000000000000"]) and dave["transitions"] == [1]
    assert dave["encrypted"] == counts["sent"] and dave["passthroughs"] == 0 and dave["failures"] == 0
    assert dave["successes"] == counts["heard"] >= counts["sent"] * 0.95 and counts["undecryptable"] == 0
    assert word_error_rate(JFK, " ".join(line["text"] for line in result["lines"])) < 0.35
