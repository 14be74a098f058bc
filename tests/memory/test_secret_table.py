"""Secrets on a machine with no keyring: schema 13's table in the encrypted store, and SecretStore using it only
where no keyring exists."""

import secrets

from app.memory.database import Database
from app.memory.keys import KeyMaterial
from app.memory.migrations import LATEST, MIGRATIONS
from app.memory.secret_table import SecretTable
from app.process.clock import SYSTEM
from app.process.secrets import SecretStore

VALUE = "obs-pw-5c1e77-never-in-plain-text"


def test_a_schema_12_store_gains_the_secrets_table_and_keeps_its_data(tmp_path):
    path, key = tmp_path / "bea.db", KeyMaterial("raw", secrets.token_hex(32))
    old = Database.open(path, key, migrations=MIGRATIONS[:12])
    old.write(lambda c: c.execute("INSERT INTO meta (key, value) VALUES ('kept', 'yes')"))
    old.close()
    db = Database.open(path, key)
    try:
        assert db.migrated_from == 12 and db.version == LATEST  # 13 made the secrets table
        assert db.read(lambda c: c.execute("SELECT value FROM meta WHERE key = 'kept'").fetchone()) == ("yes",)
        table = SecretTable(db, clock=SYSTEM.time)
        assert table.get("obs_password") is None and table.values() == []
        table.set("obs_password", "first")
        table.set("obs_password", VALUE)                    # replaced, not kept alongside
        assert table.get("obs_password") == VALUE and table.values() == [VALUE]
        db.checkpoint()
        files = [p for p in tmp_path.iterdir() if p.is_file()]
        assert files and not any(VALUE.encode() in p.read_bytes() for p in files)
        table.delete("obs_password")
        assert table.get("obs_password") is None
    finally:
        db.close()


def test_without_a_keyring_the_store_takes_over_from_memory(tmp_path):
    db = Database.open(tmp_path / "bea.db", KeyMaterial("passphrase", "a long passphrase"))
    try:
        store = SecretStore(use_keyring=False)
        assert store.place == "memory"
        assert store.where == "memory for this run only (there is no keyring here)"
        store.set("twitch_oauth_token", "typed-before-the-store-opened")
        store.keep_in(SecretTable(db, clock=SYSTEM.time))
        assert store.place == "store"
        assert store.where == "Bea's encrypted memory file, since this machine has no keyring"
        assert SecretTable(db, clock=SYSTEM.time).get("twitch_oauth_token") == "typed-before-the-store-opened"
        store.set("obs_password", VALUE)
        fresh = SecretStore(use_keyring=False)                   # the next run
        fresh.keep_in(SecretTable(db, clock=SYSTEM.time))
        assert VALUE in fresh.known_values()                     # masked before anyone asks for it
        assert fresh.get("obs_password") == VALUE
        fresh.delete("obs_password")
        assert store.get("obs_password") is None
    finally:
        db.close()


def test_where_a_keyring_exists_it_holds_the_secrets_and_the_table_stays_empty(tmp_path, file_keyring):
    import keyring
    db = Database.open(tmp_path / "bea.db", KeyMaterial("raw", secrets.token_hex(32)))
    try:
        store = SecretStore()
        store.keep_in(SecretTable(db, clock=SYSTEM.time))
        assert store.place == "keyring" and store.where == "the system keyring"
        store.set("obs_password", VALUE)
        assert keyring.get_password("Bea", "secret:obs_password") == VALUE
        assert SecretTable(db, clock=SYSTEM.time).values() == []
    finally:
        db.close()
