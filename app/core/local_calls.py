"""Tool calling for a small local model that has no native tool calls: the model fills in a JSON object
whose shape is forced by a grammar, and the object is read back as one tool call.

Theory of operation:
1. The tools become one JSON schema: anyOf, one branch per tool, {"tool": <its name>, "arguments": <its
   parameters>}. Constrained decoding can then only produce a call that names a real tool with arguments
   of the right shape.
2. The conversation is flattened to the roles every chat template knows (system, user, assistant): her
   earlier calls become a short assistant line, and tool answers a user line, so a template that has no
   tool role still reads the history.
3. Only the leading system messages are hoisted into the one system message (with the tools and the answer
   format appended: some templates accept only one system message, and only first); a system message further
   down, like the per-turn briefing below the window, stays in place as a marked user line, so the prefix
   before it stays the same from turn to turn.
4. The reply is parsed strictly; anything but one object naming a known tool is a malformed answer.
5. A schema is grammar-ready when every value in it says what it is (a type, an enum, a const, a $ref, or
   anyOf/oneOf of branches that do) and it uses no keyword a grammar cannot enforce (not, if/then/else,
   allOf, patternProperties, ...). grammar_problems() names each breach by its property path, so a tool
   that cannot be constrained is refused by name instead of being sampled as free JSON.
6. A tiny demo model gets a conversation it can follow (demo_chat): a short system prompt in the language of
   the newest line (app.core.line_language; a line in no known language gets English, naming none), two
   worked examples in exactly the shape the grammar forces, and the lines just heard without the frame's
   headers. What came before is not replayed as turns (a 135M model copies them): the last lines of the window
   (DEMO_HISTORY or a few more, theirs and hers, from a start that moves on a few lines at a time), then the
   first lines of the briefing's recall block (what people told her, without their ages) are notes in a system
   message after the two plain worked examples. What stays the same from turn to turn comes first, so
   llama.cpp reads again only what changed (its cache keeps the longest start two prompts share). The one
   earlier line the newest is about (the most topic words in common) is said again just before it,
   where so small a model reads it, with a worked example of a reminder used after the plain ones (it asked
   the question back without one). It is offered only
   `speak` or `stay_silent`, with their required arguments and a short message (demo_tools): `speak` to a
   line addressed to her out loud, silence to anything else (it cannot tell a line it should join from one it
   should leave: offered both, it spoke to 2 of 2 busy chats; and it cannot write, so a batch of written
   conversations alone, which nobody hears out loud, is not addressed to it out loud).
7. A tiny model's answer is checked before it is said (demo_faults): it echoes, quotes or asks back the line
   heard, copies a worked example, says one of her own earlier lines again, comes in another language than the
   line, or answers a question about the reminder without the reminder's name. A faulty answer is asked again,
   warmer each time, with only the worked examples in the line's language (in_its_language), and, once an
   answer talked past its reminder, with a grammar whose message must say the reminder's name (must_say); the
   answer with the lightest faults is kept. Its message can hold no brace, bracket, quote or line break
   (SPOKEN_CHARACTER): where a tiny model's string turns into more JSON, the grammar ends it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.core import frame
from app.core.chat import Message, Role, ToolCall
from app.core.her_words import SOURCE, Catalogs
from app.core.line_language import CommonWords, language_of, topic_words
from app.core.tools import Tool


class LocalCallError(ValueError):
    pass


# keywords that change what a value may be but that a grammar cannot enforce (llama.cpp ignores them)
UNSUPPORTED = ("not", "if", "then", "else", "allOf", "patternProperties", "dependentSchemas",
               "dependentRequired", "unevaluatedProperties", "unevaluatedItems", "contains", "propertyNames")
_SAYS_WHAT = ("type", "enum", "const", "$ref")


def grammar_problems(schema: Any, path: str = "") -> list[str]:
    """Each place in `schema` a grammar cannot be built from, as "<property path>: <why>" (path "" is the
    root, "a.b" a nested property, "a[]" the items of a)."""
    where = path or "(the root)"
    if not isinstance(schema, dict):
        return [f"{where}: a schema must be an object, not {type(schema).__name__}"]
    problems = [f"{where}: uses {key!r}, which a grammar cannot enforce" for key in UNSUPPORTED if key in schema]
    branches = schema.get("anyOf", schema.get("oneOf"))
    if branches is not None:
        if not isinstance(branches, list) or not branches:
            return [*problems, f"{where}: anyOf/oneOf needs a list of schemas"]
        for i, branch in enumerate(branches):
            problems += grammar_problems(branch, f"{path}<{i}>")
    elif not any(key in schema for key in _SAYS_WHAT):
        problems.append(f"{where}: has no type (nor enum, const or anyOf of typed branches)")
    for name, sub in (schema.get("properties") or {}).items():
        problems += grammar_problems(sub, f"{path}.{name}" if path else name)
    for key, suffix in (("items", "[]"), ("additionalProperties", "{*}")):
        sub = schema.get(key)
        if isinstance(sub, dict):
            problems += grammar_problems(sub, f"{path}{suffix}")
    return problems


def call_schema(tools: Sequence[Tool]) -> dict[str, Any]:
    branches = [{"type": "object",
                 "properties": {"tool": {"type": "string", "enum": [t.name]}, "arguments": t.parameters},
                 "required": ["tool", "arguments"]} for t in tools]
    return branches[0] if len(branches) == 1 else {"anyOf": branches}


def tool_guide(tools: Sequence[Tool]) -> str:
    lines = ["You act only by calling one of these tools. Reply with one JSON object: "
             '{"tool": "<name>", "arguments": {...}}.']
    for t in tools:
        props = ", ".join(t.parameters.get("properties", {})) or "no arguments"
        lines.append(f"- {t.name}({props}): {t.description}")
    return "\n".join(lines)


def flatten(messages: Sequence[Message], tools: Sequence[Tool]) -> list[dict[str, str]]:
    lead = 0
    while lead < len(messages) and messages[lead].role is Role.SYSTEM:
        lead += 1
    system = [m.content for m in messages[:lead] if m.content]
    if tools:
        system.append(tool_guide(tools))
    out: list[dict[str, str]] = [{"role": "system", "content": "\n\n".join(system)}] if system else []
    for m in messages[lead:]:
        if m.role is Role.SYSTEM:
            out.append({"role": "user", "content": f"[SYSTEM]\n{m.content}"})
            continue
        if m.role is Role.ASSISTANT:
            said = [f"(called {c.name} {c.arguments})" for c in m.tool_calls]
            text = "\n".join([m.content, *said]).strip()
            out.append({"role": "assistant", "content": text or "(thought silently)"})
        elif m.role is Role.TOOL:
            out.append({"role": "user", "content": f"[{m.name or 'tool'} answered] {m.content}"})
        else:
            out.append({"role": "user", "content": m.content})
    return out


def read_call(text: str, tools: Sequence[Tool], call_id: str) -> ToolCall:
    # the answer is never quoted in the error: it may hold chat or her draft reply, and errors reach the log;
    # raw control characters inside strings (a tiny model writes newlines there) are let through
    try:
        value = json.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise LocalCallError(f"the model's answer is not JSON ({exc.msg} at character {exc.pos} of "
                             f"{len(text)})") from None
    if not isinstance(value, dict) or not isinstance(value.get("arguments"), dict):
        raise LocalCallError(f"the model's answer is not a tool call (a JSON {type(value).__name__} without "
                             "an arguments object)")
    names = {t.name for t in tools}
    if value.get("tool") not in names:
        raise LocalCallError(f"the model called {value.get('tool')!r}, which is not one of {sorted(names)}")
    return ToolCall(call_id, value["tool"], json.dumps(value["arguments"], ensure_ascii=False))


# ---- the tiny demo model (rule 6) ----------------------------------------------------------------------------
DEMO_MAX_CHARS = 160   # one or two sentences out loud
DEMO_HISTORY = 6       # the fewest earlier lines of the conversation she is reminded of (theirs and hers)
DEMO_HISTORY_STEP = 4  # the notes' first line moves on this many lines at a time (so 6 to 9 lines are noted)
DEMO_RECALLED = 3      # lines of her recall block she is reminded of
# a character of a line said out loud: no brace, bracket, quote, backslash or line break, which is where a tiny
# model's string turns into more JSON ("...that!'}}\n{\n message: {")
SPOKEN_CHARACTER = r'[^{}\[\]"\\\n\r\t]'
DEMO_LINE_CHARS = 200  # an earlier line longer than this is cut: a note, not a transcript
_PERSONA = re.compile(r"\bYou are ([^,.;:\n]{1,40})[,.;:]")
_SPEAKER = re.compile(r"^\[(?P<who>[^\]]{1,40})\] (?P<text>.+)$")
_AGE = re.compile(r" \([^()]*\)$")   # the recall block's "(2 h ago)" after each line


@dataclass(frozen=True)
class DemoWords:
    system: str       # {name}
    language: str     # the sentence that names the language of the newest line
    earlier: str      # the header of the earlier lines
    you: str          # her own earlier lines are said by...
    reminder: str     # {who} {text}: the earlier line the newest is about, just before it
    someone: str      # {who} of a remembered line that names nobody
    recall_example: tuple[str, str, str]   # a reminder, the question it answers, and her answer from it


@dataclass(frozen=True)
class DemoLanguages:
    """What the demo needs of every catalog: a frame or a briefing may be in any of her languages, and the
    demo's own prompt is in the language of the line she answers (a 135M model answers in the language it is
    spoken to far more often when the whole prompt is in it; a line in no known language gets the source
    language's words and no language named)."""
    words: dict[str, DemoWords]
    examples: dict[str, tuple[str, str]]   # one worked example a language: the shape of an answer
    common: CommonWords
    heard: re.Pattern[str]                 # a frame's line, "(to you)" in any language
    told: tuple[str, ...]                  # "[WHAT PEOPLE TOLD YOU]", every language
    nudges: tuple[str, ...]                # the loop's nudges' markers ("[STILL WAITING]"...): a grammar forces a call
    nobody_out_loud: tuple[str, ...]
    mine: tuple[str, ...]                  # her own lines among the notes: "- You: ", every language
    reminders: tuple[re.Pattern[str], ...]

    @classmethod
    def of(cls, catalogs: Catalogs) -> DemoLanguages:
        codes = catalogs.languages
        words = {c: _demo_words(catalogs[c].section("demo")) for c in codes}
        frames = [frame.words(catalogs[c]) for c in codes]
        to_you = "|".join(re.escape(f.to_you) for f in frames)
        return cls(
            words=words,
            examples={c: tuple(catalogs[c].texts("demo.example")) for c in codes},  # type: ignore[misc]
            common=CommonWords.of(catalogs),
            heard=re.compile(rf"^- \[via [^\]]*\](?P<to> (?:{to_you}))? (?P<text>.*)$"),
            told=tuple(catalogs[c].text("recall.told") for c in codes),
            nudges=tuple(text[:text.index("]") + 1] for f in frames for text in (f.nudge_follow_up, f.nudge_no_tool)),
            nobody_out_loud=tuple(f.nobody_out_loud for f in frames),
            mine=tuple(f"- {w.you}: " for w in words.values()),
            reminders=tuple(re.compile(re.escape(w.reminder).replace(re.escape("{who}"), "(?P<who>.*?)")
                                       .replace(re.escape("{text}"), "(?P<text>.*)") + "$") for w in words.values()))

    def words_for(self, language: str) -> DemoWords:
        return self.words.get(language) or self.words[SOURCE]


def _demo_words(section: dict[str, Any]) -> DemoWords:
    fields = {k: v for k, v in section.items() if k != "example"}
    return DemoWords(**{**fields, "recall_example": tuple(fields["recall_example"])})


def persona_name(messages: Sequence[Message], default: str = "Bea") -> str:
    """Her name as the leading system prompt says it ("You are Bea, ..."), else `default`."""
    for m in messages:
        if m.role is not Role.SYSTEM:
            break
        if found := _PERSONA.search(m.content):
            return found.group(1).strip()
    return default


def demo_tools(tools: Sequence[Tool], addressed: bool) -> list[Tool]:
    """speak alone when she was addressed out loud, else stay_silent alone (speak when there is none), with
    only their required arguments, strings capped; the tools unchanged when speak is not among them (a probe,
    an interview)."""
    by_name = {t.name: t for t in tools}
    if "speak" not in by_name:
        return list(tools)
    names = ["speak"] if addressed or "stay_silent" not in by_name else ["stay_silent"]
    return [replace(by_name[n], parameters=_required_only(by_name[n].parameters)) for n in names]


def _required_only(schema: dict[str, Any]) -> dict[str, Any]:
    required = list(schema.get("required", []))
    props = {}
    for name in required:
        prop = dict(schema.get("properties", {}).get(name, {}))
        if prop.get("type") == "string":
            most = min(int(prop.get("maxLength", DEMO_MAX_CHARS)), DEMO_MAX_CHARS)
            prop |= {"maxLength": most, "pattern": f"^{SPOKEN_CHARACTER}{{1,{most}}}$"}
        props[name] = prop
    return {"type": "object", "properties": props, "required": required}


def heard_lines(frame: str, langs: DemoLanguages) -> tuple[list[str], bool]:
    """The lines of a perception frame without its headers and provenance, and whether one was to her."""
    lines, addressed = [], False
    for row in frame.splitlines():
        if found := langs.heard.match(row):
            lines.append(found.group("text"))
            addressed = addressed or bool(found.group("to"))
    return lines, addressed


def _demo_call(name: str, arguments: dict[str, Any]) -> str:
    return json.dumps({"tool": name, "arguments": arguments}, ensure_ascii=False)


def demo_chat(messages: Sequence[Message], name: str, langs: DemoLanguages) -> tuple[list[dict[str, str]], bool]:
    """The conversation for the tiny demo model, and whether the newest lines were addressed to her out loud."""
    said: list[tuple[str, str]] = []    # (who, line): the conversation so far, oldest first; who "" is her
    newest: list[str] = []
    addressed = False
    recalled: list[str] = []
    for m in messages:
        if m.role is Role.USER:
            lines, to_her = heard_lines(m.content, langs)
            text = "\n".join(lines) if lines else m.content
            if not text or text.startswith(langs.nudges):
                continue
            if lines:   # only written conversations: nobody hears her out loud, and she cannot write
                addressed = to_her and not any(words in m.content for words in langs.nobody_out_loud)
            said += [_speaker(line) for line in newest]
            newest = text.splitlines()
        elif m.role is Role.ASSISTANT:
            said += [_speaker(line) for line in newest]
            newest = []
            said += [("", line) for line in _her_lines(m)]
        elif m.role is Role.SYSTEM and any(header in m.content for header in langs.told):
            recalled = told_lines(m.content, langs)
    language = language_of("\n".join(_speaker(line)[1] for line in newest), langs.common)
    w = langs.words_for(language)
    recent = said[_notes_start(len(said)):]
    # the lines of the conversation first, then what recall brought, which changes with every question
    notes = [*(f"- {who or w.you}: {text[:DEMO_LINE_CHARS]}" for who, text in recent),
             *(f"- {line}" for line in recalled if not _among(line, [text for _who, text in recent]))]
    system = "\n\n".join(part for part in (w.system.format(name=name), w.language if language else "") if part)
    theirs = [(who, text) for who, text in said if who] + [_told_by(line) for line in recalled]
    about = about_line(theirs, [_speaker(line)[1] for line in newest], langs.common, name)
    worked = [m for heard, answer in demo_examples(langs, language, about is not None)
              for m in ({"role": "user", "content": heard},
                        {"role": "assistant", "content": _demo_call("speak", {"message": answer})})]
    noted = [{"role": "system", "content": "\n".join([w.earlier, *notes])}] if notes else []
    reminder = [w.reminder.format(who=about[0] or w.someone, text=about[1][:DEMO_LINE_CHARS])] if about else []
    plain = len(worked) - 2 if about else len(worked)   # the reminder used comes last (demo_examples)
    # the plain examples, then the notes, then the reminder used, which only some turns have
    return [{"role": "system", "content": system}, *worked[:plain], *noted, *worked[plain:],
            {"role": "user", "content": "\n".join([*reminder, *newest])}], addressed


def _notes_start(lines: int) -> int:
    """Where the notes of the conversation begin among `lines` earlier lines: DEMO_HISTORY lines or a few more,
    the start moved on DEMO_HISTORY_STEP lines at a time, so most turns' notes begin as the last turn's did."""
    return max(0, lines - DEMO_HISTORY) // DEMO_HISTORY_STEP * DEMO_HISTORY_STEP


def demo_examples(langs: DemoLanguages, language: str, reminded: bool) -> tuple[tuple[str, str], ...]:
    """The two worked examples: a line and an answer in two languages, the newest line's language last (a 135M
    model copies the nearest answer's language: with the Italian one last, 3 of 6 English lines got Italian);
    when the newest line comes with the earlier line it is about, a reminder answered from comes after them (in
    the newest line's language): a 135M model asks the question back unless it has seen a reminder used. The
    two stay first either way, so the prompt's start is the same with or without it (llama.cpp's cache)."""
    w = langs.words_for(language)
    second = next((c for c in langs.examples if c != SOURCE), SOURCE)
    # two examples, never more (three or more get copied): another language's, then the line's, nearest to it;
    # a line in no known language gets the source's and one other's
    pair = (SOURCE, language) if language in langs.examples and language != SOURCE else (second, SOURCE)
    plain = tuple(langs.examples[c] for c in dict.fromkeys(pair if language in langs.examples else pair[::-1]))
    if not reminded:
        return plain
    told, asked, answer = w.recall_example
    return (*plain, (f"{w.reminder.format(who='Streamer', text=told)}\n{asked}", answer))


def about_line(earlier: Sequence[tuple[str, str]], newest: Sequence[str], common: CommonWords,
               name: str = "") -> tuple[str, str] | None:
    """The (who, line) of `earlier` that shares the most topic words with the newest lines (the latest of
    equals), when one shares any: "what's my cat's name?" finds "my cat is called Pistachio"."""
    asked = (set().union(*(topic_words(line, common) for line in newest)) - topic_words(name, common)
             if newest else set())
    best, found = 0, None
    for who, text in earlier:
        shared = len(asked & topic_words(text, common))
        if shared and shared >= best and not any(_among(text, [line]) for line in newest):
            best, found = shared, (who, text)
    return found


def told_lines(briefing: str, langs: DemoLanguages, limit: int = DEMO_RECALLED) -> list[str]:
    """The first `limit` lines of the briefing's block of what people told her, without their ages."""
    lines: list[str] = []
    inside = False
    for row in briefing.splitlines():
        if row.startswith("["):
            inside = row.startswith(langs.told)
        elif inside and row.startswith("- ") and len(lines) < limit:
            lines.append(_AGE.sub("", row[2:]).strip())
    return lines


def _speaker(line: str) -> tuple[str, str]:
    """("Streamer", "hi") from "[Streamer] hi"; a line with no speaker is ("", line)."""
    found = _SPEAKER.match(line)
    return (found.group("who"), found.group("text")) if found else ("?", line)


def _told_by(line: str) -> tuple[str, str]:
    """("Streamer", "my cat...") from a memory written "Streamer: my cat..."; ("", line) when it names nobody."""
    who, sep, text = line.partition(": ")
    return (who, text) if sep and 0 < len(who) <= 40 else ("", line)


def _her_lines(m: Message) -> list[str]:
    """What she said out loud or wrote in one assistant message."""
    out = []
    for c in m.tool_calls:
        if c.name in ("speak", "send_message"):
            try:
                args = json.loads(c.arguments)
            except json.JSONDecodeError:
                continue
            text = args.get("message", args.get("text", "")) if isinstance(args, dict) else ""
            if isinstance(text, str) and text.strip():
                out.append(text.strip())
    return out


def _letters(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def is_copy(said: str, chat: Sequence[dict[str, str]]) -> bool:
    """`said` echoes the newest line of the demo's `chat` (is_echo; the reminder before it is no line heard: an
    answer taken from it is what it is for), or is one of the answers its worked examples give, or three words
    or more of one."""
    words = _letters(said)
    given = []
    for m in chat[:-1]:
        if m["role"] == "assistant":
            try:
                given.append(_letters(str(json.loads(m["content"])["arguments"].get("message", ""))))
            except (json.JSONDecodeError, KeyError, AttributeError):
                continue
    return is_echo(said, _heard(chat)) or any(
        words == answer or (len(words.split()) >= 3 and words in answer) for answer in given if answer)


# what is wrong with a demo answer, and how much: the retry keeps the answer whose faults weigh least
FAULTS = {"echo": 4, "example": 4, "repeat": 3, "language": 2, "reminder_unused": 1}


def demo_faults(said: str, chat: Sequence[dict[str, str]], langs: DemoLanguages) -> list[str]:
    """What is wrong with `said` as the answer to the demo's `chat` (names of FAULTS, worst first): it echoes
    the newest line or copies a worked example (is_copy: "echo", "example"); it says again one of her own lines
    the notes hold ("repeat"); it is in another language than the newest line, when both are known
    ("language"); the newest line asks about the reminder before it and the answer holds none of its
    reminded_words ("reminder_unused": "what's my cat's name?" answered without "Pistachio")."""
    faults = []
    words = _letters(said)
    line = _letters(_speaker(_heard(chat))[1])
    quoted = _runs(line, QUOTED_WORDS) & _runs(words, QUOTED_WORDS)   # "repeat after me: ..." said back
    if is_copy(said, chat) or quoted or (len(line.split()) >= 3 and line in words):   # or the line whole
        faults.append("echo" if is_echo(said, _heard(chat)) or quoted or line in words else "example")
    if any(words == line or (len(words.split()) >= 3 and words in line) for line in _her_notes(chat, langs)):
        faults.append("repeat")
    asked = language_of(_heard(chat), langs.common)
    answered = language_of(said, langs.common)
    if asked and answered and asked != answered:
        faults.append("language")
    if (own := reminded_words(chat, langs)) and not {w.casefold() for w in own} & set(words.split()):
        faults.append("reminder_unused")
    return faults


RELEASE_WORDS = 6   # words of a demo answer before its beginning may be said while the rest is written


def said_early(said: str, chat: Sequence[dict[str, str]], langs: DemoLanguages) -> bool:
    """Whether the beginning `said` of a demo answer may go to her voice before the answer is finished (it is
    then kept, not asked again): it has RELEASE_WORDS words or more, none of the faults a beginning can
    already show, and, when the newest line's language is known, it is already recognisably in that language
    (a beginning in no language yet may still turn into another). Never when the newest line asks about a
    reminder: only the whole answer shows whether the reminded words were used, and that is worth asking again
    for."""
    if len(_letters(said).split()) < RELEASE_WORDS or reminded_words(chat, langs):
        return False
    asked = language_of(_heard(chat), langs.common)
    if asked and language_of(said, langs.common) != asked:
        return False
    return not [f for f in demo_faults(said, chat, langs) if f != "reminder_unused"]


def beginning_faults(said: str, chat: Sequence[dict[str, str]], langs: DemoLanguages) -> list[str]:
    """The faults a beginning `said` of a demo answer already shows for certain, once it has RELEASE_WORDS words
    (none before): an echo, a copied example, a repeat, or a language recognised and not the newest line's. An
    answer so begun is asked again whatever its end; a beginning in no language yet shows no language fault.
    None when the newest line asks about a reminder: a whole answer that leaves out the reminded words is what
    makes the next try say them (a grammar), so each try there is written to its end."""
    if len(_letters(said).split()) < RELEASE_WORDS or reminded_words(chat, langs):
        return []
    return [f for f in demo_faults(said, chat, langs) if f != "reminder_unused"]


QUOTED_WORDS = 5   # words in a row of the line she heard that make her answer a quote of it


def _runs(words: str, n: int) -> set[tuple[str, ...]]:
    """Every `n` words in a row of `words` (a _letters string)."""
    seq = words.split()
    return {tuple(seq[i:i + n]) for i in range(len(seq) - n + 1)}


def in_its_language(chat: Sequence[dict[str, str]], langs: DemoLanguages) -> list[dict[str, str]]:
    """The demo's `chat` with only the worked examples answered in the newest line's language (all of them when
    that language is unknown): asked again after a faulty answer, it reads differently, and an answer in the
    wrong language has no example of that language to follow."""
    asked = language_of(_heard(chat), langs.common)
    out, i = [], 0
    while i < len(chat):
        if i + 1 < len(chat) and chat[i]["role"] == "user" and chat[i + 1]["role"] == "assistant":
            said = _letters(chat[i + 1]["content"].split('"message": ', 1)[-1])
            if not (asked and language_of(said, langs.common) not in ("", asked)):
                out += chat[i:i + 2]
            i += 2
        else:
            out.append(chat[i])
            i += 1
    return out


def _heard(chat: Sequence[dict[str, str]]) -> str:
    """The newest lines of the demo's chat without the reminder before them."""
    return "\n".join(line for line in chat[-1]["content"].splitlines() if not line.startswith("("))


def _her_notes(chat: Sequence[dict[str, str]], langs: DemoLanguages) -> list[str]:
    """Her own earlier lines among the notes of the demo's system prompt, as _letters."""
    mine = langs.mine
    rows = [row for m in chat if m["role"] == "system" for row in m["content"].splitlines()]
    return [_letters(row.split(": ", 1)[1]) for row in rows if row.startswith(mine)]


def _reminder(chat: Sequence[dict[str, str]], langs: DemoLanguages) -> tuple[str, str]:
    """(who, text) of the reminder before the newest line of the demo's chat, ("", "") when there is none."""
    for row in chat[-1]["content"].splitlines():
        for pattern in langs.reminders:
            if found := pattern.match(row):
                return found["who"], found["text"]
    return "", ""


def _reminder_words(chat: Sequence[dict[str, str]], langs: DemoLanguages) -> set[str]:
    """The topic words of the reminder before the newest line that the newest line does not hold itself."""
    who, text = _reminder(chat, langs)
    common = langs.common
    return topic_words(text, common) - topic_words(_heard(chat), common) - topic_words(who, common)


def reminded_words(chat: Sequence[dict[str, str]], langs: DemoLanguages) -> list[str]:
    """The words of the reminder an answer to the newest line should say, as the reminder writes them: its
    names (a capital inside the sentence: "Pistachio", "Bologna") when it has any, else all its own topic
    words; none when there is no reminder or the newest line asks nothing."""
    own = _reminder_words(chat, langs)
    if not own or "?" not in _heard(chat):
        return []
    written = [(i, w) for i, w in enumerate(re.findall(r"[^\W\d_]+", _reminder(chat, langs)[1])) if w.casefold() in own]
    names = [w for i, w in written if i and w[0].isupper()] or [w for _i, w in written]
    return list(dict.fromkeys(names))


def must_say(tools: Sequence[Tool], words: Sequence[str]) -> list[Tool]:
    """`tools` with speak's message bound to hold one of `words`: the demo's answer to a question about what
    it was reminded of, once it answered without it (a 135M model often talks past a reminder it was given)."""
    if not words:
        return list(tools)
    half = DEMO_MAX_CHARS // 2 - max(len(w) for w in words)
    either = "|".join(re.escape(w) for w in words)
    out = []
    for t in tools:
        if t.name == "speak" and "message" in t.parameters.get("properties", {}):
            props = dict(t.parameters["properties"])
            around = f"{SPOKEN_CHARACTER}{{0,{half}}}"   # the word stands alone: after a space, before a mark
            props["message"] = {**props["message"],
                                "pattern": f"^({around} )?({either})([ ,.!?]{around})?$"}
            t = replace(t, parameters={**t.parameters, "properties": props})
        out.append(t)
    return out


def _among(line: str, texts: Sequence[str]) -> bool:
    """`line` is one of `texts`, or holds one or is held in one, give or take punctuation and case."""
    words = _letters(line)
    return any(words in _letters(t) or _letters(t) in words for t in texts if _letters(t))


ECHO_SHARE = 0.6   # of her words taken from the line she heard: "What is your cat's name?" to "What's my cat's name?"


def is_echo(said: str, heard: str) -> bool:
    """`said` is nothing but (a part of) the line she heard, give or take punctuation and case, or three words
    or more of which ECHO_SHARE are the line's own (the question asked back)."""
    words = _letters(said)
    mine, theirs = words.split(), set(_letters(heard).split())
    return (not words or words in _letters(heard)
            or (len(mine) >= 3 and sum(w in theirs for w in mine) >= ECHO_SHARE * len(mine)))
