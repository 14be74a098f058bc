"""Mood -> prosody, neutral as exactly nothing, and what a Piper-like synthesiser can apply of it."""

import math
import struct

import pytest

from app.core.prosody import (
    MAX_INTENSITY,
    MOOD_PROSODY,
    NEUTRAL,
    PIPER_CANNOT,
    PiperProsody,
    Prosody,
    apply_gain_pcm16,
    for_piper,
    intensity_of,
    prosody_for,
    table_mood,
)

PCM = struct.pack("<6h", 0, 1000, -1000, 20000, -20000, 32767)


# -- neutral is nothing


@pytest.mark.parametrize("mood", ["neutral", "Neutral", " NEUTRAL ", "normal", "neutra", None, "", "xyzzy",
                                  "not happy", "non felice"])
def test_neutral_unknown_empty_and_negated_moods_are_exactly_the_identity(mood):
    prosody = prosody_for(mood)
    assert prosody == Prosody() == NEUTRAL and prosody.is_neutral
    assert repr(prosody) == "Prosody(rate=1.0, pitch=0.0, volume=0.0)"


def test_neutral_applied_is_byte_identical_to_none_applied():
    assert for_piper(prosody_for("neutral")) == for_piper(None) == PiperProsody(1.0, 1.0, ())
    assert for_piper(NEUTRAL, base_length_scale=1.17) == for_piper(None, base_length_scale=1.17)
    assert for_piper(NEUTRAL, base_length_scale=1.17).length_scale == 1.17
    assert apply_gain_pcm16(PCM, for_piper(NEUTRAL).volume_gain) is PCM


@pytest.mark.parametrize("mood", list(MOOD_PROSODY))
def test_zero_intensity_is_the_identity_to_the_last_bit(mood):
    prosody = prosody_for(mood, intensity=0.0)
    assert prosody == NEUTRAL and repr(prosody) == repr(NEUTRAL)     # no -0.0 anywhere


# -- the table


def test_the_table_moods_move_the_voice_the_expected_way():
    happy, excited, sad = prosody_for("happy"), prosody_for("excited"), prosody_for("sad")
    angry, calm, tired = prosody_for("angry"), prosody_for("calm"), prosody_for("tired")
    assert happy.rate > 1 and happy.pitch > 0 and happy.volume > 0
    assert excited.rate > happy.rate and excited.pitch > happy.pitch and excited.volume > happy.volume
    assert sad.rate < 1 and sad.pitch < 0 and sad.volume < 0
    assert angry.volume > happy.volume and angry.rate > 1
    assert calm.rate < 1 and calm.volume < 0
    assert tired.rate < calm.rate and tired.volume < calm.volume
    assert all(not prosody_for(m).is_neutral for m in MOOD_PROSODY if m != "neutral")


@pytest.mark.parametrize("word,mood", [
    ("HAPPY", "happy"), ("cheerful", "happy"), ("felice", "happy"), ("happily", "happy"), ("stanca", "tired"),
    ("stanco", "tired"), ("triste", "sad"), ("furious", "angry"), ("calma", "calm"), ("thrilled", "excited"),
    ("playful", "happy"), ("bored", "tired"), ("relaxed", "calm"), ("annoyed", "angry"), ("worried", "nervous"),
    ("terrified", "scared"), ("thoughtful", "neutral"),
])
def test_words_reach_their_table_mood(word, mood):
    assert table_mood(word) == mood
    assert prosody_for(word) == MOOD_PROSODY[mood]


# -- intensity


def test_intensity_scales_every_axis():
    base, double = prosody_for("sad"), prosody_for("sad", intensity=2.0)
    assert math.isclose(double.rate, base.rate ** 2)
    assert (double.pitch, double.volume) == (base.pitch * 2, base.volume * 2)


def test_intensity_is_clamped():
    assert prosody_for("happy", 50) == prosody_for("happy", MAX_INTENSITY)
    assert prosody_for("happy", -3) == NEUTRAL


def test_more_intensity_moves_further():
    rates = [prosody_for("excited", k).rate for k in (0, 0.25, 0.5, 1, 1.5, 2)]
    assert rates == sorted(rates) and len(set(rates)) == len(rates)


@pytest.mark.parametrize("phrase,factor", [
    ("happy", 1.0), ("very happy", 1.5), ("so sad", 1.5), ("molto felice", 1.5), ("extremely excited", 2.0),
    ("slightly sad", 0.5), ("a bit tired", 0.5), ("un po' triste", 0.5), ("", 1.0), (None, 1.0),
])
def test_modifiers_in_the_phrase(phrase, factor):
    assert intensity_of(phrase) == factor


def test_a_modifier_and_an_intensity_multiply():
    assert prosody_for("very happy", 0.5) == prosody_for("happy", 0.75)
    assert prosody_for("slightly happy").volume < prosody_for("happy").volume < prosody_for("very happy").volume


# -- what Piper can apply


def test_piper_gets_length_scale_and_gain_and_declares_pitch():
    assert PIPER_CANNOT == frozenset({"pitch"})
    happy = prosody_for("happy")
    piper = for_piper(happy, base_length_scale=1.2)
    assert math.isclose(piper.length_scale, 1.2 / happy.rate) and piper.length_scale < 1.2   # faster = shorter
    assert math.isclose(piper.volume_gain, 10 ** (happy.volume / 20)) and piper.volume_gain > 1
    assert piper.unapplied == ("pitch",)


def test_slower_and_quieter_means_longer_and_softer():
    piper = for_piper(prosody_for("tired"))
    assert piper.length_scale > 1 and piper.volume_gain < 1


def test_nothing_is_unapplied_when_pitch_does_not_move():
    piper = for_piper(Prosody(rate=1.1, volume=-2.0))
    assert piper.unapplied == ()
    assert for_piper(Prosody(pitch=1.0)) == PiperProsody(1.0, 1.0, ("pitch",))


def test_only_rate_leaves_the_gain_exactly_one():
    assert for_piper(Prosody(rate=0.8)).volume_gain == 1.0
    assert for_piper(Prosody(volume=3.0)).length_scale == 1.0


# -- the gain on PCM


def test_gain_scales_and_clips_pcm():
    out = struct.unpack("<6h", apply_gain_pcm16(PCM, 2.0))
    assert out == (0, 2000, -2000, 32767, -32768, 32767)
    assert struct.unpack("<6h", apply_gain_pcm16(PCM, 0.5)) == (0, 500, -500, 10000, -10000, 16384)


def test_gain_needs_whole_samples():
    with pytest.raises(ValueError):
        apply_gain_pcm16(b"\x00\x01\x02", 0.5)


@pytest.mark.parametrize("bad", [dict(rate=0.0), dict(rate=-1.0), dict(rate=math.nan), dict(pitch=math.inf),
                                 dict(volume=math.nan)])
def test_prosody_is_validated(bad):
    with pytest.raises(ValueError):
        Prosody(**bad)
