"""The stream plan's pure edits, driven with values: each rule of app.core.plan against a table of cases."""

import pytest

from app.core import plan as P
from app.core.plan import Objective, Plan, PlanError, State
from tests.her_words import CATALOGS, EN, IT

TODO, DOING, DONE, DROPPED = State.TODO, State.DOING, State.DONE, State.DROPPED


def plan_of(*rows, headline="Finish the castle") -> Plan:
    """rows: (id, state) or (id, state, outcome); texts are 'task <id>'."""
    return Plan(headline, tuple(Objective(r[0], f"task {r[0]}", r[1], r[2] if len(r) > 2 else "", i)
                                for i, r in enumerate(rows)))


def states(plan: Plan) -> list[tuple[int, State]]:
    return [(o.id, o.state) for o in plan.objectives]


BASE = plan_of((3, TODO), (4, DOING), (5, DONE, "we won"), (6, DROPPED, "no time"))

# ---- rules 4 and 5: state moves ----------------------------------------------------------------------------

MOVES = [
    # edit, args, expected states of #3..#6
    (P.start, (3,), [(3, DOING), (4, TODO), (5, DONE), (6, DROPPED)]),
    (P.start, (4,), [(3, TODO), (4, DOING), (5, DONE), (6, DROPPED)]),
    (P.complete, (4, "built the gate"), [(3, TODO), (4, DONE), (5, DONE), (6, DROPPED)]),
    (P.complete, (3, "quick one"), [(3, DONE), (4, DOING), (5, DONE), (6, DROPPED)]),
    (P.drop, (3, "chat voted no"), [(3, DROPPED), (4, DOING), (5, DONE), (6, DROPPED)]),
    (P.drop, (4, "server down"), [(3, TODO), (4, DROPPED), (5, DONE), (6, DROPPED)]),
    (P.reopen, (5,), [(3, TODO), (4, DOING), (5, TODO), (6, DROPPED)]),
    (P.reopen, (6,), [(3, TODO), (4, DOING), (5, DONE), (6, TODO)]),
]


@pytest.mark.parametrize("edit,args,expected", MOVES)
def test_states_move_by_the_table(edit, args, expected):
    assert states(edit(BASE, *args)) == expected


REFUSALS = [
    (P.start, (5,), "#5 is already done; the streamer can reopen it from the Plan dock"),
    (P.start, (6,), "#6 was dropped; the streamer can reopen it from the Plan dock"),
    (P.complete, (5, "again"), "#5 is already done"),
    (P.complete, (6, "anyway"), "#6 was dropped, so it cannot be done"),
    (P.drop, (5, "meh"), "#5 is already done, so there is nothing to drop"),
    (P.drop, (6, "meh"), "#6 is already dropped"),
    (P.reopen, (3,), "#3 is still open (todo)"),
    (P.reopen, (4,), "#4 is still open (in progress)"),
    (P.start, (7,), "there is no objective #7; the plan has #3, #4, #5, #6"),
    (P.complete, (7, "done"), "there is no objective #7; the plan has #3, #4, #5, #6"),
    (P.drop, (1, "x"), "there is no objective #1; the plan has #3, #4, #5, #6"),
    (P.edit, (9, "new words"), "there is no objective #9; the plan has #3, #4, #5, #6"),
    (P.complete, (4, "   "), "the outcome is empty; write a few words"),
    (P.complete, (4, "x" * 301), "the outcome is 301 characters long; keep it to 300"),
    (P.drop, (4, ""), "the reason is empty"),
    (P.complete, (5, ""), "#5 is already done"),          # the state is named before the missing words
]


@pytest.mark.parametrize("edit,args,message", REFUSALS)
def test_refusals_are_sentences_to_act_on(edit, args, message):
    with pytest.raises(PlanError) as refused:
        edit(BASE, *args)
    assert str(refused.value).startswith(message)


def test_at_most_one_objective_is_in_progress():
    after = P.start(P.start(BASE, 3), 4)
    assert [o.id for o in after.objectives if o.state is DOING] == [4]
    assert P.start(BASE, 4) == BASE                          # starting the one in progress changes nothing
    assert P.doing(P.complete(BASE, 4, "ok")) is None


def test_finishing_and_dropping_keep_her_words_and_reopening_forgets_them():
    done = P.complete(BASE, 4, "  the gate\nstands  ")
    assert done.find(4).outcome == "the gate stands"
    assert P.drop(BASE, 3, "chat said no").find(3).outcome == "chat said no"
    assert P.reopen(done, 4).find(4) == Objective(4, "task 4", TODO, "", 1)


# ---- rules 1, 3, 8: what a plan may hold ------------------------------------------------------------------

TEXTS = [
    # text given, stored as, or the refusal
    ("Beat the boss", "Beat the boss", None),
    ("  two\n\nlines\tof text ", "two lines of text", None),
    ("x" * 200, "x" * 200, None),
    ("x" * 201, None, "the objective is 201 characters long; keep it to 200"),
    ("", None, "the objective is empty; write a few words"),
    (" \n ", None, "the objective is empty"),
]


@pytest.mark.parametrize("text,stored,refusal", TEXTS)
def test_objective_text_is_one_line_of_1_to_200(text, stored, refusal):
    for edit in (lambda p: P.add(p, text), lambda p: P.edit(p, 3, text)):
        if refusal:
            with pytest.raises(PlanError, match=refusal):
                edit(BASE)
        else:
            after = edit(BASE)
            assert stored in [o.text for o in after.objectives]


@pytest.mark.parametrize("headline,ok", [("", True), ("x" * 200, True), ("x" * 201, False), ("Chill\nday", True)])
def test_the_headline_is_0_to_200(headline, ok):
    if ok:
        assert P.set_headline(BASE, headline).headline == " ".join(headline.split())
        assert P.new_plan(None, headline) == Plan(" ".join(headline.split()))
    else:
        with pytest.raises(PlanError, match="the headline is 201 characters long"):
            P.set_headline(BASE, headline)


def test_a_new_objective_goes_last_unnumbered_as_todo():
    after = P.add(BASE, "Say hi to raiders")
    assert after.objectives[-1] == Objective(None, "Say hi to raiders", TODO, "", 4)
    assert after.objectives[:4] == BASE.objectives


def test_the_plan_is_capped():
    full = P.new_plan(None)
    for i in range(P.MAX_OBJECTIVES):
        full = P.add(full, f"thing {i}")
    with pytest.raises(PlanError, match="already holds 20 objectives"):
        P.add(full, "one more")


@pytest.mark.parametrize("edit", [
    lambda p: P.add(p, "x"), lambda p: P.start(p, 1), lambda p: P.complete(p, 1, "ok"), lambda p: P.drop(p, 1, "r"),
    lambda p: P.edit(p, 1, "x"), lambda p: P.reorder(p, []), lambda p: P.set_headline(p, "x"),
    lambda p: P.reopen(p, 1), lambda p: P.move(p, 1, 1),
])
def test_without_a_plan_every_edit_says_how_to_start_one(edit):
    with pytest.raises(PlanError, match="there is no plan for today yet; the streamer can start one"):
        edit(None)


def test_new_plan_replaces_and_clear_removes():
    assert P.new_plan(BASE, "Fresh start") == Plan("Fresh start")
    assert P.clear(BASE) is None


# ---- rule 7: reordering ----------------------------------------------------------------------------------------

REORDERS = [
    ([6, 5, 4, 3], [6, 5, 4, 3], None),
    ([3, 4, 5, 6], [3, 4, 5, 6], None),
    ([3, 4, 5], None, "the new order leaves out #6; name every objective"),
    ([3, 4, 5, 6, 7], None, "there is no objective #7; the plan has #3, #4, #5, #6"),
    ([3, 3, 4, 5, 6], None, "#3 appears twice in the new order"),
    ([], None, "the new order leaves out #3, #4, #5, #6"),
]


@pytest.mark.parametrize("order,expected,refusal", REORDERS)
def test_reorder_takes_the_full_new_order(order, expected, refusal):
    if refusal:
        with pytest.raises(PlanError, match=refusal):
            P.reorder(BASE, order)
        return
    after = P.reorder(BASE, order)
    assert [o.id for o in after.objectives] == expected
    assert [o.position for o in after.objectives] == [0, 1, 2, 3]


@pytest.mark.parametrize("oid,offset,expected", [
    (4, -1, [4, 3, 5, 6]), (4, +1, [3, 5, 4, 6]), (3, -1, [3, 4, 5, 6]), (6, +1, [3, 4, 5, 6]),
])
def test_move_up_and_down_stops_at_the_ends(oid, offset, expected):
    assert [o.id for o in P.move(BASE, oid, offset).objectives] == expected


# ---- ids as she writes them -----------------------------------------------------------------------------------

@pytest.mark.parametrize("value,expected", [(3, 3), ("3", 3), ("#3", 3), (" # 12 ", 12)])
def test_parse_id_accepts_what_she_writes(value, expected):
    assert P.parse_id(value) == expected


@pytest.mark.parametrize("value", ["three", "3.5", "", None, True, "#-1"])
def test_parse_id_refuses_what_is_not_a_number(value):
    with pytest.raises(PlanError, match="is not an objective number"):
        P.parse_id(value)


# ---- rule 10: the render and when her tools are armed ---------------------------------------------------------

def test_render_lists_every_objective_with_its_number_state_and_outcome():
    assert P.render(BASE, EN) == (
        "[TODAY'S PLAN] Finish the castle\n"
        "#3 [todo] task 3\n"
        "#4 [doing] task 4\n"
        "#5 [done] task 5 (outcome: we won)\n"
        "#6 [dropped] task 6 (why: no time)")


@pytest.mark.parametrize("plan,text", [
    (None, ""),
    (Plan(), "[TODAY'S PLAN]\n(no objectives yet)"),
    (Plan("Chill stream"), "[TODAY'S PLAN] Chill stream\n(no objectives yet)"),
])
def test_render_with_no_plan_or_an_empty_one(plan, text):
    assert P.render(plan, EN) == text


@pytest.mark.parametrize("plan,armed", [
    (None, False), (Plan("Chill"), False), (plan_of((1, DONE, "ok"), (2, DROPPED, "no")), False),
    (plan_of((1, TODO)), True), (plan_of((1, DONE, "ok"), (2, DOING)), True),
])
def test_her_tools_are_armed_only_with_something_open(plan, armed):
    assert P.actionable(plan) is armed


# ---- rule 11: render()'s own words in her prompts' language ----------------------------------------------------

def test_render_is_in_italian_for_an_italian_stream_and_shows_the_streamers_words_as_written():
    assert P.render(BASE, IT) == (
        "[PIANO DI OGGI] Finish the castle\n"
        "#3 [da fare] task 3\n"
        "#4 [in corso] task 4\n"
        "#5 [fatto] task 5 (com'è andata: we won)\n"
        "#6 [scartato] task 6 (perché: no time)")
    assert P.render(Plan("Serata tranquilla"), IT) == "[PIANO DI OGGI] Serata tranquilla\n(ancora nessun obiettivo)"
    assert P.render(Plan(), IT) == "[PIANO DI OGGI]\n(ancora nessun obiettivo)"
    assert P.render(None, IT) == ""


def test_render_reads_english_for_a_language_with_no_catalog():
    assert P.render(BASE, CATALOGS.pick("de")) == P.render(BASE, EN)
    assert P.words(EN).header == "[TODAY'S PLAN]"


def test_every_language_has_words_for_every_state_and_every_closed_one():
    for language in CATALOGS.languages:
        w = P.words(CATALOGS[language])
        assert set(w.states) == set(State) and set(w.outcome) == set(P.words(EN).outcome), language
        assert len(set(w.states.values())) == len(State)   # no two states read the same
        assert w.header.startswith("[") and w.header.endswith("]") and w.header != "[]"
