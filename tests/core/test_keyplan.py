"""Where the database key comes from, as a table over every combination that matters."""

import pytest

from app.core.keyplan import KeyAction, KeyFacts, plan_key

A = KeyAction
CASES = [
    # db_exists, keyring, stored, passphrase, can_ask -> action
    (False, True, False, False, False, A.CREATE_AND_STORE),
    (True, True, True, False, False, A.USE_STORED),
    (True, True, True, True, True, A.USE_STORED),        # a stored key beats a stray passphrase
    (False, False, False, True, False, A.USE_PASSPHRASE),
    (True, False, False, True, True, A.USE_PASSPHRASE),  # the environment beats a dialog
    (True, False, False, False, True, A.ASK_PASSPHRASE),
    (False, False, False, False, True, A.ASK_PASSPHRASE),
    (True, True, False, True, False, A.USE_PASSPHRASE),  # made with a passphrase, keyring came later
    (True, True, False, False, True, A.ASK_PASSPHRASE),
    (True, False, False, False, False, A.FAIL),
    (False, False, False, False, False, A.FAIL),
    (True, True, False, False, False, A.FAIL),           # key lost from the keyring: never make a new one
]


@pytest.mark.parametrize("exists,keyring,stored,phrase,ask,action", CASES)
def test_plan_key(exists, keyring, stored, phrase, ask, action):
    plan = plan_key(KeyFacts(exists, keyring, stored, phrase, ask))
    assert plan.action is action
    assert plan.new_database is (not exists)
    if action is A.FAIL:
        assert "BEA_PASSPHRASE" in plan.reason
