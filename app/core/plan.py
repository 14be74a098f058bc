"""The stream plan as values: a headline and ordered objectives, the pure edits that move it, and its render.

Theory of operation:
1. A plan is a headline (0..200 characters) and an ordered list of objectives. No plan at all is None; every
   edit except new_plan refuses None with a sentence that says how to start one.
2. An objective's number is its database id: one identifier for the streamer, for her prompt and for her
   tools. A new objective has no id until the store writes it (the store never reuses an id, so a number she
   still remembers from an old plan can never close a new objective).
3. Text is one line: whitespace, newlines included, collapses to single spaces before it is measured, so no
   edit can forge a line of her prompt. An objective is 1..200 characters, an outcome or a reason 1..300.
4. States move only by TRANSITIONS: todo -> doing -> done, and todo | doing -> done | dropped. Done and dropped
   are closed; only reopen (the streamer's, from the dock) brings one back to todo, forgetting its outcome.
5. At most one objective is doing, because the plan says what she is doing on stage. Starting another puts the
   one in progress back to todo (she moved on; it is not finished). Starting the one in progress changes nothing.
6. Finishing needs an outcome in her own words and dropping needs a reason; either is kept as the outcome.
7. reorder takes the full new order: every id exactly once, none unknown, none missing.
8. A plan holds at most MAX_OBJECTIVES, so the [TODAY'S PLAN] block in every prompt stays bounded.
9. Every edit returns a new Plan (positions renumbered 0..n-1 in list order) or raises PlanError with a
   sentence the streamer or she can act on.
10. render() is the [TODAY'S PLAN] block, "" with no plan. Her tools are armed only while actionable(): a plan
    with no open objective gives her nothing to start, finish or drop.
11. render()'s own words (its header, the states, "outcome"/"why", the empty plan's line) are in the language of
    her prompts (app.core.prompt_language), passed in as `language` ("en" by default; a language with no words
    here reads English). The streamer's text (headline, objectives) and her outcomes are shown as written. The
    edits' refusals (PlanError) stay English: they are her tools' answers and the dock's, not her briefing.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from app.core.her_words import HerWords

MAX_TEXT = 200
MAX_HEADLINE = 200
MAX_OUTCOME = 300
MAX_OBJECTIVES = 20


class PlanError(ValueError):
    """An edit the plan refuses; the message is a sentence for the streamer or for her."""


class State(enum.StrEnum):
    TODO = "todo"
    DOING = "doing"
    DONE = "done"
    DROPPED = "dropped"


OPEN = frozenset({State.TODO, State.DOING})

# edit -> {from state: to state}; a state missing from an edit's row is refused with REFUSED's sentence
TRANSITIONS: dict[str, dict[State, State]] = {
    "start": {State.TODO: State.DOING, State.DOING: State.DOING},
    "complete": {State.TODO: State.DONE, State.DOING: State.DONE},
    "drop": {State.TODO: State.DROPPED, State.DOING: State.DROPPED},
    "reopen": {State.DONE: State.TODO, State.DROPPED: State.TODO},
}
REFUSED: dict[tuple[str, State], str] = {
    ("start", State.DONE): "#{id} is already done; the streamer can reopen it from the Plan dock",
    ("start", State.DROPPED): "#{id} was dropped; the streamer can reopen it from the Plan dock",
    ("complete", State.DONE): "#{id} is already done",
    ("complete", State.DROPPED): "#{id} was dropped, so it cannot be done; the streamer can reopen it",
    ("drop", State.DONE): "#{id} is already done, so there is nothing to drop",
    ("drop", State.DROPPED): "#{id} is already dropped",
    ("reopen", State.TODO): "#{id} is still open (todo), so there is nothing to reopen",
    ("reopen", State.DOING): "#{id} is still open (in progress), so there is nothing to reopen",
}


@dataclass(frozen=True)
class Objective:
    id: int | None          # the database id; None until the store has written it
    text: str
    state: State = State.TODO
    outcome: str = ""       # her words when done, the reason when dropped
    position: int = 0


@dataclass(frozen=True)
class Plan:
    headline: str = ""
    objectives: tuple[Objective, ...] = ()

    @property
    def ids(self) -> list[int]:
        return [o.id for o in self.objectives if o.id is not None]

    def find(self, oid: int) -> Objective:
        for o in self.objectives:
            if o.id == oid:
                return o
        raise PlanError(f"there is no objective #{oid}; {_has(self)}")


def _has(plan: Plan) -> str:
    ids = plan.ids
    return "the plan has " + ", ".join(f"#{i}" for i in ids) if ids else "the plan has no objectives yet"


def _need(plan: Plan | None) -> Plan:
    if plan is None:
        raise PlanError("there is no plan for today yet; the streamer can start one from the Plan dock")
    return plan


def one_line(text: str) -> str:
    return " ".join(str(text).split())


def _checked(text: str, what: str, low: int, high: int) -> str:
    text = one_line(text)
    if len(text) < low:
        raise PlanError(f"{what} is empty; write a few words")
    if len(text) > high:
        raise PlanError(f"{what} is {len(text)} characters long; keep it to {high}")
    return text


def _with(plan: Plan, objectives: Iterable[Objective]) -> Plan:
    return replace(plan, objectives=tuple(replace(o, position=i) for i, o in enumerate(objectives)))


def _changed(plan: Plan, oid: int, **changes) -> Plan:
    plan.find(oid)
    return _with(plan, (replace(o, **changes) if o.id == oid else o for o in plan.objectives))


def parse_id(value: object) -> int:
    """An objective number as she may write it: 3, "3" or "#3"."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    match = re.fullmatch(r"\s*#?\s*(\d+)\s*", str(value))
    if match is None:
        raise PlanError(f"{value!r} is not an objective number; use the number shown after # in the plan")
    return int(match.group(1))


# ---- the streamer's edits ---------------------------------------------------------------------------------

def new_plan(_plan: Plan | None, headline: str = "") -> Plan:
    """A fresh plan replaces whatever was there."""
    return Plan(_checked(headline, "the headline", 0, MAX_HEADLINE))


def clear(_plan: Plan | None) -> None:
    return None


def set_headline(plan: Plan | None, headline: str) -> Plan:
    return replace(_need(plan), headline=_checked(headline, "the headline", 0, MAX_HEADLINE))


def add(plan: Plan | None, text: str) -> Plan:
    plan = _need(plan)
    text = _checked(text, "the objective", 1, MAX_TEXT)
    if len(plan.objectives) >= MAX_OBJECTIVES:
        raise PlanError(f"the plan already holds {MAX_OBJECTIVES} objectives; clear it or start a new one")
    return _with(plan, (*plan.objectives, Objective(None, text)))


def edit(plan: Plan | None, oid: int, text: str) -> Plan:
    return _changed(_need(plan), oid, text=_checked(text, "the objective", 1, MAX_TEXT))


def reorder(plan: Plan | None, order: Iterable[int]) -> Plan:
    plan = _need(plan)
    order = list(order)
    unknown = [i for i in order if i not in plan.ids]
    if unknown:
        raise PlanError(f"there is no objective #{unknown[0]}; {_has(plan)}")
    if len(set(order)) != len(order):
        twice = next(i for i in order if order.count(i) > 1)
        raise PlanError(f"#{twice} appears twice in the new order; name each objective once")
    missing = [i for i in plan.ids if i not in order]
    if missing:
        raise PlanError(f"the new order leaves out {', '.join(f'#{i}' for i in missing)}; name every objective")
    by_id = {o.id: o for o in plan.objectives}
    unsaved = [o for o in plan.objectives if o.id is None]  # not numbered yet: they keep the end
    return _with(plan, [*(by_id[i] for i in order), *unsaved])


def move(plan: Plan | None, oid: int, offset: int) -> Plan:
    """Up (-1) or down (+1) by a place; at either end it stays where it is."""
    plan = _need(plan)
    ids = plan.ids
    plan.find(oid)
    at = ids.index(oid)
    to = max(0, min(len(ids) - 1, at + offset))
    ids.insert(to, ids.pop(at))
    return reorder(plan, ids)


def reopen(plan: Plan | None, oid: int) -> Plan:
    plan = _need(plan)
    return _changed(plan, oid, state=_target(plan, "reopen", oid), outcome="")


# ---- her edits (the tools) -----------------------------------------------------------------------------------

def _target(plan: Plan, op: str, oid: int) -> State:
    """The state `op` moves #oid to; checked before its words, so a closed objective is named as closed."""
    state = plan.find(oid).state
    target = TRANSITIONS[op].get(state)
    if target is None:
        raise PlanError(REFUSED[(op, state)].format(id=oid))
    return target


def start(plan: Plan | None, oid: int) -> Plan:
    plan = _need(plan)
    target = _target(plan, "start", oid)
    return _with(plan, (replace(o, state=target) if o.id == oid
                        else replace(o, state=State.TODO) if o.state is State.DOING else o
                        for o in plan.objectives))


def complete(plan: Plan | None, oid: int, outcome: str) -> Plan:
    plan = _need(plan)
    target = _target(plan, "complete", oid)
    return _changed(plan, oid, state=target, outcome=_checked(outcome, "the outcome", 1, MAX_OUTCOME))


def drop(plan: Plan | None, oid: int, reason: str) -> Plan:
    plan = _need(plan)
    target = _target(plan, "drop", oid)
    return _changed(plan, oid, state=target, outcome=_checked(reason, "the reason", 1, MAX_OUTCOME))


# ---- reading it ---------------------------------------------------------------------------------------------

def open_objectives(plan: Plan | None) -> list[Objective]:
    return [] if plan is None else [o for o in plan.objectives if o.state in OPEN]


def actionable(plan: Plan | None) -> bool:
    return bool(open_objectives(plan))


def doing(plan: Plan | None) -> Objective | None:
    return next((o for o in open_objectives(plan) if o.state is State.DOING), None)


@dataclass(frozen=True)
class PlanWords:
    header: str                      # the block's header, the marker the Plan skill's section names
    states: Mapping[State, str]      # an objective's state, in brackets after its number
    outcome: Mapping[State, str]     # what a closed objective's outcome is called: done, dropped
    empty: str                       # a plan with no objectives


def words(her: HerWords) -> PlanWords:
    """render()'s words in her language."""
    states, outcome = her.section("plan.states"), her.section("plan.outcome")
    return PlanWords(her.text("plan.header"), {s: states[s.value] for s in State},
                     {s: outcome[s.value] for s in State if s.value in outcome}, her.text("plan.empty"))


def render_objective(o: Objective, her: HerWords) -> str:
    w = words(her)
    line = f"#{o.id} [{w.states[o.state]}] {o.text}"
    return f"{line} ({w.outcome[o.state]}: {o.outcome})" if o.state in w.outcome and o.outcome else line


def render(plan: Plan | None, her: HerWords) -> str:
    if plan is None:
        return ""
    w = words(her)
    lines = [f"{w.header} {plan.headline}".rstrip()]
    lines += [render_objective(o, her) for o in plan.objectives] or [w.empty]
    return "\n".join(lines)
