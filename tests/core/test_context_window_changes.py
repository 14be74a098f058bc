"""What the window hands a store (changes) and how a line is revised to what she actually said."""

from app.core.budget import Budget
from app.core.context_window import EntryKind, SingleContext
from tests.her_words import EN


def words(text: str) -> int:
    return len(text.split())


def texts(rows) -> list[str]:
    return [r[2] for r in rows]


def test_changes_hand_out_only_what_changed_and_the_whole_window_after_a_slide():
    ctx = SingleContext(Budget(150_000), words)
    ctx.heard("a")
    first = ctx.changes()
    assert first.full and texts(first.rows) == ["a"]
    ctx.heard("b")
    spoke = ctx.spoke("a long answer she did not finish")
    step = ctx.changes()
    assert not step.full and texts(step.rows) == ["b", "a long answer she did not finish"] and step.gone == []
    assert ctx.changes().rows == []                                   # nothing new: nothing to write
    assert ctx.revise(spoke.seq, "a long answer")
    assert texts(ctx.changes().rows) == ["a long answer"]
    assert ctx.revise(spoke.seq, "")                                  # stopped before her first word
    gone = ctx.changes()
    assert gone.rows == [] and gone.gone == [spoke.seq] and not ctx.revise(spoke.seq, "x")
    assert ctx.slide("recap", ctx.cut(hot=1, margin=0))
    after = ctx.changes()
    assert after.full and after.rows[0][1] == EntryKind.RECAP.value and after.header["version"] == ctx.version
    assert ctx.changes(full=True).full


def test_a_revision_changes_the_replay_from_that_line_on_and_its_cost():
    ctx = SingleContext(Budget(150_000), words)
    ctx.heard("[marco] tell me everything")
    spoke = ctx.spoke("one two three four five six", "happy")
    ctx.heard("[anna] a raid!")
    before_used = ctx.used()
    ctx.replay(EN)                                                       # cached, then revised
    ctx.revise(spoke.seq, "one two")
    fresh = SingleContext.restore(ctx.snapshot(), ctx.budget, words)
    assert repr(ctx.replay(EN)) == repr(fresh.replay(EN)) and '"one two"' in ctx.replay(EN)[1].tool_calls[0].arguments
    assert ctx.used() == before_used - 4 == fresh.used()


def test_the_valve_reports_what_it_evicted_as_gone():
    ctx = SingleContext(Budget(150_000), words)
    for i in range(5):
        ctx.heard(f"line {i} " + "w " * 10)
    ctx.changes()
    ctx.set_budget(Budget(30, trigger_pin=20, hot_pin=10))
    gone = ctx.changes().gone
    assert gone and gone == [1, 2, 3, 4][:len(gone)] and ctx.entries[0].seq == gone[-1] + 1
