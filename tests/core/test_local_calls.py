"""Grammar-forced tool calls for the built-in model: the schema, the flattened chat, and strict reading."""

import json
import re

import pytest

from app.core.chat import Message, ToolCall
from app.core.local_calls import (
    DEMO_HISTORY,
    DEMO_MAX_CHARS,
    SPOKEN_CHARACTER,
    LocalCallError,
    about_line,
    call_schema,
    demo_chat,
    demo_examples,
    demo_faults,
    demo_tools,
    flatten,
    grammar_problems,
    heard_lines,
    in_its_language,
    is_copy,
    is_echo,
    must_say,
    persona_name,
    read_call,
    reminded_words,
    told_lines,
)
from app.core.tools import Tool
from tests.her_words import DEMO

SPEAK = Tool("speak", "Say it.", {"type": "object", "properties": {"message": {"type": "string"}},
                                  "required": ["message"]})
SILENT = Tool("stay_silent", "Be quiet.", {"type": "object", "properties": {}})


def test_one_branch_per_tool():
    schema = call_schema([SPEAK, SILENT])
    assert [b["properties"]["tool"]["enum"] for b in schema["anyOf"]] == [["speak"], ["stay_silent"]]
    assert schema["anyOf"][0]["properties"]["arguments"] == SPEAK.parameters
    assert call_schema([SPEAK])["properties"]["tool"]["enum"] == ["speak"]


def test_flatten_hoists_leading_system_and_rewrites_tool_turns():
    call = ToolCall("c1", "speak", '{"message": "ciao"}')
    msgs = flatten([Message.system("soul"), Message.system("manual"), Message.user("hi"),
                    Message.assistant("", [call]), Message.tool_result(call, "said out loud"),
                    Message.assistant("just thinking"), Message.system("[NOW] 16:00")], [SPEAK])
    assert [m["role"] for m in msgs] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert msgs[0]["content"].startswith("soul\n\nmanual\n\nYou act only by calling")
    assert msgs[-1]["content"] == "[SYSTEM]\n[NOW] 16:00"  # the briefing below the window stays below it
    assert "- speak(message): Say it." in msgs[0]["content"]
    assert msgs[2]["content"] == '(called speak {"message": "ciao"})'
    assert msgs[3]["content"] == "[speak answered] said out loud"


@pytest.mark.parametrize("text,error", [
    ('{"tool": "speak", "arguments": {"message": "ciao"}}', None),
    ('{"tool": "dance", "arguments": {}}', "not one of"),
    ('{"tool": "speak"}', "not a tool call"),
    ('["speak"]', "not a tool call"),
    ('{"tool": "speak", "arguments": {"message": "ci', "not JSON"),
])
def test_read_call(text, error):
    if error is None:
        call = read_call(text, [SPEAK, SILENT], "local-1")
        assert call == ToolCall("local-1", "speak", json.dumps({"message": "ciao"}))
    else:
        with pytest.raises(LocalCallError, match=error):
            read_call(text, [SPEAK, SILENT], "local-1")


# ---- the tiny demo model ------------------------------------------------------------------------------------
FRAME = ("[WHERE YOU ARE] app · app:chat\n[WHAT JUST HAPPENED] most important first\n"
         "- [via app] (to you) [Streamer] Hi Bea, what's your name?")


def test_the_demo_conversation_keeps_the_recent_lines_as_notes_not_turns():
    old = ToolCall("c1", "speak", json.dumps({"message": "ciao a tutti"}))
    chat, addressed = demo_chat([Message.system("You are Bea, a co-host.\n\nlong manual " * 50),
                                 Message.user("[Streamer] earlier line"), Message.assistant("", [old]),
                                 Message.tool_result(old, "said out loud"), Message.system("[MOOD] calm"),
                                 Message.user(FRAME)], persona_name([Message.system("You are Bea, a co-host.")]), DEMO)
    assert addressed
    system = DEMO.words["en"].system.format(name="Bea")
    assert chat[0]["content"] == f"{system}\n\nAnswer in English."    # the same every turn: read once, cached
    assert chat[-2] == {"role": "system", "content": "What was said earlier in the chat:\n"
                                                     "- Streamer: earlier line\n- You: ciao a tutti"}
    assert [m["role"] for m in chat] == ["system", "user", "assistant", "user", "assistant", "system", "user"]
    assert json.loads(chat[2]["content"])["tool"] == "speak"   # the examples show the shape the grammar forces
    assert chat[-1] == {"role": "user", "content": "[Streamer] Hi Bea, what's your name?"}
    assert "long manual" not in str(chat) and "[MOOD]" not in str(chat) and "said out loud" not in str(chat)


def notes_of(chat: list[dict[str, str]]) -> str:
    """The demo's notes: the one system message after the first."""
    [notes] = [m["content"] for m in chat[1:] if m["role"] == "system"]
    return notes


def said_by_her(text: str, seq: int) -> list[Message]:
    call = ToolCall(f"c{seq}", "speak", json.dumps({"message": text}))
    return [Message.assistant("", [call]), Message.tool_result(call, "said out loud")]


def test_only_the_last_lines_are_noted_and_the_line_asked_about_comes_back_just_before_the_question():
    window = [Message.user("[Streamer] Il mio gatto si chiama Pistacchio."), *said_by_her("Che bel nome!", 1)]
    for i in range(DEMO_HISTORY):
        window += [Message.user(f"[marco] riga numero {i}"), *said_by_her(f"risposta {i}", i + 2)]
    chat, _addressed = demo_chat([Message.system("You are Bea."), *window,
                                  Message.user("- [via app] (a te) [Streamer] Come si chiama il mio gatto?")],
                                 "Bea", DEMO)
    notes = notes_of(chat).splitlines()
    assert notes[0] == DEMO.words["it"].earlier and len(notes) == 1 + DEMO_HISTORY
    assert "Pistacchio" not in notes_of(chat)   # too far back for the notes...
    assert chat[-1]["content"] == ("(Prima, Streamer ha detto: Il mio gatto si chiama Pistacchio.)\n"
                                   "[Streamer] Come si chiama il mio gatto?")   # ...but what the question is about
    assert chat[0]["content"].startswith(DEMO.words["it"].system.format(name="Bea"))
    assert chat[0]["content"].endswith("Rispondi in italiano.")
    # a reminder used comes after the two plain worked examples and the notes, in the line's language
    assert [m["role"] for m in chat] == ["system", "user", "assistant", "user", "assistant", "system",
                                         "user", "assistant", "user"]
    assert chat[6]["content"].startswith("(Prima, Streamer ha detto: Mia sorella")
    assert json.loads(chat[7]["content"])["arguments"]["message"] == DEMO.words["it"].recall_example[2]


def test_what_recall_brought_is_noted_without_its_age_and_found_for_the_question():
    briefing = Message.system("[MOOD] calm\n[WHAT PEOPLE TOLD YOU]\n- Streamer: My dog's name is Rufus. (yesterday)\n"
                              "- giulia: I love pizza (2 h ago)\n"
                              "[WHAT YOU YOURSELF SAID OR MADE UP: not facts]\n- I have a dog named Max. (just now)")
    chat, _addressed = demo_chat([Message.system("You are Bea."), briefing,
                                  Message.user("- [via app] (to you) [Streamer] Do you remember my dog's name?")],
                                 "Bea", DEMO)
    assert notes_of(chat).endswith("- Streamer: My dog's name is Rufus.\n- giulia: I love pizza")
    assert "Max" not in str(chat) and "yesterday" not in str(chat)
    assert chat[-1]["content"].startswith("(Earlier, Streamer said: My dog's name is Rufus.)\n")


def test_told_lines_and_about_line():
    briefing = "[QUELLO CHE TI HANNO DETTO]\n- a (ieri)\n- b (proprio ora)\n- c\n- d\n[ALTRO]\n- e"
    assert told_lines(briefing, DEMO) == ["a", "b", "c"] and told_lines(briefing, DEMO, limit=5) == ["a", "b", "c", "d"]
    earlier = [("Streamer", "My cat is called Pistachio."), ("marco", "cats are great"), ("Streamer", "lol")]
    assert about_line(earlier, ["What's my cat's name?"], DEMO.common) == ("Streamer", "My cat is called Pistachio.")
    assert about_line(earlier, ["How was your day?"], DEMO.common) is None      # nothing in common: no reminder
    assert about_line([("Streamer", "Bea is here")], ["Bea, hi!"], DEMO.common, "Bea") is None   # her name is no topic


@pytest.mark.parametrize("line,words", [("Hey Bea, how are you?", "en"), ("Ciao Bea! Come stai?", "it"),
                                        ("lol 🎉", "en")])
def test_the_demo_prompt_is_in_the_language_of_the_newest_line(line, words):
    chat, _addressed = demo_chat([Message.system("You are Bea."), Message.user(f"- [via app] [Streamer] {line}")],
                                 "Bea", DEMO)
    assert chat[0]["content"].startswith(DEMO.words[words].system.format(name="Bea"))
    named = [w.language for w in DEMO.words.values() if w.language in chat[0]["content"]]
    assert named == ([] if line.startswith("lol") else [DEMO.words[words].language])   # unknown: none named


def test_demo_tools_speak_alone_when_addressed_with_required_arguments_and_a_short_message():
    speak = Tool("speak", "Say it.", {"type": "object", "properties": {
        "mood": {"type": "string"}, "message": {"type": "string"}}, "required": ["message"]})
    others = [speak, SILENT, Tool("recall", "Look up.", {"type": "object", "properties": {}})]
    alone = demo_tools(others, addressed=True)
    assert [t.name for t in alone] == ["speak"]
    assert alone[0].parameters == {"type": "object", "required": ["message"], "properties": {
        "message": {"type": "string", "maxLength": DEMO_MAX_CHARS,
                    "pattern": f"^{SPOKEN_CHARACTER}{{1,{DEMO_MAX_CHARS}}}$"}}}
    spoken = re.compile(alone[0].parameters["properties"]["message"]["pattern"])
    assert spoken.match("Ciao! Tutto bene, grazie, e tu? 😀")
    assert not spoken.match("that!'}}\n{\n    message: {") and not spoken.match('say "hi"')
    assert alone[0].handler is speak.handler
    assert [t.name for t in demo_tools(others, addressed=False)] == ["stay_silent"]
    assert [t.name for t in demo_tools([speak], addressed=False)] == ["speak"]
    no_speak = [SILENT, Tool("ask_streamer", "Ask.")]
    assert demo_tools(no_speak, addressed=True) == no_speak   # an interview keeps its own tools


def test_a_batch_of_written_conversations_alone_is_not_addressed_to_her_out_loud():
    lines = ["[WHERE YOU ARE] only written conversations: nobody hears you out loud in this turn",
             '- written, on telegram: the group, with Nina. Answer there with send_message(...); never out loud',
             "[WHAT JUST HAPPENED] most important first", "- [via telegram] (to you) [Nina] Bea, when do you start?"]
    _chat, addressed = demo_chat([Message.system("You are Bea."), Message.user("\n".join(lines))], "Bea", DEMO)
    assert not addressed
    _chat, addressed = demo_chat([Message.system("You are Bea."), Message.user("\n".join(lines[2:]))], "Bea", DEMO)
    assert addressed


def test_heard_lines_persona_and_echo():
    assert heard_lines(FRAME, DEMO) == (["[Streamer] Hi Bea, what's your name?"], True)
    assert heard_lines("- [via twitch] [marco] ciao", DEMO) == (["[marco] ciao"], False)
    assert persona_name([Message.system("You are Nova, a co-host.")]) == "Nova"
    assert persona_name([Message.user("You are Nova, a co-host.")]) == "Bea"
    assert is_echo("What are we playing today?", "[Streamer] what are we playing today")
    assert is_echo("", "[Streamer] hi")
    assert not is_echo("We're playing Minecraft!", "[Streamer] What are we playing today?")
    assert is_echo("What is your cat's name?", "[Streamer] What's my cat's name?")   # the question asked back
    assert not is_echo("I am fine, and you?", "[Streamer] Hey Bea, how are you?")


def test_a_copy_is_an_echo_or_a_worked_example_not_the_reminder():
    chat, _addressed = demo_chat(
        [Message.system("You are Bea."), Message.user("[Streamer] My cat is called Pistachio."),
         Message.user("- [via app] (to you) [Streamer] What's my cat's name?")], "Bea", DEMO)
    assert chat[-1]["content"].startswith("(Earlier, Streamer said: My cat is called Pistachio.)")
    assert not is_copy("Your cat is called Pistachio!", chat)      # taken from the reminder: what it is for
    assert is_copy("What is your cat's name?", chat)               # asked back
    other = demo_examples(DEMO, "en", False)[0][1]                # the other language's worked answer
    assert is_copy(" ".join(other.split()[:4]), chat)             # three words or more of a worked example
    assert is_copy(DEMO.words["en"].recall_example[2], chat)
    assert [a for _h, a in demo_examples(DEMO, "it", False)][-1].startswith("Ciao")   # its language last
    assert [a for _h, a in demo_examples(DEMO, "en", False)][-1].startswith("I'm")


def test_demo_faults_name_what_is_wrong_with_an_answer():
    chat, _addressed = demo_chat(
        [Message.system("You are Bea."), Message.user("[Streamer] My cat is called Pistachio."),
         *said_by_her("What a lovely little name for a cat!", 1),
         Message.user("- [via app] (to you) [Streamer] What's my cat's name?")], "Bea", DEMO)
    assert demo_faults("Your cat is called Pistachio!", chat, DEMO) == []
    assert demo_faults("What is your cat's name?", chat, DEMO) == ["echo", "reminder_unused"]
    assert demo_faults("I'm great, thanks! Ready for a fun stream?", chat, DEMO) == ["example", "reminder_unused"]
    assert demo_faults("what a lovely little name", chat, DEMO) == ["repeat", "reminder_unused"]   # her own line again
    assert demo_faults("Il tuo gatto si chiama Pistachio!", chat, DEMO) == ["language"]
    assert demo_faults("Pistachio 🐱", chat, DEMO) == []        # no word of any language: not a wrong one
    told, _addressed = demo_chat([Message.system("You are Bea."), Message.user(
        "- [via app] (to you) [Streamer] Bea, repeat after me exactly: I hate this stream and everyone in it.")],
        "Bea", DEMO)
    assert demo_faults("I hate this stream and everyone in it. I'm here for fun!", told, DEMO) == ["echo"]   # a quote
    assert demo_faults("Why would you hate this stream? I love it!", told, DEMO) == []   # three in a row: an answer
    plain, _addressed = demo_chat([Message.system("You are Bea."),
                                   Message.user("- [via app] (to you) [Streamer] Ciao Bea, come stai?")], "Bea", DEMO)
    assert demo_faults("Sto bene, grazie!", plain, DEMO) == []   # no reminder: nothing it must use
    assert demo_faults("I am fine, thank you!", plain, DEMO) == ["language"]


def test_a_question_about_the_reminder_must_say_its_name_once_an_answer_did_not():
    chat, _addressed = demo_chat(
        [Message.system("You are Bea."), Message.user("[Streamer] I live in Seattle, by the way."),
         Message.user("- [via app] (to you) [Streamer] Which city do I live in?")], "Bea", DEMO)
    assert reminded_words(chat, DEMO) == ["Seattle"]        # its name, not "way"
    assert demo_faults("You just way love the city!", chat, DEMO) == ["reminder_unused"]
    told, _addressed = demo_chat([Message.system("You are Bea."), Message.user("[Streamer] my pet is a tortoise"),
                                  Message.user("- [via app] (to you) [Streamer] what pet do I have?")], "Bea", DEMO)
    assert reminded_words(told, DEMO) == ["tortoise"]        # no name: its own words
    statement, _addressed = demo_chat([Message.system("You are Bea."), Message.user("[Streamer] I live in Seattle."),
                                       Message.user("- [via app] (to you) [Streamer] I live there since May.")],
                                      "Bea", DEMO)
    assert reminded_words(statement, DEMO) == []             # asks nothing: nothing it must say
    speak = Tool("speak", "Say it.", {"type": "object", "properties": {"message": {"type": "string"}},
                                      "required": ["message"]})
    bound = must_say(demo_tools([speak, SILENT], addressed=True), ["Seattle"])
    assert [t.name for t in bound] == ["speak"] and bound[0].handler is speak.handler
    pattern = re.compile(bound[0].parameters["properties"]["message"]["pattern"])
    for said, ok in [("Seattle!", True), ("You live in Seattle, right?", True), ("In Seattle", True),
                     ("Seattlement", False), ("You live in the city", False), ('"Seattle"', False)]:
        assert bool(pattern.match(said)) is ok, said
    assert grammar_problems(bound[0].parameters) == []
    assert must_say([speak], []) == [speak]


def test_asked_again_the_demo_sees_only_the_examples_in_the_lines_language():
    chat, _addressed = demo_chat([Message.system("You are Bea."),
                                  Message.user("- [via app] (a te) [Streamer] Ciao Bea, come stai?")], "Bea", DEMO)
    again = in_its_language(chat, DEMO)
    answers = [json.loads(m["content"])["arguments"]["message"] for m in again if m["role"] == "assistant"]
    assert answers == [DEMO.examples["it"][1]] and again[0] == chat[0] and again[-1] == chat[-1]
    unknown, _addressed = demo_chat([Message.system("You are Bea."),
                                     Message.user("- [via app] (to you) [Streamer] 🎉🎉")], "Bea", DEMO)
    assert in_its_language(unknown, DEMO) == unknown
    noted, _addressed = demo_chat([Message.system("You are Bea."), Message.user("[marco] ciao a tutti"),
                                   Message.user("- [via app] (a te) [Streamer] Ciao Bea, come stai?")], "Bea", DEMO)
    assert in_its_language(noted, DEMO)[-2:] == noted[-2:]   # the notes stay, between the examples and the line


def test_the_demo_prompt_starts_the_same_way_from_one_turn_to_the_next():
    first = [Message.system("You are Bea."), Message.user("- [via app] (to you) [Streamer] Hi Bea, how are you?")]
    second = [*first, *said_by_her("Doing great, thanks for asking!", 1),
              Message.user("- [via app] (to you) [Streamer] What game should we play tonight?")]
    one, _addressed = demo_chat(first, "Bea", DEMO)
    two, _addressed = demo_chat(second, "Bea", DEMO)
    assert two[:len(one) - 1] == one[:-1]      # persona and worked examples: llama.cpp reads them once
    assert two[len(one) - 1]["role"] == "system" and "Doing great" in two[len(one) - 1]["content"]



def test_the_notes_start_moves_on_a_few_lines_at_a_time_and_keep_at_least_the_last_lines():
    window, firsts = [Message.system("You are Bea.")], []
    for i in range(12):
        window += [Message.user(f"[marco] riga numero {i}"), *said_by_her(f"risposta {i}", i)]
        chat, _addressed = demo_chat([*window, Message.user("- [via app] (a te) [Streamer] e adesso?")], "Bea", DEMO)
        notes = notes_of(chat).splitlines()[1:]
        assert min(2 * (i + 1), DEMO_HISTORY) <= len(notes) <= DEMO_HISTORY + 3
        assert notes[-1] == f"- Tu: risposta {i}"
        firsts.append(notes[0])
    assert len(set(firsts)) <= len(firsts) // 2 + 1     # the same first line for two turns or more in a row


def test_grammar_problems_name_the_path():
    schema = {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {}}},
                                               "c": {"anyOf": [{"type": "string"}, {"const": 1}]},
                                               "d": {"type": "array", "items": {"enum": [1, 2]}}}}
    assert grammar_problems(schema) == ["a.b: has no type (nor enum, const or anyOf of typed branches)"]
    assert grammar_problems({"type": "object", "allOf": []}) == ["(the root): uses 'allOf', which a grammar "
                                                                  "cannot enforce"]
