"""Her mood as tables: decay on read, the mood-word picker, attribution, a real reaction, [HOW YOU FEEL]."""

import math
import re

import pytest

from app.core.affect import (
    ALIASES,
    DEFAULT_HALF_LIFE_S,
    MOODS,
    REST,
    Affect,
    attribute,
    coordinates_of,
    decay,
    describe,
    distance,
    feel,
    mood_of,
    mood_word,
    moved,
    pick,
)
from tests.her_words import CATALOGS, EN

H = DEFAULT_HALF_LIFE_S
T0 = 1_700_000_000.0


def rest_gap(a: Affect) -> tuple[float, float]:
    return (a.valence - REST[0], a.arousal - REST[1])


# --- decay ---------------------------------------------------------------------------------------------------

DECAY_CASES = [
    # start, seconds later, share of the distance to REST that is left
    (Affect(-0.8, 0.9, T0), 0, 1.0),
    (Affect(-0.8, 0.9, T0), H, 0.5),
    (Affect(-0.8, 0.9, T0), 2 * H, 0.25),
    (Affect(0.6, 0.1, T0), H, 0.5),                  # below rest on arousal: it rises back
    (Affect(1.0, 1.0, T0), 10 * H, 2 ** -10),
    (Affect(0.6, 0.1, T0), -H, 1.0),                 # the clock went backwards: nothing ages
]


@pytest.mark.parametrize("start,later,left", DECAY_CASES)
def test_decay_halves_the_distance_to_rest_every_half_life(start, later, left):
    aged = decay(start, T0 + later)
    for now_gap, then_gap in zip(rest_gap(aged), rest_gap(start), strict=True):
        assert now_gap == pytest.approx(then_gap * left, abs=1e-12)
    assert aged.updated_at == max(T0, T0 + later)


@pytest.mark.parametrize("t1,t2", [(0, 0), (0, 60), (60, 60), (300, 4000), (1, 86_400), (H, 3 * H)])
def test_decay_composes(t1, t2):
    a = Affect(-0.7, 0.85, T0)
    twice, once = decay(decay(a, T0 + t1), T0 + t2), decay(a, T0 + t2)
    assert abs(twice.valence - once.valence) < 1e-9 and abs(twice.arousal - once.arousal) < 1e-9
    assert twice.updated_at == once.updated_at


def test_a_restart_reads_the_stored_value_correctly_aged():
    stored = feel(feel(Affect(updated_at=T0), "furious", T0), "furious", T0 + 5)
    assert mood_word(decay(stored, stored.updated_at + 60)) == "angry"    # crash while furious: still angry
    assert mood_word(decay(stored, stored.updated_at + 8 * 3600)) == "neutral"   # sleep on it: gone


def test_decay_honours_the_half_life_setting():
    a = Affect(0.8, 0.8, T0)
    assert rest_gap(decay(a, T0 + 600, half_life_s=600))[0] == pytest.approx(0.4)
    with pytest.raises(ValueError):
        decay(a, T0 + 1, half_life_s=0)


@pytest.mark.parametrize("v,a", [(-1.01, 0.5), (1.01, 0.5), (0.0, -0.01), (0.0, 1.01), (math.nan, 0.5)])
def test_affect_refuses_values_off_its_axes(v, a):
    with pytest.raises(ValueError):
        Affect(v, a, T0)


# --- words ---------------------------------------------------------------------------------------------------

WORD_CASES = [
    # what she named, the MOODS word it means (None: none)
    ("happy", "happy"),
    ("HAPPY", "happy"),
    ("happy!", "happy"),
    ("  Happy...  ", "happy"),
    ("happily", "happy"),
    ("happiness", "happy"),
    ("happier", "happy"),
    ("joyful", "happy"),
    ("cheerful", "happy"),
    ("sadly", "sad"),
    ("sadness", "sad"),
    ("angrily", "angry"),
    ("furious", "angry"),
    ("excitedly", "excited"),
    ("surprise", "surprised"),                       # a missing -d
    ("annoyed", "annoyed"),
    ("annoy", "annoyed"),                            # a missing -ed
    ("sleepy", "tired"),
    ("sleepily", "tired"),
    ("felice", "happy"),
    ("Felicità!", "happy"),                          # accents and punctuation aside
    ("triste", "sad"),
    ("arrabbiata", "angry"),
    ("arrabbiato", "angry"),                         # the masculine
    ("arrabbiati", "angry"),                         # a plural
    ("stanca", "tired"),
    ("stanco", "tired"),
    ("curiosa", "curious"),
    ("emozionata", "excited"),
    ("felici", "happy"),
    ("joy", "happy"),                                # VRM 0.x preset names
    ("sorrow", "sad"),
    ("fun", "playful"),
    ("very sad", "sad"),                             # a phrase is read by its last mood word
    ("happy_face", "happy"),
    ("a bit tired but happy", "happy"),
    ("not happy", None),                             # negated: no guess
    ("non felice", None),
    ("banana", None),
    ("", None),
    ("!!!", None),
]


@pytest.mark.parametrize("word,mood", WORD_CASES)
def test_mood_words_are_normalised(word, mood):
    assert mood_of(word) == mood
    assert coordinates_of(word) == (None if mood is None else MOODS[mood])


def test_the_tables_hold_together():
    assert len(MOODS) >= 25 and MOODS["neutral"] == REST
    assert all(target in MOODS for target in ALIASES.values())
    assert not set(ALIASES) & set(MOODS)
    for v, a in MOODS.values():
        Affect(v, a)                                 # every point is on the axes


@pytest.mark.parametrize("word", sorted(MOODS))
def test_every_word_at_full_strength_is_named_by_itself(word):
    assert mood_word(Affect(*MOODS[word])) == word


@pytest.mark.parametrize("word", ["angry", "sad", "happy", "excited", "scared", "tired", "loving", "bored",
                                  "surprised", "calm", "curious", "annoyed"])
def test_one_line_of_a_feeling_is_a_degree_of_that_feeling(word):
    assert mood_word(feel(Affect(updated_at=T0), word, T0)) == word


# --- pick ----------------------------------------------------------------------------------------------------

VRM1 = ["neutral", "happy", "angry", "sad", "relaxed", "surprised"]
SMALL = ["happy", "sad", "neutral"]

PICK_CASES = [
    # what she named, what the avatar has, what it shows
    ("angry", VRM1, "angry"),
    ("furious", VRM1, "angry"),
    ("Furious!", VRM1, "angry"),
    ("arrabbiata", VRM1, "angry"),
    ("felice", VRM1, "happy"),
    ("triste", VRM1, "sad"),
    ("serene", VRM1, "relaxed"),
    ("shocked", VRM1, "surprised"),
    ("banana", VRM1, "neutral"),                     # unknown: neutral
    ("banana", ["happy", "sad"], "happy"),           # unknown and no neutral: the first
    ("felice", ["Felice", "happy"], "Felice"),       # an exact match wins, in the avatar's spelling
    ("joy", ["joy", "happy"], "joy"),
    ("happy", ["joy", "sorrow", "angry"], "joy"),    # a VRM 0.x avatar
    ("sad", ["joy", "sorrow", "angry"], "sorrow"),
    ("happy", ["blink", "aa"], "blink"),             # nothing it knows: its first word
    ("happy", [], "neutral"),
]


@pytest.mark.parametrize("word,available,shown", PICK_CASES)
def test_pick(word, available, shown):
    assert pick(word, available) == shown


@pytest.mark.parametrize("word", ["excited", "tired", "furious", "curious", "bored", "loving", "scared",
                                  "stanca", "emozionata", "calm", "embarrassed"])
def test_pick_is_the_nearest_the_small_avatar_has(word):
    target = coordinates_of(word)
    assert target is not None
    def gap(c):
        p = MOODS[c]
        return math.sqrt((target[0] - p[0]) ** 2 + (2 * (target[1] - p[1])) ** 2)
    assert pick(word, SMALL) == min(SMALL, key=gap)


def test_the_small_avatar_shows_excitement_as_happy():
    assert pick("excited", SMALL) == "happy"


def test_distance_weighs_both_axes_over_their_range():
    assert distance((-1.0, 0.5), (1.0, 0.5)) == pytest.approx(2.0)      # valence end to end
    assert distance((0.0, 0.0), (0.0, 1.0)) == pytest.approx(2.0)       # arousal end to end


# --- feel ----------------------------------------------------------------------------------------------------

def test_feel_ages_then_moves_a_share_of_the_way():
    start = Affect(0.0, 0.3, T0)
    angry = feel(start, "furious", T0 + H)
    assert (angry.valence, angry.arousal) == pytest.approx((-0.8 * 0.35, 0.3 + 0.55 * 0.35))
    assert angry.updated_at == T0 + H
    old = Affect(0.8, 0.3, T0)
    after = feel(old, "sad", T0 + H)                 # aged to 0.4 first, then a third of the way to sad
    assert after.valence == pytest.approx(0.4 + (-0.7 - 0.4) * 0.35)


def test_an_unknown_word_changes_nothing_but_the_time():
    a = Affect(0.5, 0.7, T0)
    assert feel(a, "banana", T0 + H) == decay(a, T0 + H)
    assert feel(a, "banana", T0).point == a.point


def test_feel_stays_on_the_axes_and_refuses_a_bad_weight():
    a = Affect(-1.0, 1.0, T0)
    for _ in range(50):
        a = feel(a, "angry", T0, weight=1.0)
        assert a.point == MOODS["angry"]
    with pytest.raises(ValueError):
        feel(a, "happy", T0, weight=1.5)


# --- attribute and moved -------------------------------------------------------------------------------------

OWNER = "app:owner"

ATTRIBUTE_CASES = [
    # authors of the batch, who caused it
    (["twitch:1"], "twitch:1"),
    (["twitch:1", "twitch:1", "twitch:1"], "twitch:1"),
    ([OWNER], OWNER),                                # the owner alone
    ([OWNER, OWNER], OWNER),
    (["twitch:1", "twitch:2"], None),                # a busy room: the mood is the room's
    ([OWNER, "twitch:1"], None),                     # the owner is no exemption
    (["twitch:1", None, None], "twitch:1"),          # lines from nobody are ignored
    ([None, "twitch:1", None, "twitch:2"], None),
    ([None], None),
    ([], None),
]


@pytest.mark.parametrize("authors,caused", ATTRIBUTE_CASES)
def test_attribute(authors, caused):
    assert attribute(authors) == caused


MOVED_CASES = [
    # before, after, moved
    (Affect(0.0, 0.3, T0), Affect(0.0, 0.3, T0), False),
    (Affect(0.0, 0.3, T0), Affect(-0.3, 0.3, T0), False),
    (Affect(0.0, 0.3, T0), Affect(-0.35, 0.3, T0), True),            # exactly the threshold
    (Affect(0.0, 0.3, T0), Affect(0.0, 0.5, T0), True),              # arousal counts double
    (Affect(0.9, 0.9, T0), Affect(0.45, 0.6, T0 + H), False),        # time passing is not a reaction
    (Affect(0.0, 0.3, T0), feel(Affect(0.0, 0.3, T0), "furious", T0), True),
    (Affect(0.0, 0.3, T0), feel(Affect(0.0, 0.3, T0), "content", T0), False),
]


@pytest.mark.parametrize("before,after,was_moved", MOVED_CASES)
def test_moved(before, after, was_moved):
    assert moved(before, after) is was_moved


# --- describe ------------------------------------------------------------------------------------------------

PRESCRIPTIVE = ["should", "must", "be", "act", "try", "don't", "do", "avoid", "remember", "make", "need",
                "have to", "please", "keep", "stay", "respond", "answer", "reply", "say", "speak", "let", "ought",
                "instead", "consider", "show", "express", "use", "stop", "feel free"]
GRID = [Affect(v / 4, a / 4, T0) for v in range(-4, 5) for a in range(0, 5)]


@pytest.mark.parametrize("affect", GRID, ids=lambda a: f"v{a.valence:+.2f}a{a.arousal:.2f}")
def test_describe_describes_and_never_prescribes(affect):
    for text in (describe(affect, EN), describe(affect, EN, now=T0 + 90), describe(affect, EN, now=T0 + 30 * 60)):
        assert text.startswith("[HOW YOU FEEL] You feel ")
        body = text.removeprefix("[HOW YOU FEEL] ").lower()
        for word in PRESCRIPTIVE:
            assert not re.search(rf"\b{re.escape(word)}\b", body), f"{word!r} in {text!r}"
        assert "!" not in body and len(text) < 200


DESCRIBE_CASES = [
    # affect, now, the words it must contain
    (Affect(0.0, 0.3, T0), None, ["settled", "nothing in particular"]),
    (Affect(0.7, 0.9, T0), None, ["very excited", "keyed up"]),
    (Affect(-0.245, 0.265, T0), None, ["a little sad", "steady"]),   # one sad line
    (Affect(-0.8, 0.85, T0), T0 + 20, ["angry", "just now"]),
    (Affect(-0.8, 0.85, T0), T0 + 12 * 60, ["angry", "12 minutes ago", "easing"]),
    (Affect(-0.8, 0.85, T0), T0 + 10 * 3600, ["settled"]),              # aged away overnight
]


@pytest.mark.parametrize("affect,now,words", DESCRIBE_CASES)
def test_describe(affect, now, words):
    text = describe(affect, EN, now)
    assert all(w in text for w in words), text


def test_mood_never_touches_is_addressed():
    import inspect

    from app.core import attention
    assert "affect" not in inspect.getsource(attention)
    assert "mood" not in inspect.signature(attention.is_addressed).parameters
    assert not any("mood" in f or "affect" in f for f in attention.Cues.__dataclass_fields__)


@pytest.mark.parametrize("language", CATALOGS.languages)
def test_every_language_describes_every_mood_under_its_own_header(language):
    her = CATALOGS[language]
    for word, point in MOODS.items():
        text = describe(Affect(*point, T0), her, now=T0 + 5 * 60)
        assert text.startswith(her.text("mood.header") + " ") and "{" not in text and "!" not in text
        if word != "neutral":
            assert her.text(f"mood.names.{word}") in text, (word, text)
