"""Her voice gives back the memory a long line took (tts.py rule 6): measured as glibc's in-use heap."""

from __future__ import annotations

import ctypes
import ctypes.util

import pytest

from tests.senses.voice.conftest import TTS_MISSING


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def _in_use_mb() -> float:
    """Bytes malloc has handed out and not been given back: small blocks plus mapped large ones."""
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    libc.mallinfo2.restype = _MallInfo2
    info = libc.mallinfo2()
    return (info.uordblks + info.hblkhd) / 2**20


def _has_mallinfo2() -> bool:
    try:
        return hasattr(ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6"), "mallinfo2")
    except OSError:
        return False


LINE = ("then we try the new installer on the old laptop, and after that we answer every driver question in chat, "
        "one by one, until the queue is empty and everybody has a working desktop again, and then we do it all "
        "over with the other laptop, the one with the broken hinge and the sticky keyboard that nobody wants")


@pytest.mark.skipif(TTS_MISSING is not None, reason=TTS_MISSING or "")
@pytest.mark.skipif(not _has_mallinfo2(), reason="glibc's mallinfo2 is missing: this measures glibc's heap")
def test_a_long_line_leaves_no_arena_behind(executor) -> None:
    from app.senses.voice import Voice, default_piper_voice

    model, config = default_piper_voice()
    voice = Voice(model, config, executor=executor)
    voice.load_sync()
    try:
        before = _in_use_mb()
        for _ in range(2):
            said = voice.synthesize_sync(LINE)
        grown = _in_use_mb() - before
    finally:
        voice.close()
    assert said.duration_s > 10
    # the arena left alone kept about 500 MB after this line; the audio itself is under 2 MB
    assert grown < 60, f"{grown:.0f} MB still held after the line was made"
