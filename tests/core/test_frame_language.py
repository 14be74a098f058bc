"""The frame's own words are in the language of her words' catalog: an Italian stream's frames, headers and
nudges are Italian; a language with no catalog reads English. What the senses wrote (the lines, a
conversation's place), platforms, channels, tool names and [via ...] are unchanged."""

import re

import pytest

from app.core import frame
from app.core.attention import ADDRESSED
from app.core.local_calls import heard_lines
from app.core.perception import Author, Meta, Perception, PerceptionKind
from tests.core.test_written_frame import stage, written
from tests.her_words import CATALOGS, DEMO, EN, IT


def to_her(p: Perception) -> Perception:
    return p.annotated(1.0, (f"{ADDRESSED}her name",))


def test_an_italian_frame_names_where_she_is_and_what_just_happened_in_italian():
    batch = [stage("ciao bea"), written("ciao", "marco"), written("ci sei?", "giulia")]
    lines = frame.perception_frame(batch, IT).splitlines()
    assert lines[0] == "[DOVE SEI] twitch · twitch:#bea"
    assert lines[1] == ('- per iscritto, su telegram: the group Night Owls, con marco e giulia. Rispondi lì con '
                        'send_message(platform="telegram", channel="-100123", text=...); mai ad alta voce')
    assert lines[2] == "[COSA È APPENA SUCCESSO] il più importante per primo"
    assert lines[3:] == ["- [via twitch] [luca] ciao bea", "- [via telegram] [marco] ciao",
                         "- [via telegram] [giulia] ci sei?"]
    text = "\n".join(lines)
    for english in ("[WHERE YOU ARE]", "[WHAT JUST HAPPENED]", "most important first", "written, on",
                    "Answer there with", "never out loud", " and "):
        assert english not in text


def test_only_written_conversations_and_a_crowd_in_italian():
    crowd = [written(f"riga {i}", f"p{i}") for i in range(11)]
    head, place = frame.where_you_are(crowd, IT).splitlines()
    assert head == "[DOVE SEI] solo conversazioni scritte: in questo turno nessuno ti sente ad alta voce"
    assert ", con p0, p1, p2, p3, p4, p5, p6, p7 e altri 3. Rispondi lì" in place
    assert frame.names(["Marco"], IT) == "Marco"
    assert frame.names(["Marco", "Giulia", "Ann"], IT) == "Marco, Giulia e Ann"


def test_a_line_said_to_her_is_marked_in_italian_and_the_demo_model_still_reads_it():
    text = frame.perception_frame([to_her(stage("bea, come va?"))], IT)
    assert "- [via twitch] (a te) [luca] bea, come va?" in text and "(to you)" not in text
    assert heard_lines(text, DEMO) == (["[luca] bea, come va?"], True)
    assert heard_lines(frame.perception_frame([to_her(stage("hi bea"))], EN), DEMO) == (["[luca] hi bea"], True)


def test_steering_and_follow_ups_in_italian():
    fresh = [written("anch'io", "giulia", key="telegram:7", place="a private chat")]
    text = frame.steering_frame(fresh, [stage("e poi?")], IT)
    lines = text.splitlines()
    assert lines[0] == "[MENTRE PENSAVI] questo è appena arrivato"
    assert lines[2].startswith("- per iscritto, su telegram: a private chat, con giulia. Rispondi lì con "
                               'send_message(platform="telegram", channel="7"')
    assert lines[3].startswith("[QUELLO CHE HANNO DETTO DOPO] in una conversazione a cui hai già risposto")
    assert "WHILE YOU WERE THINKING" not in text and "THE NEXT THING THEY SAID" not in text


def test_the_nudges_in_italian_keep_the_tool_names():
    nudge = frame.nudge_written([[written("ciao", "marco")]], IT, out_loud=True)
    head, place = nudge.splitlines()
    assert head.startswith("[NESSUNO L'HA LETTO] il testo semplice è la tua voce interiore")
    assert "con `send_message`, e alla diretta ad alta voce con `speak`, oppure scegli `stay_silent`" in head
    assert place.startswith("- per iscritto, su telegram: the group Night Owls, con marco.")
    assert "`speak`" not in frame.nudge_written([[written("ciao", "marco")]], IT)
    it = frame.words(IT)
    assert it.nudge_no_tool.startswith("[NESSUNO TI HA SENTITA]") and "`send_message`" in it.nudge_no_tool
    assert it.nudge_follow_up.startswith("[ANCORA IN ATTESA]") and "`stay_silent`" in it.nudge_follow_up


def test_english_is_the_fallback():
    batch = [stage("hi bea"), written("ciao", "marco")]
    assert frame.perception_frame(batch, CATALOGS.pick("de")) == frame.perception_frame(batch, EN)
    assert frame.words(CATALOGS.pick("de")) == frame.words(EN)
    english = frame.words(EN)
    assert english.now == "[WHAT JUST HAPPENED] most important first"
    assert english.nudge_no_tool.startswith("[NOBODY HEARD YOU]") and "`send_message`" in english.nudge_no_tool


@pytest.mark.parametrize("language", CATALOGS.languages)
def test_every_language_has_every_word_and_the_same_tools(language):
    words, english = frame.words(CATALOGS[language]), frame.words(EN)
    for field in frame.FrameWords.__dataclass_fields__:
        text, source = getattr(words, field), getattr(english, field)
        assert text.strip()
        assert re.findall(r"`(\w+)`", text) == re.findall(r"`(\w+)`", source), field
        assert re.findall(r"\{\w+\}", text) == re.findall(r"\{\w+\}", source), field


def test_nothing_the_senses_wrote_is_translated():
    nameless = Perception(PerceptionKind.CHAT, "telegram", "[the group] was renamed",
                          meta={Meta.WRITTEN: True, Meta.CONVERSATION_KEY: "telegram:-1", Meta.TEXT: "x"},
                          author=Author("telegram", "id-x", "x"))
    assert "- [via telegram] [the group] was renamed" in frame.perception_frame([nameless], IT)
