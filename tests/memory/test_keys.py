"""The database key: 256 random bits kept in a real keyring backend, or a passphrase when there is none."""

import re

import keyring
import pytest

from app.memory.database import Database
from app.memory.keys import KEYRING_SERVICE, KeyMaterial, KeyUnavailable, keyring_username, obtain_key
from tests.conftest import run_app


def test_first_run_makes_a_key_in_the_keyring_and_reuses_it(tmp_path, file_keyring):
    db_path = tmp_path / "bea.db"
    key = obtain_key(db_path, env={})
    stored = keyring.get_password(KEYRING_SERVICE, keyring_username(db_path))
    assert key.kind == "raw" and stored == key.value and re.fullmatch(r"[0-9a-f]{64}", stored)
    Database.open(db_path, key).close()
    again = obtain_key(db_path, env={})
    assert again == key
    Database.open(db_path, again).close()
    assert key.value not in repr(key)


def test_two_data_folders_get_two_keys(tmp_path, file_keyring):
    a = obtain_key(tmp_path / "a" / "bea.db", env={})
    b = obtain_key(tmp_path / "b" / "bea.db", env={})
    assert a.value != b.value


def test_a_lost_keyring_key_never_makes_a_new_one(tmp_path, file_keyring):
    db_path = tmp_path / "bea.db"
    Database.open(db_path, obtain_key(db_path, env={})).close()
    keyring.delete_password(KEYRING_SERVICE, keyring_username(db_path))
    with pytest.raises(KeyUnavailable, match="holds no key"):
        obtain_key(db_path, env={})


def test_without_a_keyring_the_passphrase_comes_from_the_environment(tmp_path):
    key = obtain_key(tmp_path / "bea.db", env={"BEA_PASSPHRASE": "s3cret phrase"})
    assert key.kind == "passphrase" and key.value == "s3cret phrase"


def test_without_a_keyring_the_user_is_asked(tmp_path):
    asked = []

    def ask(new):
        asked.append(new)
        return "typed phrase"

    key = obtain_key(tmp_path / "bea.db", ask=ask, env={})
    assert asked == [True] and key.value == "typed phrase"
    with pytest.raises(KeyUnavailable, match="no passphrase"):
        obtain_key(tmp_path / "bea.db", ask=lambda new: None, env={})


def test_without_keyring_passphrase_or_dialog_it_says_what_to_do(tmp_path):
    with pytest.raises(KeyUnavailable, match="BEA_PASSPHRASE"):
        obtain_key(tmp_path / "bea.db", env={})
    assert not (tmp_path / "bea.db").exists()


def test_a_plaintext_file_keyring_is_not_trusted_unless_the_user_named_it(tmp_path, monkeypatch):
    from keyrings.alt.file import PlaintextKeyring

    from app.memory.keys import keyring_usable
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    previous = keyring.get_keyring()
    keyring.set_keyring(PlaintextKeyring())
    try:
        monkeypatch.delenv("PYTHON_KEYRING_BACKEND")
        assert not keyring_usable()
        with pytest.raises(KeyUnavailable, match="no OS keyring"):
            obtain_key(tmp_path / "bea.db", env={})
        monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyrings.alt.file.PlaintextKeyring")
        assert keyring_usable()
    finally:
        keyring.set_keyring(previous)


def test_a_new_database_is_not_made_with_a_short_passphrase_from_the_environment(tmp_path):
    db_path = tmp_path / "bea.db"
    with pytest.raises(KeyUnavailable, match="BEA_PASSPHRASE holds 7 characters.*at least 8.*nothing was created"):
        obtain_key(db_path, env={"BEA_PASSPHRASE": "1234567"})
    assert not db_path.exists()
    assert obtain_key(db_path, env={"BEA_PASSPHRASE": "12345678"}).value == "12345678"


def test_an_existing_database_opens_with_the_short_passphrase_it_was_made_with(tmp_path):
    db_path = tmp_path / "bea.db"
    Database.open(db_path, KeyMaterial("passphrase", "short")).close()   # made by an older build
    before = db_path.read_bytes()
    key = obtain_key(db_path, env={"BEA_PASSPHRASE": "short"})
    assert key.value == "short" and db_path.read_bytes() == before


def test_the_app_refuses_a_short_passphrase_for_a_new_store_in_plain_words(data_dir):
    out = run_app("--headless", "--data-dir", str(data_dir), env={"BEA_PASSPHRASE": "abc"})
    assert out.returncode == 2, out.stdout + out.stderr
    assert "BEA_PASSPHRASE holds 3 characters; a new database needs a passphrase of at least 8" in out.stderr
    assert not (data_dir / "bea.db").exists() and "abc" not in out.stderr.replace("BEA_PASSPHRASE", "")
