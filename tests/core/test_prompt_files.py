"""The prompt-file rules as a table: what happens to the user's soul.md when a new shipped text arrives."""

import pytest

from app.core.prompt_files import Action, decide, difference, is_edited

OLD = "You are {name}.\nYou are warm.\n"
NEW = "You are {name}.\nYou are warm and quick.\n"
MINE = "You are {name}.\nYou are grumpy on Mondays.\n"

CASES = [
    # case, shipped, pristine, user -> action, user write, pristine write, shipped changed
    ("new install", NEW, None, None, Action.INSTALL, NEW, NEW, False),
    ("deleted user file reinstalls", NEW, OLD, None, Action.INSTALL, NEW, NEW, False),
    ("identical", NEW, NEW, NEW, Action.UNCHANGED, None, None, False),
    ("unedited upgrade", NEW, OLD, OLD, Action.UPGRADE, NEW, NEW, True),
    ("edited kept, pristine refreshed", NEW, OLD, MINE, Action.KEEP_EDITED, None, NEW, True),
    ("edited kept, nothing shipped", NEW, NEW, MINE, Action.KEEP_EDITED, None, None, False),
    ("CRLF only is not an edit", NEW, NEW, NEW.replace("\n", "\r\n"), Action.UNCHANGED, None, None, False),
    ("CRLF only, then an upgrade", NEW, OLD, OLD.replace("\n", "\r\n"), Action.UPGRADE, NEW, NEW, True),
    ("trailing blank lines are not an edit", NEW, NEW, NEW + "\n\n  \n", Action.UNCHANGED, None, None, False),
    ("CRLF shipped, LF pristine", NEW.replace("\n", "\r\n"), NEW, NEW, Action.UNCHANGED, None, None, False),
    ("no pristine, user as shipped: record it", NEW, None, NEW, Action.UNCHANGED, None, NEW, False),
    ("no pristine, user differs: assume edited", NEW, None, OLD, Action.KEEP_EDITED, None, NEW, False),
    ("user already has the new text", NEW, OLD, NEW, Action.UNCHANGED, None, NEW, False),
    ("an edit in the middle of a line counts", NEW, NEW, NEW.replace("warm", "warm,"), Action.KEEP_EDITED,
     None, None, False),
]


@pytest.mark.parametrize("case,shipped,pristine,user,action,write_user,write_pristine,changed", CASES,
                         ids=[c[0] for c in CASES])
def test_decide(case, shipped, pristine, user, action, write_user, write_pristine, changed):
    decision = decide(shipped, pristine, user)
    assert (decision.action, decision.write_user, decision.write_pristine, decision.shipped_changed) == \
        (action, write_user, write_pristine, changed)


def test_the_user_file_is_overwritten_only_when_absent_or_unedited():
    for case, shipped, pristine, user, *_ in CASES:
        if decide(shipped, pristine, user).write_user is not None:
            assert not is_edited(shipped, pristine, user), case


def test_after_its_writes_every_decision_is_stable():
    for _case, shipped, pristine, user, *_ in CASES:
        d = decide(shipped, pristine, user)
        user2 = user if d.write_user is None else d.write_user
        pristine2 = pristine if d.write_pristine is None else d.write_pristine
        again = decide(shipped, pristine2, user2)
        assert (again.write_user, again.write_pristine) == (None, None), _case


def test_difference_shows_the_users_line_under_clear_headers():
    diff = difference(OLD, MINE, "soul").splitlines()
    assert diff[:2] == ["--- shipped soul.md", "+++ your soul.md"]
    assert "-You are warm." in diff and "+You are grumpy on Mondays." in diff


def test_difference_ignores_line_endings_and_is_empty_when_the_same():
    assert difference(NEW, NEW.replace("\n", "\r\n") + "\r\n", "soul") == ""
    assert difference(NEW, MINE.replace("\n", "\r\n"), "soul.md").startswith("--- shipped soul.md\n")


def test_a_missing_user_file_is_not_an_edit():
    assert not is_edited(NEW, OLD, None)
    assert is_edited(NEW, None, MINE)
    assert not is_edited(NEW, OLD, OLD)
