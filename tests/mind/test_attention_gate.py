"""The attention gate over real-looking batches: priorities ordered, nothing dropped, addressed always 1.0."""

from datetime import datetime, time, timedelta, timezone

import pytest

from app.core.perception import Author, Perception, PerceptionKind
from app.mind.attention_gate import AttentionGate

ROME = timezone(timedelta(hours=2))
OWNER = Author("local", "owner", "Owner")
MARCO = Author("twitch", "4711", "marco")
GIULIA = Author("twitch", "4712", "giulia")
LUCA = Author("twitch", "4713", "luca")
NAMESAKE = Author("twitch", "5000", "Bea")
TWITCH = "twitch:#bea"


class Clock:
    def __init__(self, at: datetime) -> None:
        self.at = at

    def __call__(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


def line(author, text, key=TWITCH, salience=0.5, **meta):
    return Perception(PerceptionKind.CHAT, "twitch:chat", f"[{author.display_name}] {text}", salience=salience,
                      meta={"conversation_key": key, "text": text, **meta}, author=author)


def heartbeat():
    return Perception(PerceptionKind.GAME, "minecraft", "[game] tick", salience=0.3,
                      meta={"noise": True, "conversation_key": "minecraft"})


def gate_at(hour=21, minute=0, **kwargs):
    clock = Clock(datetime(2025, 6, 14, hour, minute, tzinfo=ROME))
    options = dict(names=("Bea", "Beatrice"), owner=OWNER.identity, hot_names=("Elden Ring",),
                   is_known=lambda identity: identity == GIULIA.identity,
                   quiet_hours=[(time(23, 0), time(7, 0))], cooldown_seconds=20.0, tz=ROME)
    options.update(kwargs)
    return clock, AttentionGate(clock, **options)


def by_text(annotated):
    return {p.text: p for p in annotated}


def test_every_perception_comes_back_ordered_highest_first():
    clock, gate = gate_at()
    batch = [
        line(LUCA, "qualcuno gioca a Hollow Knight"),
        heartbeat(),
        line(GIULIA, "avete visto il trailer?"),
        line(MARCO, "Elden Ring stasera?"),
        line(LUCA, "ciao bea!"),
        Perception(PerceptionKind.VOICE, "mic", "[Owner] ok ragazzi si parte", author=OWNER,
                   meta={"text": "ok ragazzi si parte"}),
    ]
    out = gate.annotate(batch)
    assert sorted(p.content for p in out) == sorted(p.content for p in batch)     # nothing dropped
    priorities = [p.priority for p in out]
    assert priorities == sorted(priorities, reverse=True)
    assert [p.text for p in out] == [
        "ciao bea!",                      # addressed (arrived before the owner: ties keep arrival order)
        "ok ragazzi si parte",            # the owner
        "Elden Ring stasera?",            # hot and a question
        "avete visto il trailer?",        # a question from someone she knows
        "qualcuno gioca a Hollow Knight",
        "[game] tick",                    # texture at the bottom, still there
    ]
    assert out[0].reasons == ("addressed: her name",)
    assert out[1].reasons == ("addressed: owner",)
    assert all(0.0 <= p.priority <= 1.0 for p in out)


ADDRESSED_ANYWAY = [
    # clock, what she said just before (conversation, seconds ago) or None
    ((23, 30), None),                     # quiet hours
    ((3, 0), None),                       # quiet hours, past midnight
    ((21, 0), (TWITCH, 5)),               # cooldown
    ((23, 30), (TWITCH, 5)),              # both
]


@pytest.mark.parametrize("at,spoke", ADDRESSED_ANYWAY)
def test_addressed_is_one_even_in_quiet_hours_and_cooldown(at, spoke):
    clock, gate = gate_at(*at)
    if spoke:
        gate.note_spoke(spoke[0], "m-1")
        clock.advance(spoke[1])
    out = by_text(gate.annotate([
        line(LUCA, "bea ci sei?"),
        line(LUCA, "lol", reply_to="m-1"),
        line(LUCA, "grazie per la live", donation=True),
        line(LUCA, "che gioco è?", salience=1.0),
    ]))
    assert out["bea ci sei?"].priority == 1.0
    assert out["grazie per la live"].priority == 1.0
    assert out["che gioco è?"].priority == 0.0
    assert out["che gioco è?"].reasons[0] in ("cooldown", "quiet hours")
    assert out["lol"].priority == (1.0 if spoke else 0.0)       # a reply to her m-1 only once she said it


def test_the_quiet_window_ends_at_seven():
    clock, gate = gate_at(6, 59)
    assert gate.annotate([line(LUCA, "buongiorno")])[0].reasons == ("quiet hours",)
    clock.advance(60)
    assert gate.annotate([line(LUCA, "buongiorno")])[0].priority > 0.0


def test_a_follow_up_from_the_exchange_she_answered():
    clock, gate = gate_at()
    gate.annotate([line(MARCO, "che ne pensi di Hollow Knight")])
    clock.advance(3)
    gate.note_spoke(TWITCH, "m-7")
    clock.advance(10)
    out = by_text(gate.annotate([line(MARCO, "vero, bellissimo"), line(LUCA, "io non l'ho mai giocato")]))
    assert (out["vero, bellissimo"].priority, out["vero, bellissimo"].reasons) == (1.0, ("follow-up",))
    assert (out["io non l'ho mai giocato"].priority, out["io non l'ho mai giocato"].reasons) == (0.0, ("cooldown",))
    clock.advance(120)
    late = gate.annotate([line(MARCO, "comunque")])[0]
    assert late.priority < 1.0 and late.reasons != ("follow-up",)


def test_exchanges_go_out_once_and_come_back_only_while_they_still_matter():
    clock, gate = gate_at()
    gate.annotate([line(MARCO, "che ne pensi di Hollow Knight"), line(LUCA, "ciao", key="discord:1")])
    gate.note_spoke(TWITCH)
    gate.note_spoke("discord:1")
    saved = gate.exchanges()
    assert [(key, set(who)) for key, _at, who in saved] == [("discord:1", {LUCA.identity}),
                                                             (TWITCH, {MARCO.identity})]
    assert gate.exchanges() == []                                # handed out once
    later, fresh = gate_at()                                     # a gate after a restart, 30 s later
    later.advance(30)
    old = ("youtube:live", later().timestamp() - 600, [GIULIA.identity])   # ten minutes ago: gone
    assert fresh.restore([*saved, old]) == 2
    out = by_text(fresh.annotate([line(MARCO, "vero"), line(GIULIA, "ehi", key="youtube:live")]))
    assert out["vero"].reasons == ("follow-up",) and out["ehi"].reasons != ("follow-up",)


def test_the_exchange_is_per_conversation():
    clock, gate = gate_at()
    gate.annotate([line(MARCO, "ciao"), line(MARCO, "hello", key="discord:123")])
    gate.note_spoke("discord:123")
    clock.advance(5)
    out = gate.annotate([line(MARCO, "ancora io")])[0]          # on Twitch: she answered him on Discord
    assert out.reasons != ("follow-up",)
    assert out.reasons[0] != "cooldown"


def test_a_display_name_in_the_header_does_not_address_her():
    _, gate = gate_at()
    [p] = gate.annotate([line(NAMESAKE, "ciao a tutti")])
    assert p.priority < 1.0 and not p.reasons[0].startswith("addressed")


def test_a_busy_conversation_outranks_a_lone_line_elsewhere():
    _, gate = gate_at()
    busy = [line(LUCA, "gg"), line(MARCO, "gg"), line(LUCA, "che partita")]
    lone = line(MARCO, "che partita", key="discord:123")
    out = gate.annotate([lone, *busy])
    assert out[0].conversation_key == TWITCH
    assert "activity" in out[0].reasons
    twitch_line = next(p for p in out if p.text == "che partita" and p.conversation_key == TWITCH)
    assert twitch_line.priority > next(p for p in out if p.conversation_key == "discord:123").priority


def test_noise_and_idle_are_not_activity():
    _, gate = gate_at()
    idle = Perception(PerceptionKind.IDLE, "idle", "[idle] nothing for 240 s", meta={"conversation_key": TWITCH})
    gate.annotate([heartbeat(), heartbeat(), idle])
    [p] = gate.annotate([line(LUCA, "ciao")])
    assert p.reasons == ("salience 0.50", "activity")             # only its own line counted
    assert p.priority == pytest.approx(0.5 + 0.25 / 6)


def test_her_long_silence_lifts_the_score_and_speaking_resets_it():
    clock, gate = gate_at()
    clock.advance(200)
    assert "long silence" in gate.annotate([line(LUCA, "c'è qualcuno?", key="yt")])[0].reasons
    gate.note_spoke("discord:123")
    clock.advance(30)
    assert "long silence" not in gate.annotate([line(LUCA, "c'è qualcuno?", key="yt")])[0].reasons


def test_an_addressed_line_goes_ahead_of_a_score_that_reached_one():
    _, gate = gate_at()
    loud = line(GIULIA, "Elden Ring DLC? sì o no?", salience=1.0)
    called = line(LUCA, "Beatrice", salience=0.1)
    out = gate.annotate([loud, called])
    assert [p.priority for p in out] == [1.0, 1.0]
    assert out[0].text == "Beatrice"


def test_settings_changes_apply_to_the_next_batch():
    _, gate = gate_at()
    assert gate.annotate([line(LUCA, "parliamo di Zelda")])[0].reasons == ("salience 0.50", "activity")
    gate.hot_names = ("Zelda",)
    gate.names = ("Trixie",)
    out = gate.annotate([line(LUCA, "parliamo di Zelda"), line(MARCO, "trixie!")])
    assert out[0].reasons == ("addressed: her name",)
    assert "hot" in out[1].reasons
