"""The encrypted store: unreadable without the key, no plaintext on disk, wrong keys and newer files refused
with the file untouched, migrations with a backup, and one serialised writer."""

import asyncio
import hashlib
import secrets
import sqlite3

import pytest
import sqlcipher3

from app.memory.database import Database, NewerSchema, WrongKey
from app.memory.keys import KeyMaterial
from app.memory.migrations import LATEST, MIGRATIONS

CANARY = "canary-7f3a-plaintext-should-never-appear"


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def key():
    return KeyMaterial("raw", secrets.token_hex(32))


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "bea.db"


def test_new_database_is_migrated_to_latest_in_wal(db_path, key):
    db = Database.open(db_path, key)
    try:
        assert db.version == LATEST and db.migrated_from == 0 and db.backup_path is None
        assert db.read(lambda c: c.execute("PRAGMA journal_mode").fetchone()[0]) == "wal"
        tables = db.read(lambda c: {r[0] for r in c.execute("SELECT name FROM sqlite_master")})
        assert {"meta", "settings", "runs"} <= tables
    finally:
        db.close()


def test_plain_sqlite_cannot_read_it_and_no_plaintext_on_disk(db_path, key):
    db = Database.open(db_path, key)
    try:
        db.write(lambda c: c.execute("INSERT INTO meta VALUES ('canary', ?)", (CANARY,)))
        wal = db_path.with_name("bea.db-wal")
        assert wal.exists() and wal.stat().st_size > 0, "the write should still sit in the WAL"
        for f in (db_path, wal):
            assert CANARY.encode() not in f.read_bytes(), f"{f.name} holds the canary in plaintext"
        plain = sqlite3.connect(db_path)
        with pytest.raises(sqlite3.DatabaseError):
            plain.execute("SELECT * FROM sqlite_master").fetchall()
        plain.close()
        assert db.read(lambda c: c.execute("SELECT value FROM meta WHERE key='canary'").fetchone()[0]) == CANARY
    finally:
        db.close()
    assert CANARY.encode() not in db_path.read_bytes()


@pytest.mark.parametrize("wrong", [KeyMaterial("raw", "00" * 32), KeyMaterial("passphrase", "guess")])
def test_wrong_key_is_refused_and_the_file_is_untouched(db_path, key, wrong):
    db = Database.open(db_path, key)
    db.write(lambda c: c.execute("INSERT INTO meta VALUES ('canary', ?)", (CANARY,)))
    db.close()
    before = {p.name: digest(p) for p in db_path.parent.iterdir()}
    with pytest.raises(WrongKey, match="locked with a different key") as refused:
        Database.open(db_path, wrong)
    # and it says what to do next, for where the key came from
    assert ("type the passphrase you chose" if wrong.kind == "passphrase" else "restore that keyring") \
        in str(refused.value)
    assert {p.name: digest(p) for p in db_path.parent.iterdir()} == before


def test_passphrase_keys_work_and_quotes_are_safe(db_path):
    phrase = KeyMaterial("passphrase", "it's a 'quoted' phrase")
    Database.open(db_path, phrase).close()
    db = Database.open(db_path, phrase)
    assert db.version == LATEST
    db.close()


def test_migration_from_the_previous_version_leaves_a_backup(db_path, key):
    old = Database.open(db_path, key, migrations=MIGRATIONS[:-1])
    assert old.version == LATEST - 1
    old.write(lambda c: c.execute("INSERT INTO meta VALUES ('kept', 'yes')"))
    old.close()

    db = Database.open(db_path, key)
    try:
        assert db.migrated_from == LATEST - 1 and db.version == LATEST
        assert db.backup_path == db_path.with_name(f"bea.db.bak-{LATEST - 1}")
        assert db.read(lambda c: c.execute("SELECT value FROM meta WHERE key='kept'").fetchone()[0]) == "yes"
    finally:
        db.close()
    backup = sqlcipher3.connect(str(db.backup_path))
    backup.execute(key.pragma())
    assert backup.execute("PRAGMA user_version").fetchone()[0] == LATEST - 1
    assert backup.execute("SELECT value FROM meta WHERE key='kept'").fetchone()[0] == "yes"
    old_tables = {r[0] for r in backup.execute("SELECT name FROM sqlite_master")}
    backup.close()
    db = Database.open(db_path, key)
    new_tables = db.read(lambda c: {r[0] for r in c.execute("SELECT name FROM sqlite_master")})
    db.close()
    assert old_tables < new_tables, "the backup must hold the schema from before the migration"


def test_a_failing_migration_rolls_back_its_step(db_path, key):
    from app.memory.migrations import Migration
    Database.open(db_path, key).close()
    broken = (*MIGRATIONS, Migration(LATEST + 1, "broken", ("CREATE TABLE ok_part (a)", "NOT SQL AT ALL")))
    with pytest.raises(sqlcipher3.OperationalError):
        Database.open(db_path, key, migrations=broken)
    db = Database.open(db_path, key)
    try:
        assert db.version == LATEST
        names = db.read(lambda c: {r[0] for r in c.execute("SELECT name FROM sqlite_master")})
        assert "ok_part" not in names
    finally:
        db.close()


def test_a_file_from_a_newer_version_is_refused_untouched(db_path, key):
    Database.open(db_path, key).close()
    raw = sqlcipher3.connect(str(db_path), isolation_level=None)
    raw.execute(key.pragma())
    raw.execute(f"PRAGMA user_version = {LATEST + 3}")
    raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    before = {p.name: digest(p) for p in db_path.parent.iterdir()}
    with pytest.raises(NewerSchema, match="newer version of Bea"):
        Database.open(db_path, key)
    assert {p.name: digest(p) for p in db_path.parent.iterdir()} == before


def test_writes_are_serialised_and_transactions_roll_back(db_path, key):
    db = Database.open(db_path, key)
    try:
        db.write(lambda c: c.execute("CREATE TABLE counter (n INTEGER)"))
        db.write(lambda c: c.execute("INSERT INTO counter VALUES (0)"))

        def bump(c):
            n = c.execute("SELECT n FROM counter").fetchone()[0]
            c.execute("UPDATE counter SET n = ?", (n + 1,))

        async def many():
            await asyncio.gather(*(db.awrite(bump) for _ in range(200)))
            return await db.aread(lambda c: c.execute("SELECT n FROM counter").fetchone()[0])

        assert asyncio.run(many()) == 200

        def half_then_fail(c):
            c.execute("UPDATE counter SET n = -1")
            raise ValueError("bad input")

        with pytest.raises(ValueError):
            db.write(half_then_fail)
        assert db.read(lambda c: c.execute("SELECT n FROM counter").fetchone()[0]) == 200
    finally:
        db.close()


def test_read_connections_cannot_write(db_path, key):
    db = Database.open(db_path, key)
    try:
        with pytest.raises(sqlcipher3.OperationalError, match="readonly|query_only"):
            db.read(lambda c: c.execute("INSERT INTO meta VALUES ('x', 'y')"))
    finally:
        db.close()


def _sqlite_memory_used() -> int:
    """The bytes SQLCipher's own allocator holds, process-wide (the library sqlcipher3 loaded)."""
    import ctypes

    lib = ctypes.CDLL(sqlcipher3._sqlite3.__file__)
    lib.sqlite3_memory_used.restype = ctypes.c_int64
    return lib.sqlite3_memory_used()


def test_every_connection_keeps_a_bounded_page_cache(db_path, key):
    """A long stream reads far more than the cache holds: what each connection keeps stays at CACHE_KIB."""
    from app.memory.database import CACHE_KIB

    db = Database.open(db_path, key, readers=2)
    try:
        blob = secrets.token_bytes(1500)
        db.write(lambda c: c.execute("CREATE TABLE big (id INTEGER PRIMARY KEY, v BLOB)"))
        for part in range(4):   # 40,000 rows of 1.5 KB: about 60 MB of pages
            db.write(lambda c, part=part: c.executemany("INSERT INTO big VALUES (?, ?)",
                                                        ((part * 10_000 + i, blob) for i in range(10_000))))
        before = _sqlite_memory_used()
        for _ in range(4):      # both readers (the pool takes turns) and the writer read it all
            assert db.read(lambda c: c.execute("SELECT sum(length(v)) FROM big").fetchone()[0]) == 60_000_000
        db.write(lambda c: c.execute("SELECT sum(length(v)) FROM big").fetchone())
        grown = _sqlite_memory_used() - before
        sizes = {db.read(lambda c: c.execute("PRAGMA cache_size").fetchone()[0]) for _ in range(4)}
        sizes.add(db.write(lambda c: c.execute("PRAGMA cache_size").fetchone()[0]))
    finally:
        db.close()
    assert sizes == {-CACHE_KIB}
    # three connections, each at most CACHE_KIB of pages (SQLCipher's build default is 8 MB each: about 24 MB)
    assert grown < 3 * CACHE_KIB * 1024 + 2 * 2**20, f"sqlite holds {grown / 2**20:.1f} MB more after the reads"
