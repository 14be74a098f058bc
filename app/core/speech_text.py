"""Speech text: what reaches the synthesiser, and where it is cut into speakable chunks.

Theory of operation (the filter):
1. SpeechFilter is fed the model's text in chunks cut anywhere and returns events in order: Text (clean,
   speakable text), Mood (a <mood:x> tag) and Action (a <do:x> tag). Fed whole or cut at any character
   boundary, the events are the same once adjacent Text events are joined: a decision is taken only when no
   later character can change it, so an undecided tail ("<thi", "*wav", "[sig", ":smi") is held back until
   the next chunk settles it, and finish() settles what is left as if the text ended there. Every hold is
   bounded (a tag, a span or a shortcode has a maximum length), so a stray marker costs a short delay, never
   the rest of the stream.
2. Reasoning never reaches her voice: <think>, <thinking> and <reasoning> blocks (any letter case, closed only
   by their own closing tag) are dropped, and so is a block still open when the stream ends. A stray closing
   tag is dropped, and the text before it stays: what was already spoken cannot be unsaid. A caller whose
   chat template opens the block in the prompt passes starts_inside_think=True.
3. Tags: <mood:x> gives Mood(x folded to lower case) and <do:x> gives Action(x); values are 1..64 characters
   without "<", ">" or a newline and are stripped. Other angle brackets ("a < b", "<3") are text.
4. Stage directions are dropped whole: *single-asterisk spans* (the role-play convention; emphasis is
   **double** or _underscored_) unless the star is glued to a digit before it ("2*3" is no span),
   [square-bracket spans] that are not links, and (parentheses) holding one to four words of letters only,
   unless they sit mid-sentence (a letter, digit, "," or ";" before and a lower-case letter or digit after):
   "hello (laughs)" loses it, "Bea (that's me) is here" keeps it. A stray "*" or "[" is dropped.
5. Markdown is unwrapped: emphasis markers (runs of two or more "*", "_" runs at word edges, "~~") go and
   their words stay; an "_" inside a word becomes a space (snake_case -> "snake case"); headings, list
   bullets, numbered-list markers (1-3 digits), block quotes and "---" rules lose their marker at the start of
   a line; inline `code` keeps its text; fenced ``` / ~~~ blocks are dropped whole (an unclosed one to the
   end); [link text](url) becomes its text; ![images](url) go.
6. Emoji characters (pictographs, dingbats, symbols, flags, skin tones, joiners, variation selectors) and
   :shortcodes: (1-32 of a-z 0-9 _ + -, with a letter or a sign, as :+1:, and not glued to a preceding letter
   or digit, so "10:30:00" stays) are dropped.
7. Whatever is dropped leaves a word gap, never a glued word. Whitespace is collapsed: a run holding a newline
   becomes one "\\n" (a boundary the chunker respects), any other run one space; none leads, none trails, and
   where something was dropped, a space before . , ! ? ; : … ) goes too ("great 🎉!" -> "great!"). A tag or a
   think block is invisible to line starts: "<mood:x># Title" is a heading. Event order follows the text.

Theory of operation (the chunker):
8. SentenceChunker cuts clean text into chunks, each stripped and never holding a newline; like the filter it
   decides only what later text cannot change, so the chunks are the same however the text was fed.
9. A chunk ends at the earliest of: a newline; a sentence end; a soft stop once the chunk is long enough; a
   word boundary once it is too long. A sentence end is a run of . ! ? … (with closing quotes or brackets
   after it) followed by whitespace, except a single "." after an abbreviation (ABBREVIATIONS, English and
   Italian: "Mr.", "Dr.", "e.g.", "Sig.", "ecc.", ...), after a dotted token ("U.S."), or after a single
   capital (an initial), and except where the next word starts in lower case, which continues the sentence
   ("e.g. this", "well… maybe", '"Really?" she said'). "3.5", "e.g.x" and "wait...what" are never ends, as
   no whitespace follows. A soft stop is , ; or : followed by whitespace ("1,000" and "10:30" are none).
   A chunk with no letter or digit in it (a lone "...") is dropped.
10. Sizes (ChunkRules), in characters. The first chunk of a stream may be short so audio starts early: it
   ends at a soft stop once it has first_soft_min (8) characters ("Hey chat," goes alone), and with no stop by
   first_max (30) characters it is cut at its last space within them: about seven tokens, so even an opening
   without punctuation is ready a few hundred milliseconds into the stream, and "Hi chat!" at once. Later
   chunks end at soft stops only from soft_min (60) characters, so sentences keep their shape, and are cut at
   a space by max_chars (200), a hard cut for a word longer than that. Sentence ends (rule 9) and newlines cut
   at any length. "First" passes on until a chunk is actually kept.
11. flush() cuts the pending text now (SpeechPipeline does so at every Mood and Action, so an event sits
   between the chunks it separates); finish() is flush() at the end of the stream.

SpeechPipeline joins the two: text in, Chunk / Mood / Action items out, in order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from app.core.think import NAMES as THINK_NAMES

MAX_SPAN = 120           # the longest *direction*, [direction], `code` or link text looked ahead for
MAX_URL = 500            # the longest link target
MAX_TAG_VALUE = 64       # the longest <mood:x> / <do:x> value
MAX_PAREN = 40           # the longest (direction)
MAX_PAREN_WORDS = 4
MAX_SHORTCODE = 32
MAX_GAP_LOOKAHEAD = 40   # spaces looked across after a (direction) to see what follows

EMOJI_RANGES = ("\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2300-\u23FF\u2190-\u21FF\u25A0-\u25FF"
                "\u2934\u2935\u3030\u303D\u3297\u3299\uFE00-\uFE0F\u200D\u20E3\U000E0000-\U000E007F")
NO_SPACE_BEFORE = frozenset(".,!?;:…)")

ABBREVIATIONS = frozenset({
    # English titles and Latin
    "mr", "mrs", "ms", "mx", "dr", "prof", "sr", "jr", "st", "vs", "etc", "cf", "approx", "dept", "fig", "vol",
    # Italian titles and common abbreviations
    "sig", "sigg", "sig.ra", "sig.na", "dott", "dott.ssa", "prof.ssa", "ing", "avv", "geom", "rag", "egr",
    "gent", "gent.mo", "gent.ma", "spett", "ecc", "cfr", "ca", "es", "pag", "pagg", "tel", "nr",
})

_THINK_TAGS = tuple(f"<{n}>" for n in THINK_NAMES) + tuple(f"</{n}>" for n in THINK_NAMES)
_VALUE_TAGS = ("<mood:", "<do:")
_TAG = re.compile(rf"<(/?)({'|'.join(THINK_NAMES)})>|<(mood|do):([^<>\n]{{1,{MAX_TAG_VALUE}}})>", re.IGNORECASE)
_PLAIN = re.compile(f"[^<*_`\\[!(:~\\n{EMOJI_RANGES}]+")
_EMOJI = re.compile(f"[{EMOJI_RANGES}]+")
_INDENT = re.compile(r"[ \t]*")
_HEADING = re.compile(r"#{1,6}[ \t]")
_HEADING_SO_FAR = re.compile(r"#{1,6}")
_NUMBERED = re.compile(r"\d{1,3}[.)][ \t]")
_NUMBERED_SO_FAR = re.compile(r"\d{1,3}[.)]?")
_PAREN = re.compile(rf"\(((?:[^\W\d_]|[ '’\-]){{1,{MAX_PAREN}}})\)")
_PAREN_SO_FAR = re.compile(rf"\((?:[^\W\d_]|[ '’\-]){{0,{MAX_PAREN}}}")
_SHORTCODE = re.compile(rf":([A-Za-z0-9_+\-]{{1,{MAX_SHORTCODE}}}):")
_SHORTCODE_SO_FAR = re.compile(rf":[A-Za-z0-9_+\-]{{0,{MAX_SHORTCODE}}}")
_LINK_MARKUP = re.compile(f"[*_`~{EMOJI_RANGES}]+")
_WHITESPACE = re.compile(r"(\s+)")
_FENCES = ("```", "~~~")


class _Wait:
    """Returned by a lexer step that cannot decide until more text arrives."""


_WAIT = _Wait()


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Mood:
    name: str


@dataclass(frozen=True)
class Action:
    name: str


@dataclass(frozen=True)
class Chunk:
    text: str


SpeechEvent = Text | Mood | Action
SpeechItem = Chunk | Mood | Action


def _is_word_char(c: str) -> bool:
    return c.isalnum()


def _run_end(s: str, i: int, ch: str) -> int:
    j = i
    while j < len(s) and s[j] == ch:
        j += 1
    return j


def _find_closer(s: str, start: int, ch: str, final: bool, limit: int = MAX_SPAN) -> int | None | _Wait:
    """Index of the first `ch` on this line within `limit` characters; None if there is none, _WAIT if the
    text that arrived does not tell yet."""
    end = min(len(s), start + limit)
    for k in range(start, end):
        if s[k] == ch:
            return k
        if s[k] == "\n":
            return None
    if end == start + limit or final:
        return None
    return _WAIT


def _find_url_end(s: str, start: int, final: bool) -> int | None | _Wait:
    """Index of the ")" closing a link target that starts at `start` (no whitespace inside)."""
    end = min(len(s), start + MAX_URL)
    for k in range(start, end):
        if s[k] == ")":
            return k
        if s[k].isspace():
            return None
    if end == start + MAX_URL or final:
        return None
    return _WAIT


def _find_tick_run(s: str, start: int, n: int, final: bool) -> int | None | _Wait:
    """Start of the next run of exactly `n` backticks on this line, as _find_closer."""
    k = start
    while k < min(len(s), start + MAX_SPAN):
        if s[k] == "\n":
            return None
        if s[k] == "`":
            end = _run_end(s, k, "`")
            if end == len(s) and not final:
                return _WAIT
            if end - k == n:
                return k
            k = end
            continue
        k += 1
    if k >= start + MAX_SPAN or final:
        return None
    return _WAIT


def _tag_could_grow(rest: str) -> bool:
    """Whether `rest` (all the text from a "<" to the end of what arrived) may still become a tag."""
    low = rest.lower()
    if any(tag.startswith(low) for tag in _THINK_TAGS):
        return True
    for opener in _VALUE_TAGS:
        if opener.startswith(low):
            return True
        value = low[len(opener):]
        if low.startswith(opener) and len(value) <= MAX_TAG_VALUE and not any(c in "<>\n" for c in value):
            return True
    return False


def _link_at(s: str, i: int, final: bool) -> tuple[int, int] | None | _Wait:
    """For "[" at `i`: (index of "]", index after ")") when a [text](url) link starts there."""
    close = _find_closer(s, i + 1, "]", final)
    if close is None or close is _WAIT:
        return close
    if close + 1 == len(s):
        return None if final else _WAIT
    if s[close + 1] != "(":
        return None
    end = _find_url_end(s, close + 2, final)
    if end is None or end is _WAIT:
        return end
    return close, end + 1


class _Spacer:
    """Rule 7: collapses whitespace and remembers the last character said."""

    def __init__(self) -> None:
        self._pending = ""
        self._gapped = False
        self._started = False
        self.last = ""

    def push(self, text: str) -> str:
        out: list[str] = []
        for part in _WHITESPACE.split(text):
            if not part:
                continue
            if part.isspace():
                self._pending = "\n" if "\n" in part or self._pending == "\n" else " "
                continue
            if self._pending and self._started and not self._closes_a_gap(part[0]):
                out.append(self._pending)
            self._pending, self._gapped = "", False
            self._started = True
            out.append(part)
            self.last = part[-1]
        return "".join(out)

    def gap(self) -> None:
        self._gapped = True
        if not self._pending:
            self._pending = " "

    def _closes_a_gap(self, c: str) -> bool:
        return self._pending == " " and self._gapped and c in NO_SPACE_BEFORE

    def mid_sentence(self) -> bool:
        return self._pending != "\n" and (self.last.isalnum() or self.last in ",;")


class SpeechFilter:
    """Rules 1-7: raw model text in, Text / Mood / Action events out."""

    def __init__(self, starts_inside_think: bool = False) -> None:
        self._held = ""
        self._mode = "think" if starts_inside_think else "text"
        self._think = "think"
        self._fence = ""
        self._after_skip = "text"
        self._line_start = True
        self._prev = ""
        self._spacer = _Spacer()
        self._events: list[SpeechEvent] = []
        self._finished = False

    def feed(self, chunk: str) -> list[SpeechEvent]:
        if self._finished:
            raise ValueError("the speech filter is finished")
        return self._run(self._held + chunk, final=False)

    def finish(self) -> list[SpeechEvent]:
        if self._finished:
            return []
        events = self._run(self._held, final=True)
        self._finished = True
        return events

    # -- the lexer loop

    def _run(self, s: str, final: bool) -> list[SpeechEvent]:
        i = 0
        while i < len(s):
            j = self._step(s, i, final)
            if j is _WAIT:
                break
            assert isinstance(j, int) and j > i, "a lexer step must make progress"
            self._prev = s[j - 1]
            i = j
        self._held = s[i:]
        events, self._events = self._events, []
        return events

    def _step(self, s: str, i: int, final: bool) -> int | _Wait:
        if self._mode == "think":
            return self._think_step(s, i, final)
        if self._mode == "code":
            return self._code_step(s, i, final)
        if self._mode == "skipline":
            return self._skipline_step(s, i, final)
        if self._line_start:
            return self._line_start_step(s, i, final)
        return self._text_step(s, i, final)

    def _say(self, text: str) -> None:
        out = self._spacer.push(text)
        if not out:
            return
        if self._events and isinstance(self._events[-1], Text):
            self._events[-1] = Text(self._events[-1].text + out)
        else:
            self._events.append(Text(out))

    def _gap(self) -> None:
        self._spacer.gap()

    # -- modes other than text

    def _think_step(self, s: str, i: int, final: bool) -> int | _Wait:
        close = f"</{self._think}>"
        found = re.compile(re.escape(close), re.IGNORECASE).search(s, i)
        if found:
            self._mode = "text"
            self._gap()
            return found.end()
        if final:
            return len(s)
        keep = next((n for n in range(min(len(close) - 1, len(s) - i), 0, -1)
                     if close.startswith(s[len(s) - n:].lower())), 0)
        return len(s) - keep if len(s) - keep > i else _WAIT

    def _code_step(self, s: str, i: int, final: bool) -> int | _Wait:
        if self._line_start:
            j = _INDENT.match(s, i).end()
            if j > i:
                return j
            if s.startswith(self._fence, i):
                self._mode, self._after_skip, self._line_start = "skipline", "text", False
                return i + len(self._fence)
            if self._fence.startswith(s[i:]) and not final:
                return _WAIT
            self._line_start = False
        newline = s.find("\n", i)
        if newline < 0:
            return len(s)
        self._line_start = True
        return newline + 1

    def _skipline_step(self, s: str, i: int, final: bool) -> int | _Wait:
        """The rest of a fence line (its info string, or anything after a closing fence) is dropped."""
        newline = s.find("\n", i)
        if newline < 0:
            return len(s)
        self._mode = self._after_skip
        return newline if newline > i else self._step(s, i, final)

    # -- line starts

    def _line_start_step(self, s: str, i: int, final: bool) -> int | _Wait:
        j = _INDENT.match(s, i).end()
        if j > i:
            self._say(s[i:j])
            return j
        if s[i] == "<":
            end = self._angle(s, i, final)
            self._line_start = end is _WAIT or end > i + 1   # a tag is invisible: the line still starts
            return end
        for probe in (self._fence_marker, self._heading_marker, self._rule_marker, self._bullet_marker,
                      self._numbered_marker, self._quote_marker):
            found = probe(s, i, final)
            if found is not None:
                return found
        self._line_start = False
        return self._text_step(s, i, final)

    def _fence_marker(self, s: str, i: int, final: bool) -> int | _Wait | None:
        for fence in _FENCES:
            if s.startswith(fence, i):
                self._mode, self._after_skip, self._fence, self._line_start = "skipline", "code", fence, False
                self._gap()
                return i + len(fence)
            if fence.startswith(s[i:]) and not final:
                return _WAIT
        return None

    def _heading_marker(self, s: str, i: int, final: bool) -> int | _Wait | None:
        found = _HEADING.match(s, i)
        if found:
            self._line_start = False
            return found.end()
        return _WAIT if not final and _HEADING_SO_FAR.fullmatch(s, i) else None

    def _rule_marker(self, s: str, i: int, final: bool) -> int | _Wait | None:
        end = _run_end(s, i, "-")
        if end == len(s) and not final and end > i:
            return _WAIT
        if end - i >= 3:
            self._line_start = False
            self._gap()
            return end
        return None

    def _bullet_marker(self, s: str, i: int, final: bool) -> int | _Wait | None:
        if s[i] not in "-+*":
            return None
        if i + 1 == len(s):
            return None if final else _WAIT
        if s[i + 1] in " \t":
            self._line_start = False
            return i + 2
        return None

    def _numbered_marker(self, s: str, i: int, final: bool) -> int | _Wait | None:
        found = _NUMBERED.match(s, i)
        if found:
            self._line_start = False
            return found.end()
        return _WAIT if not final and _NUMBERED_SO_FAR.fullmatch(s, i) else None

    def _quote_marker(self, s: str, i: int, final: bool) -> int | _Wait | None:
        if s[i] != ">":
            return None
        if i + 1 == len(s):
            return None if final else _WAIT
        return i + 2 if s[i + 1] in " \t" else i + 1   # still at a line start: "> - item"

    # -- text

    def _text_step(self, s: str, i: int, final: bool) -> int | _Wait:
        handler = _HANDLERS.get(s[i])
        if handler is not None:
            return handler(self, s, i, final)
        emoji = _EMOJI.match(s, i)
        if emoji:
            self._gap()
            return emoji.end()
        plain = _PLAIN.match(s, i)
        self._say(plain.group())
        return plain.end()

    def _text_newline(self, i: int) -> int:
        self._say("\n")
        self._line_start = True
        return i + 1

    def _newline(self, s: str, i: int, final: bool) -> int:
        return self._text_newline(i)

    def _angle(self, s: str, i: int, final: bool) -> int | _Wait:
        tag = _TAG.match(s, i)
        if tag is None:
            if not final and _tag_could_grow(s[i:]):
                return _WAIT
            self._say("<")
            return i + 1
        closing, think, kind, value = tag.groups()
        self._gap()
        if think and not closing:
            self._mode, self._think = "think", think.lower()
        elif kind and value.strip():
            self._events.append(Mood(value.strip().lower()) if kind.lower() == "mood" else Action(value.strip()))
        return tag.end()

    def _star(self, s: str, i: int, final: bool) -> int | _Wait:
        end = _run_end(s, i, "*")
        if end == len(s) and not final:
            return _WAIT
        if end - i >= 2 or end == len(s) or s[end].isspace():
            return end                      # an emphasis marker or a lone star: dropped
        if self._prev.isdigit():
            self._gap()                     # "2*3": not a direction, and the star is not speech
            return end
        close = _find_closer(s, end, "*", final)
        if close is _WAIT:
            return _WAIT
        if close is None:
            return end                      # never closed: the star goes, the words stay
        self._gap()
        return close + 1

    def _underscore(self, s: str, i: int, final: bool) -> int | _Wait:
        end = _run_end(s, i, "_")
        if end == len(s) and not final:
            return _WAIT
        after = s[end] if end < len(s) else ""
        if _is_word_char(self._prev) and _is_word_char(after):
            self._say(" ")
        return end

    def _tilde(self, s: str, i: int, final: bool) -> int | _Wait:
        end = _run_end(s, i, "~")
        if end == len(s) and not final:
            return _WAIT
        if end - i == 1:
            self._say("~")
        return end

    def _backtick(self, s: str, i: int, final: bool) -> int | _Wait:
        end = _run_end(s, i, "`")
        if end == len(s) and not final:
            return _WAIT
        close = _find_tick_run(s, end, end - i, final)
        if close is _WAIT:
            return _WAIT
        if close is None:
            return end
        self._say(s[end:close])
        return close + (end - i)

    def _bracket(self, s: str, i: int, final: bool) -> int | _Wait:
        link = _link_at(s, i, final)
        if link is _WAIT:
            return _WAIT
        if link is not None:
            text_end, end = link
            self._say(_LINK_MARKUP.sub("", s[i + 1:text_end]))
            return end
        close = _find_closer(s, i + 1, "]", final)
        if close is _WAIT:
            return _WAIT
        if close is None:
            return i + 1                    # a stray "[" is not speech
        self._gap()
        return close + 1

    def _bang(self, s: str, i: int, final: bool) -> int | _Wait:
        if i + 1 == len(s) and not final:
            return _WAIT
        if s.startswith("![", i):
            image = _link_at(s, i + 1, final)
            if image is _WAIT:
                return _WAIT
            if image is not None:
                self._gap()
                return image[1]
        self._say("!")
        return i + 1

    def _paren(self, s: str, i: int, final: bool) -> int | _Wait:
        found = _PAREN.match(s, i)
        if found is None:
            if not final and _PAREN_SO_FAR.fullmatch(s, i):
                return _WAIT
            self._say("(")
            return i + 1
        inside = found.group(1)
        if not any(c.isalpha() for c in inside) or len(inside.split()) > MAX_PAREN_WORDS:
            self._say("(")
            return i + 1
        after = _INDENT.match(s, found.end()).end()
        if after == len(s) and not final and after - found.end() < MAX_GAP_LOOKAHEAD:
            return _WAIT
        following = s[after] if after < len(s) and after - found.end() < MAX_GAP_LOOKAHEAD else ""
        if self._spacer.mid_sentence() and (following.islower() or following.isdigit()):
            self._say("(")                  # an aside inside a sentence: spoken
            return i + 1
        self._gap()
        return found.end()

    def _colon(self, s: str, i: int, final: bool) -> int | _Wait:
        if not _is_word_char(self._prev):
            code = _SHORTCODE.match(s, i)
            if code and any(c.isalpha() or c in "+-" for c in code.group(1)):
                self._gap()
                return code.end()
            if code is None and not final and _SHORTCODE_SO_FAR.fullmatch(s, i):
                return _WAIT
        self._say(":")
        return i + 1


_HANDLERS: dict[str, Callable[[SpeechFilter, str, int, bool], int | _Wait]] = {
    "\n": SpeechFilter._newline, "<": SpeechFilter._angle, "*": SpeechFilter._star,
    "_": SpeechFilter._underscore, "~": SpeechFilter._tilde, "`": SpeechFilter._backtick,
    "[": SpeechFilter._bracket, "!": SpeechFilter._bang, "(": SpeechFilter._paren, ":": SpeechFilter._colon,
}


# -- the chunker

_BOUNDARY = re.compile(r"[\n.!?…;:,]")
_TERMINATORS = ".!?…"
_CLOSERS = "\"'”’»)]"
_TOKEN_BEFORE_DOT = re.compile(r"(?<![^\W_])(?:[^\W\d_]+\.)*[^\W\d_]+\Z")   # a whole word: not "1st"
_NEXT_WORD = re.compile(r"[ \t]*")


@dataclass(frozen=True)
class ChunkRules:
    """Rule 10's sizes, in characters."""

    first_soft_min: int = 8
    first_max: int = 30
    soft_min: int = 60
    max_chars: int = 200

    def __post_init__(self) -> None:
        if not 0 < self.first_soft_min <= self.first_max:
            raise ValueError("need 0 < first_soft_min <= first_max")
        if not 0 < self.soft_min <= self.max_chars:
            raise ValueError("need 0 < soft_min <= max_chars")


def is_abbreviation(text_before_dot: str) -> bool:
    """Whether the word just before a "." makes it an abbreviation rather than a sentence end."""
    token = _TOKEN_BEFORE_DOT.search(text_before_dot[-40:])
    if token is None:
        return False
    word = token.group()
    if "." in word:
        return True                         # e.g, i.e, U.S, sig.ra
    if len(word) == 1 and word.isupper():
        return True                         # an initial: J. R. R. Tolkien
    return word.lower() in ABBREVIATIONS


def _speakable(chunk: str) -> bool:
    return any(c.isalnum() for c in chunk)


class SentenceChunker:
    """Rules 8-11: clean text in, speakable chunks out."""

    def __init__(self, rules: ChunkRules | None = None) -> None:
        self.rules = rules or ChunkRules()
        self._buf = ""
        self._first = True

    def feed(self, text: str) -> list[str]:
        self._buf += text
        return self._cut(final=False)

    def flush(self) -> list[str]:
        chunks = self._cut(final=True)
        rest, self._buf = self._buf.strip(), ""
        return chunks + self._keep([rest])

    def finish(self) -> list[str]:
        return self.flush()

    def _cut(self, final: bool) -> list[str]:
        chunks: list[str] = []
        while True:
            self._buf = self._buf.lstrip()
            cut = self._next_cut(self._buf, final)
            if cut is None or cut is _WAIT:
                return chunks
            end, resume = cut
            piece, self._buf = self._buf[:end].strip(), self._buf[resume:]
            chunks += self._keep([piece])

    def _keep(self, pieces: list[str]) -> list[str]:
        kept = [p for p in pieces if _speakable(p)]
        if kept:
            self._first = False
        return kept

    def _next_cut(self, buf: str, final: bool) -> tuple[int, int] | None | _Wait:
        limit = self.rules.first_max if self._first else self.rules.max_chars
        soft_min = self.rules.first_soft_min if self._first else self.rules.soft_min
        for found in _BOUNDARY.finditer(buf):
            if found.start() >= limit:
                break
            cut = self._boundary_at(buf, found.start(), soft_min, final)
            if cut is not None:
                return cut
        if len(buf) > limit:
            space = buf.rfind(" ", 0, limit + 1)
            return (space, space + 1) if space > 0 else (limit, limit)
        return None

    def _boundary_at(self, buf: str, p: int, soft_min: int, final: bool) -> tuple[int, int] | None | _Wait:
        c = buf[p]
        if c == "\n":
            return p, p + 1
        if c in _TERMINATORS:
            return self._sentence_end(buf, p, final)
        if p + 1 == len(buf):
            return None if final or p + 1 < soft_min else _WAIT
        if buf[p + 1].isspace() and p + 1 >= soft_min:
            return p + 1, p + 1
        return None

    def _sentence_end(self, buf: str, p: int, final: bool) -> tuple[int, int] | None | _Wait:
        if p > 0 and buf[p - 1] in _TERMINATORS:
            return None                     # inside a run already judged from its first character
        run = p
        while run < len(buf) and buf[run] in _TERMINATORS:
            run += 1
        end = run
        while end < len(buf) and buf[end] in _CLOSERS:
            end += 1
        if end == len(buf):
            return (end, end) if final else _WAIT
        if not buf[end].isspace():
            return None
        if buf[p:run] == "." and is_abbreviation(buf[:p]):
            return None
        after = _NEXT_WORD.match(buf, end).end()
        if after == len(buf):
            return (end, end) if final else _WAIT
        return None if buf[after].islower() else (end, end)


class SpeechPipeline:
    """SpeechFilter then SentenceChunker: raw text in, Chunk / Mood / Action items out (rule 11)."""

    def __init__(self, rules: ChunkRules | None = None, starts_inside_think: bool = False) -> None:
        self._filter = SpeechFilter(starts_inside_think)
        self._chunker = SentenceChunker(rules)

    def feed(self, text: str) -> list[SpeechItem]:
        return self._route(self._filter.feed(text))

    def finish(self) -> list[SpeechItem]:
        items = self._route(self._filter.finish())
        return items + [Chunk(c) for c in self._chunker.finish()]

    def _route(self, events: list[SpeechEvent]) -> list[SpeechItem]:
        items: list[SpeechItem] = []
        for event in events:
            if isinstance(event, Text):
                items += [Chunk(c) for c in self._chunker.feed(event.text)]
            else:
                items += [Chunk(c) for c in self._chunker.flush()]
                items.append(event)
        return items
