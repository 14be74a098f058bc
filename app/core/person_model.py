"""The streamer's person model as plain decisions: what an entry is, who may write it, and how it reads.

Theory of operation (seed 002):
1. Entries. An entry sits in one of six SECTIONS under a stable key and carries a one-line summary, an
   optional JSON-able value, a source, a confidence, the time it was observed and, optionally, the time it
   expires, plus the person's own words when an agent quoted them. validate_entry() trims and lower-cases the
   section and the key (1-120 characters), collapses the summary onto one line (1-400 characters), rejects any
   other section, and normalises confidence: manual means 1; missing, or at or below 0, becomes 0.6; above 1
   becomes 1. An entry expires strictly after it was observed. A quote is at most 1,000 characters. A model
   holds at most 2,000 entries. Every breach raises PersonModelError, a ValueError (ModelFull for the cap).
2. Precedence. Sources rank manual > agent:<id> > sense:<name> > anything else (an unknown source ranks
   lowest). decide_write() lets a higher source replace a lower one whatever the times and refuses a lower one
   outright; the same rank resolves by recency: an observation older than the stored one never replaces it
   (an equally old one does). An expired entry no longer stands, so anything may replace it. Every decision
   says what stands and why, in words an agent can repeat ("you set this yourself, so the planner did not
   change it"), the writer named from its source.
3. Reading. render() writes prose for an agent in her words (the catalog's person_model section): a heading
   per section, one line per entry, each qualified: "they told us" (manual, or an agent's entry backed by the
   person's own quote), "inferred by <agent>", "from <sense>", "source unknown", and ", a guess" below
   confidence 0.7. It narrows by sections and by a query whose every word must occur (case- and
   accent-insensitively) in the key or the summary. Expired entries are hidden from her; owner_view() lists
   them too, flagged expired so the owner sees them greyed. A model with nothing to say says that nothing is
   known. The summaries are shown as stored, in whatever language their writer used.
4. Observers are plain rules over device signals, never agents:
   - state: focus, motion and sleep. state/now comes from the latest focus and the latest recognised motion in
     the last hour, ranked driving > in a Focus > moving > settled (driving outranks a Focus), observed at the
     newest of those signals and expiring an hour after the signal that decided it. state/rest comes from the
     latest sleep of the last 12 hours and lasts 12 hours.
   - routine: arrivals and departures, read in the owner's time zone, one sample per day (the earliest) per
     kind and place. One entry per weekday, kind and place once at least 4 days match, at their median time of
     day; none when those days spread over more than an hour; today (and anything after now) never counts
     into the habit it is measured against. routine/today.deviation names the largest gap, when today's first
     sample is more than 30 minutes off its habit, and expires at local midnight.
5. Consent and raw signals. Every sense (SENSES, each with a plain-language purpose) is off until switched on.
   admit_signal() rejects an unknown kind, a signal dated in the future and one older than the 35 days raw
   signals are kept; otherwise it ignores a signal whose sense is off and records the rest. Switching a sense
   off forgets every entry it concluded (concluded_by) along with its raw signals.
6. Getting to Know You asks only about the sections with nothing live in them (missing_sections) and stops
   after six questions (interview_over).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import KW_ONLY, dataclass, field
from datetime import UTC, datetime, time, timedelta, tzinfo
from typing import Any

from app.core.her_words import HerWords
from app.core.words import QT_TRANSLATE_NOOP

SECTIONS = ("identity", "routine", "state", "relationships", "commitments", "preferences")
MAX_KEY = 120
MAX_SUMMARY = 400
MAX_QUOTE = 1000
MAX_ENTRIES = 2000
DEFAULT_CONFIDENCE = 0.6
GUESS_BELOW = 0.7
RANKS = {"manual": 3, "agent": 2, "sense": 1, "unknown": 0}
NOTHING_KNOWN = QT_TRANSLATE_NOOP("person_dock", "Nothing is known about them yet.")   # the You dock's own words

HOUR = 3600.0
DAY = 86400.0
STATE_TTL = HOUR
REST_TTL = 12 * HOUR
SHORT_NIGHT_HOURS = 6.0
SENSE_CONFIDENCE = 0.9
ROUTINE_CONFIDENCE = 0.8
MIN_HABIT_DAYS = 4
MAX_SPREAD_MINUTES = 60
DEVIATION_MINUTES = 30
RAW_SIGNAL_DAYS = 35
CLOCK_SKEW = 300.0  # an entry may be dated this far ahead of now (a phone's clock runs a little fast), no more
QUESTION_LIMIT = 6
ASKABLE = ("identity", "routine", "relationships", "commitments", "preferences")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


class PersonModelError(ValueError):
    """An entry, a section list or a signal that breaks a rule; the message says which."""


class ModelFull(PersonModelError):
    """A new entry when the model already holds MAX_ENTRIES."""


# --- sources ---------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Source:
    kind: str  # manual | agent | sense | unknown
    name: str  # the agent id or sense name; for an unknown source, its raw text


def parse_source(source: str) -> Source:
    text = source.strip() if isinstance(source, str) else ""
    if text == "manual":
        return Source("manual", "")
    prefix, sep, name = text.partition(":")
    if sep and prefix in ("agent", "sense") and name.strip():
        return Source(prefix, name.strip())
    return Source("unknown", text)


def rank(source: str) -> int:
    return RANKS[parse_source(source).kind]


def writer(source: str) -> str:
    """Who wrote it, as a subject: "you", "the planner", "the location sense", "an unknown source"."""
    parsed = parse_source(source)
    if parsed.kind == "manual":
        return "you"
    if parsed.kind == "agent":
        return f"the {parsed.name}"
    if parsed.kind == "sense":
        return f"the {parsed.name} sense"
    return "an unknown source"


def _possessive(subject: str) -> str:
    return "your" if subject == "you" else f"{subject}'s"


def _what_it_was(source: str) -> str:
    """The object of "replacing what ...": "the location sense had observed", "the planner had inferred"."""
    verb = {"agent": "inferred", "sense": "observed"}.get(parse_source(source).kind, "written")
    return f"{writer(source)} had {verb}"


def _who_set_it(source: str, recently: bool = False) -> str:
    """The clause naming who set what stands: "you set this yourself", "the planner inferred this"."""
    parsed = parse_source(source)
    when = " more recently" if recently else ""
    if parsed.kind == "manual":
        return "you set this" + (when or " yourself")
    verb = {"agent": "inferred", "sense": "observed"}.get(parsed.kind, "wrote")
    return f"{writer(source)} {verb} this{when}"


# --- entries and validation ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    section: str
    key: str
    summary: str
    _: KW_ONLY
    value: Any = None
    source: str
    confidence: float | None = None
    observed_at: float
    expires_at: float | None = None
    quote: str | None = None  # the person's own words, when an agent quoted them


def normalise_key(key: str) -> str:
    if not isinstance(key, str):
        raise PersonModelError("an entry's key must be text")
    cleaned = key.strip().lower()
    if not 1 <= len(cleaned) <= MAX_KEY:
        raise PersonModelError(f"an entry's key must be 1-{MAX_KEY} characters, got {len(cleaned)}")
    return cleaned


def check_section(section: str) -> str:
    cleaned = section.strip().lower() if isinstance(section, str) else section
    if cleaned not in SECTIONS:
        raise PersonModelError(f"unknown section {section!r}: use one of {', '.join(SECTIONS)}")
    return cleaned


def normalise_summary(summary: str) -> str:
    if not isinstance(summary, str):
        raise PersonModelError("an entry's summary must be text")
    one_line = re.sub(r"\s+", " ", summary).strip()
    if not 1 <= len(one_line) <= MAX_SUMMARY:
        raise PersonModelError(f"a summary must be 1-{MAX_SUMMARY} characters on one line, "
                               f"got {len(one_line)}")
    return one_line


def normalise_quote(quote: str | None) -> str | None:
    if quote is None:
        return None
    if not isinstance(quote, str):
        raise PersonModelError("a quote must be text")
    cleaned = re.sub(r"\s+", " ", quote).strip()
    if len(cleaned) > MAX_QUOTE:
        raise PersonModelError(f"a quote must be at most {MAX_QUOTE} characters, got {len(cleaned)}")
    return cleaned or None


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def normalise_confidence(confidence: float | None, source: str = "") -> float:
    """Manual is always 1; missing or at/below 0 becomes 0.6; above 1 becomes 1."""
    if parse_source(source).kind == "manual":
        return 1.0
    if confidence is None:
        return DEFAULT_CONFIDENCE
    if not _is_number(confidence) or math.isnan(confidence):
        raise PersonModelError(f"confidence must be a number, got {confidence!r}")
    if confidence <= 0:
        return DEFAULT_CONFIDENCE
    return min(float(confidence), 1.0)


def check_value(value: Any) -> Any:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise PersonModelError(f"an entry's value must be plain JSON: {exc}") from None
    return value


def _check_time(at: float, name: str) -> float:
    if not _is_number(at) or not math.isfinite(at):
        raise PersonModelError(f"{name} must be a finite epoch time, got {at!r}")
    return float(at)


def validate_entry(entry: Entry) -> Entry:
    """The entry as it would be stored, normalised; PersonModelError when it breaks a rule."""
    if not isinstance(entry.source, str):
        raise PersonModelError("an entry's source must be text")
    source = entry.source.strip()
    observed_at = _check_time(entry.observed_at, "observed_at")
    expires_at = None if entry.expires_at is None else _check_time(entry.expires_at, "expires_at")
    if expires_at is not None and expires_at <= observed_at:
        raise PersonModelError("an entry must expire after it was observed")
    return Entry(check_section(entry.section), normalise_key(entry.key), normalise_summary(entry.summary),
                 value=check_value(entry.value), source=source,
                 confidence=normalise_confidence(entry.confidence, source), observed_at=observed_at,
                 expires_at=expires_at, quote=normalise_quote(entry.quote))


def check_capacity(count: int, replacing: bool) -> None:
    if not replacing and count >= MAX_ENTRIES:
        raise ModelFull(f"the person model already holds {MAX_ENTRIES} entries: "
                        "remove one before adding another")


def is_expired(entry: Entry, now: float) -> bool:
    return entry.expires_at is not None and entry.expires_at <= now


def is_guess(entry: Entry) -> bool:
    return normalise_confidence(entry.confidence, entry.source) < GUESS_BELOW


# --- precedence ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Decision:
    accepted: bool
    standing: Entry  # what stands after the decision: the new entry if accepted, the stored one if refused
    reason: str
    replaced: Entry | None = None

    @property
    def message(self) -> str:
        return f"{self.reason}. What stands: {self.standing.summary} ({_decision_qualifier(self.standing)})."


def decide_write(existing: Entry | None, new: Entry, count: int, now: float | None = None) -> Decision:
    """Whether `new` may take the slot `existing` holds (None: it is empty); `count` is the model's size.

    Expiry of the stored entry is judged at `now`, or at the new entry's observed_at when now is not given.
    An entry dated more than CLOCK_SKEW after `now` is an error: kept, it would outrank every later
    correction of the same rank until that future moment.
    """
    new = validate_entry(new)
    if now is not None and new.observed_at > now + CLOCK_SKEW:
        raise PersonModelError(f"observed_at is {new.observed_at - now:.0f} s in the future; an observation "
                               f"may be dated at most {CLOCK_SKEW:.0f} s ahead of now")
    if existing is None:
        check_capacity(count, replacing=False)
        return Decision(True, new, "recorded")
    existing = validate_entry(existing)
    if (existing.section, existing.key) != (new.section, new.key):
        raise PersonModelError(f"{existing.section}/{existing.key} and {new.section}/{new.key} are different "
                               "entries")
    if is_expired(existing, new.observed_at if now is None else now):
        return Decision(True, new, "recorded: what stood before had expired", replaced=existing)
    old_rank, new_rank = rank(existing.source), rank(new.source)
    if new_rank > old_rank:
        return Decision(True, new, f"recorded, replacing what {_what_it_was(existing.source)}",
                        replaced=existing)
    if new_rank < old_rank:
        return Decision(False, existing, f"{_who_set_it(existing.source)}, so {writer(new.source)} did not "
                                         "change it")
    if new.observed_at < existing.observed_at:
        older = f"{_possessive(writer(new.source))} older observation"
        return Decision(False, existing, f"{_who_set_it(existing.source, recently=True)}, so {older} did not "
                                         "change it")
    return Decision(True, new, "recorded, replacing an older observation", replaced=existing)


# --- reading ---------------------------------------------------------------------------------------------

def qualifier(entry: Entry, her: HerWords) -> str:
    """Where an entry came from, in her words: "they told us", "inferred by planner, a guess"..."""
    parsed = parse_source(entry.source)
    if parsed.kind == "manual" or entry.quote:
        words = her.text("person_model.told")
    elif parsed.kind == "agent":
        words = her.say("person_model.inferred", agent=parsed.name)
    elif parsed.kind == "sense":
        words = her.say("person_model.sensed", sense=parsed.name)
    else:
        words = her.text("person_model.unknown")
    return her.say("person_model.guess", qualifier=words) if is_guess(entry) else words


def _decision_qualifier(entry: Entry) -> str:
    # a decision is said in English as a whole (to the API, the dock's error line and her refusal), so its
    # qualifier is English too
    parsed = parse_source(entry.source)
    if parsed.kind == "manual" or entry.quote:
        words = "they told us"
    elif parsed.kind in ("agent", "sense"):
        words = f"{'inferred by' if parsed.kind == 'agent' else 'from'} {parsed.name}"
    else:
        words = "source unknown"
    return f"{words}, a guess" if is_guess(entry) else words


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def query_words(query: str | None) -> list[str]:
    return re.findall(r"\w+", _fold(query or ""))


def matches(entry: Entry, query: str | None) -> bool:
    """Every word of the query occurs in the key or the summary, case and accents aside."""
    haystack = _fold(f"{entry.key} {entry.summary}")
    return all(word in haystack for word in query_words(query))


def check_sections(sections: Iterable[str] | str | None) -> tuple[str, ...]:
    """The sections asked for, in the model's order; None or empty means all of them."""
    if sections is None:
        return SECTIONS
    asked = {check_section(s) for s in ([sections] if isinstance(sections, str) else sections)}
    return tuple(s for s in SECTIONS if s in asked) or SECTIONS


def _order(entry: Entry) -> tuple[int, int, str]:
    first = entry.key.split(".", 1)[0]
    weekday = WEEKDAYS.index(first) if first in WEEKDAYS else len(WEEKDAYS)
    return (SECTIONS.index(entry.section), weekday, entry.key)


def select(entries: Iterable[Entry], now: float, sections: Iterable[str] | str | None = None,
           query: str | None = None, include_expired: bool = False) -> list[Entry]:
    wanted = check_sections(sections)
    chosen = [e for e in entries if e.section in wanted and matches(e, query)
              and (include_expired or not is_expired(e, now))]
    return sorted(chosen, key=_order)


def _nothing_known(sections: Iterable[str] | str | None, query: str | None, her: HerWords) -> str:
    # the sections are named as her tool's argument takes them, so she can ask again with the same words
    narrowed = [] if sections is None else list(check_sections(sections))
    under = her.text("person_model.or").join(narrowed) if narrowed and len(narrowed) < len(SECTIONS) else ""
    searched = query.strip() if query and query_words(query) else ""
    if under and searched:
        return her.say("person_model.nothing_in_matching", sections=under, query=searched)
    if under:
        return her.say("person_model.nothing_in", sections=under)
    if searched:
        return her.say("person_model.nothing_matching", query=searched)
    return her.text("person_model.nothing_known")


def heading(section: str, her: HerWords) -> str:
    return her.text(f"person_model.headings.{section}")


def line(entry: Entry, her: HerWords) -> str:
    """One line of prose; the summary is kept on one line even if it was never validated."""
    return f"- {' '.join(entry.summary.split())} ({qualifier(entry, her)})"


def render(entries: Iterable[Entry], now: float, sections: Iterable[str] | str | None = None,
           query: str | None = None, *, her: HerWords) -> str:
    """The model in prose, as an agent reads it: expired entries hidden, every line qualified."""
    chosen = select(entries, now, sections, query)
    if not chosen:
        return _nothing_known(sections, query, her)
    blocks = []
    for section in SECTIONS:
        lines = [line(e, her) for e in chosen if e.section == section]
        if lines:
            blocks.append("\n".join([heading(section, her), *lines]))
    return "\n\n".join(blocks)


@dataclass(frozen=True)
class OwnerRow:
    entry: Entry
    expired: bool   # shown greyed to the owner, hidden from her


def owner_view(entries: Iterable[Entry], now: float, sections: Iterable[str] | str | None = None,
               query: str | None = None) -> list[OwnerRow]:
    """Every entry the owner asked for, expired ones included and flagged."""
    return [OwnerRow(e, is_expired(e, now)) for e in select(entries, now, sections, query, include_expired=True)]


# --- Getting to Know You ---------------------------------------------------------------------------------

def missing_sections(entries: Iterable[Entry], now: float) -> tuple[str, ...]:
    """The askable sections with nothing live in them, in the model's order: what the interview asks about."""
    known = {e.section for e in entries if not is_expired(e, now)}
    return tuple(s for s in ASKABLE if s not in known)


def interview_over(questions_asked: int) -> bool:
    return questions_asked >= QUESTION_LIMIT


# --- consent and raw signals -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Sense:
    name: str
    reads: tuple[str, ...]
    purpose: str


SENSES = {
    "state": Sense("state", ("focus", "motion", "sleep"),
                   "Notices whether you are driving, on the move, in a Focus or settled, and how you slept, "
                   "so agents can tell a bad moment to interrupt you from a good one."),
    "routine": Sense("routine", ("arrival", "departure"),
                     "Learns when you usually leave and arrive on each weekday, so agents can plan around "
                     "your day and notice when today is different."),
    "voice": Sense("voice", (),
                   "Knows your voice from a few sentences you read in the Voice dock, so she can tell you from "
                   "other people in the room. Your voice print stays in your encrypted data file and nowhere else."),
}
ENABLED_BY_DEFAULT: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Signal:
    kind: str
    at: float
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Admission:
    outcome: str  # recorded | ignored (its sense is off) | rejected
    reason: str


def sense_for(kind: str) -> str | None:
    return next((s.name for s in SENSES.values() if kind in s.reads), None)


def retention_cutoff(now: float) -> float:
    """Raw signals observed before this moment are to be deleted."""
    return now - RAW_SIGNAL_DAYS * DAY


def admit_signal(signal: Signal, now: float, enabled: Collection[str]) -> Admission:
    sense = sense_for(signal.kind)
    if sense is None:
        return Admission("rejected", f"unknown signal kind {signal.kind!r}")
    if not _is_number(signal.at) or not math.isfinite(signal.at):
        return Admission("rejected", "a signal needs a finite time")
    if signal.at > now:
        return Admission("rejected", "dated in the future")
    if signal.at < retention_cutoff(now):
        return Admission("rejected", f"older than the {RAW_SIGNAL_DAYS} days raw signals are kept")
    if sense not in enabled:
        return Admission("ignored", f"the {sense} sense is switched off")
    return Admission("recorded", f"for the {sense} sense")


def concluded_by(entry: Entry, sense: str) -> bool:
    """Whether switching `sense` off must delete this entry."""
    return parse_source(entry.source) == Source("sense", sense)


# --- the state observer ----------------------------------------------------------------------------------

_DRIVING = frozenset({"driving", "automotive"})
_MOVING = frozenset({"walking", "running", "cycling", "on_foot", "moving"})
_SETTLED = frozenset({"stationary", "still", "settled"})
_FOCUS_OFF = frozenset({"", "off", "none"})


def motion_class(signal: Signal) -> str | None:
    activity = str(signal.payload.get("activity", "")).strip().lower()
    if activity in _DRIVING:
        return "driving"
    if activity in _MOVING:
        return "moving"
    if activity in _SETTLED:
        return "settled"
    return None


def focus_mode(signal: Signal) -> str | None:
    mode = re.sub(r"\s+", " ", str(signal.payload.get("mode") or "")).strip()
    mode = re.sub(r"\s+focus$", "", mode, flags=re.IGNORECASE)
    return None if mode.lower() in _FOCUS_OFF else mode


def _latest(signals: Iterable[Signal], kind: str, since: float, now: float) -> Signal | None:
    found = [s for s in signals if s.kind == kind and since < s.at <= now]
    return max(found, key=lambda s: s.at, default=None)


def state_now(signals: Iterable[Signal], now: float) -> Entry | None:
    """state/now from the last hour's latest focus and motion; None when they say nothing."""
    signals = list(signals)
    since = now - STATE_TTL
    motion = _latest((s for s in signals if motion_class(s)), "motion", since, now)
    focus = _latest(signals, "focus", since, now)
    moving = motion_class(motion) if motion else None
    mode = focus_mode(focus) if focus else None
    if moving == "driving":
        decider, summary, value = motion, "Driving", {"now": "driving"}
    elif mode:
        decider, summary, value = focus, f"In a {mode} Focus", {"now": "focus", "focus": mode}
    elif moving == "moving":
        activity = str(motion.payload["activity"]).strip().lower().replace("_", " ")
        decider, summary, value = motion, f"On the move ({activity})", {"now": "moving", "activity": activity}
    elif moving == "settled":
        decider, summary, value = motion, "Settled", {"now": "settled"}
    else:
        return None
    observed_at = max(s.at for s in (motion, focus) if s is not None)
    return Entry("state", "now", summary, value=value, source="sense:state", confidence=SENSE_CONFIDENCE,
                 observed_at=observed_at, expires_at=decider.at + STATE_TTL)


def _sleep_hours(signal: Signal) -> float | None:
    hours = signal.payload.get("hours")
    if _is_number(hours) and math.isfinite(hours) and 0 < hours <= 24:
        return float(hours)
    return None


def state_rest(signals: Iterable[Signal], now: float) -> Entry | None:
    """state/rest from the latest sleep of the last 12 hours."""
    sleep = _latest((s for s in signals if _sleep_hours(s) is not None), "sleep", now - REST_TTL, now)
    if sleep is None:
        return None
    hours = _sleep_hours(sleep)
    summary = f"Slept {hours:.1f} hours" + (", a short night" if hours < SHORT_NIGHT_HOURS else "")
    return Entry("state", "rest", summary, value={"hours": hours}, source="sense:state",
                 confidence=SENSE_CONFIDENCE, observed_at=sleep.at, expires_at=sleep.at + REST_TTL)


def observe_state(signals: Iterable[Signal], now: float) -> list[Entry]:
    signals = list(signals)
    return [e for e in (state_now(signals, now), state_rest(signals, now)) if e is not None]


# --- the routine observer --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Habit:
    weekday: int   # 0 is Monday
    kind: str      # arrival | departure
    place: str
    minutes: int   # the median local minute of the day
    days: int      # how many days it rests on
    last_at: float  # the newest sample it rests on


def _place(signal: Signal) -> str | None:
    place = re.sub(r"\s+", " ", str(signal.payload.get("place") or "")).strip().lower()
    return place or None


def _minute_of_day(moment: datetime) -> int:
    return moment.hour * 60 + moment.minute


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _median(values: list[int]) -> int:
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return math.floor((ordered[middle - 1] + ordered[middle]) / 2 + 0.5)


def daily_samples(signals: Iterable[Signal], now: float, tz: tzinfo = UTC) -> dict[tuple, Signal]:
    """(kind, place, local date) -> that day's earliest arrival or departure, nothing after now."""
    days: dict[tuple, Signal] = {}
    for s in signals:
        place = _place(s)
        if s.kind not in ("arrival", "departure") or place is None or not s.at <= now:
            continue
        slot = (s.kind, place, datetime.fromtimestamp(s.at, tz).date())
        if slot not in days or s.at < days[slot].at:
            days[slot] = s
    return days


def habits(signals: Iterable[Signal], now: float, tz: tzinfo = UTC) -> list[Habit]:
    """The usual times, per weekday, kind and place, from every day before today."""
    today = datetime.fromtimestamp(now, tz).date()
    groups: dict[tuple[int, str, str], list[Signal]] = {}
    for (kind, place, day), s in daily_samples(signals, now, tz).items():
        if day < today:
            groups.setdefault((day.weekday(), kind, place), []).append(s)
    found = []
    for (weekday, kind, place), samples in sorted(groups.items()):
        minutes = [_minute_of_day(datetime.fromtimestamp(s.at, tz)) for s in samples]
        if len(samples) >= MIN_HABIT_DAYS and max(minutes) - min(minutes) <= MAX_SPREAD_MINUTES:
            last = max(s.at for s in samples)
            found.append(Habit(weekday, kind, place, _median(minutes), len(samples), last))
    return found


def _does(kind: str, place: str, tense: str) -> str:
    """The verb phrase: "leaves home", "arrived at work"."""
    verb = {("departure", "present"): "leaves", ("departure", "past"): "left",
            ("arrival", "present"): "arrives", ("arrival", "past"): "arrived"}[(kind, tense)]
    preposition = "at " if kind == "arrival" and place != "home" else ""
    return f"{verb} {preposition}{place}"


def habit_entry(habit: Habit) -> Entry:
    day = WEEKDAYS[habit.weekday]
    does = _does(habit.kind, habit.place, "present")
    return Entry("routine", f"{day}.{habit.kind}.{habit.place.replace(' ', '_')}",
                 f"{day.capitalize()} {does} around {_clock(habit.minutes)}",
                 value={"weekday": day, "kind": habit.kind, "place": habit.place,
                        "time": _clock(habit.minutes), "days": habit.days},
                 source="sense:routine", confidence=ROUTINE_CONFIDENCE, observed_at=habit.last_at)


def today_deviation(signals: Iterable[Signal], now: float, tz: tzinfo = UTC,
                    known: Iterable[Habit] | None = None) -> Entry | None:
    """routine/today.deviation: today's largest gap from a habit, when more than 30 minutes; else None."""
    signals = list(signals)
    local_now = datetime.fromtimestamp(now, tz)
    usual = {(h.kind, h.place): h for h in (habits(signals, now, tz) if known is None else known)
             if h.weekday == local_now.weekday()}
    worst = None
    for (kind, place, day), s in sorted(daily_samples(signals, now, tz).items(), key=lambda kv: kv[1].at):
        habit = usual.get((kind, place))
        if day != local_now.date() or habit is None:
            continue
        minutes = _minute_of_day(datetime.fromtimestamp(s.at, tz))
        off = minutes - habit.minutes
        if abs(off) > DEVIATION_MINUTES and (worst is None or abs(off) > abs(worst[2])):
            worst = (habit, s, off, minutes)
    if worst is None:
        return None
    habit, sample, off, minutes = worst
    direction = "later" if off > 0 else "earlier"
    midnight = datetime.combine(local_now.date() + timedelta(days=1), time(0), tzinfo=tz).timestamp()
    summary = (f"Today {_does(habit.kind, habit.place, 'past')} at {_clock(minutes)}, {abs(off)} minutes "
               f"{direction} than usual ({_clock(habit.minutes)})")
    return Entry("routine", "today.deviation", summary,
                 value={"kind": habit.kind, "place": habit.place, "usual": _clock(habit.minutes),
                        "today": _clock(minutes), "minutes_off": off},
                 source="sense:routine", confidence=ROUTINE_CONFIDENCE, observed_at=sample.at,
                 expires_at=midnight)


def observe_routine(signals: Iterable[Signal], now: float, tz: tzinfo = UTC) -> list[Entry]:
    signals = list(signals)
    found = habits(signals, now, tz)
    entries = [habit_entry(h) for h in found]
    deviation = today_deviation(signals, now, tz, known=found)
    return entries + ([deviation] if deviation is not None else [])

