"""The one data-access layer over bea.db: a single serialised writer and a few read connections, off-thread.

Opening keys the file and proves the key with a real query before anything else happens (SQLCipher accepts
any PRAGMA key and only fails on the first read). A wrong key, or a file from a newer Bea, is refused with the
file left byte-identical. Pending migrations run one transaction each, after an online backup to
bea.db.bak-<version>.
Every connection keeps at most CACHE_KIB of decrypted pages (PRAGMA cache_size): SQLCipher's build sets 8 MB
per connection, and over a long stream the writer's and each reader's cache filled to it (after a restart the
stream in a box measured sqlite's memory climbing from 2 to 9 MB in 1,300 chat lines, on its way to 8 MB times
the connections). 2 MiB is SQLite's own default: the hot index pages fit, and a page it drops is read back from
the system's file cache and decrypted again (a few microseconds).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import sqlcipher3

from app.core.failures import summary
from app.core.migration_plan import plan_migrations
from app.memory.keys import KeyMaterial
from app.memory.migrations import MIGRATIONS, Migration
from app.process.executors import BoundedExecutor

log = logging.getLogger(__name__)
T = TypeVar("T")
CACHE_KIB = 2048
Connection = sqlcipher3.Connection


class StoreError(RuntimeError):
    exit_code = 1


class WrongKey(StoreError):
    exit_code = 2


class NewerSchema(StoreError):
    exit_code = 2


# what the streamer can do about a wrong key, by where the key came from
_NEXT_STEP = {
    "passphrase": "Start Bea again and type the passphrase you chose when this memory was made (if BEA_PASSPHRASE "
                  "is set, it must be that one).",
    "raw": "The key your system keyring holds for it does not open it (the keyring entry was replaced, or the "
           "file came from another machine): restore that keyring, or, if this memory was made with a passphrase, "
           "start Bea with BEA_PASSPHRASE set to it. To begin a new memory instead, start Bea with another "
           "--data-dir.",
}


def _connect(path: Path, key: KeyMaterial, readonly: bool = False) -> Connection:
    conn = sqlcipher3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=10.0)
    conn.execute("PRAGMA cipher_log_level = NONE")  # a wrong key is reported by us, in words
    conn.execute(key.pragma())
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlcipher3.DatabaseError:
        conn.close()
        raise WrongKey(f"this database is locked with a different key ({path}); it was not changed. "
                       + _NEXT_STEP[key.kind]) from None
    _load_vector_search(conn)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA busy_timeout = 10000")
    conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    if readonly:
        conn.execute("PRAGMA query_only = ON")
    return conn


def _load_vector_search(conn: Connection) -> None:
    """sqlite-vec (vec0 tables, KNN) loads into SQLCipher like into SQLite; without it recall uses numpy."""
    try:
        import sqlite_vec
    except ImportError:
        return
    conn.enable_load_extension(True)
    try:
        sqlite_vec.load(conn)
    finally:
        conn.enable_load_extension(False)


def vector_search_available(conn: Connection) -> bool:
    try:
        conn.execute("SELECT vec_version()").fetchone()
    except sqlcipher3.OperationalError:
        return False
    return True


def _apply(conn: Connection, m: Migration) -> None:
    conn.execute("BEGIN IMMEDIATE")
    try:
        for statement in m.statements:
            conn.execute(statement)
        if m.apply is not None:
            m.apply(conn)
        conn.execute(f"PRAGMA user_version = {int(m.version)}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


class Database:
    def __init__(self, path: Path, key: KeyMaterial, readers: int) -> None:
        self.path = path
        self._key = key
        self._local = threading.local()
        self._readers_open: list[Connection] = []
        self._writer_conn: Connection | None = None
        self.version = 0
        self.migrated_from: int | None = None
        self.backup_path: Path | None = None
        self._writer = BoundedExecutor("db-writer", 1, queue_size=1024)
        self._readers = BoundedExecutor("db-reader", readers, queue_size=1024,
                                        on_thread_exit=self._close_reader)

    # ---- opening -------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path, key: KeyMaterial, migrations: tuple[Migration, ...] = MIGRATIONS,
             readers: int = 2) -> Database:
        db = cls(path, key, readers)
        try:
            db._writer.submit(db._open_writer, migrations).result()
        except BaseException:
            db._writer.shutdown(wait=False)
            db._readers.shutdown(wait=False)
            raise
        return db

    def _open_writer(self, migrations: tuple[Migration, ...]) -> None:
        conn = _connect(self.path, self._key)
        try:
            current = conn.execute("PRAGMA user_version").fetchone()[0]
            latest = migrations[-1].version if migrations else 0
            plan = plan_migrations(current, latest)
            if plan.refusal:
                raise NewerSchema(plan.refusal)
            if conn.execute("PRAGMA journal_mode = WAL").fetchone()[0].lower() != "wal":
                raise StoreError("the database could not be switched to WAL mode")
            conn.execute("PRAGMA synchronous = NORMAL")
            if plan.backup:
                self.backup_path = self.path.with_name(f"{self.path.name}.bak-{current}")
                self._backup(conn, self.backup_path)
            by_version = {m.version: m for m in migrations}
            for v in plan.steps:
                log.info("migrating the database to schema %d (%s)", v, by_version[v].name)
                _apply(conn, by_version[v])
            self.migrated_from = current if plan.steps else None
            self.version = latest if plan.steps else current
        except BaseException:
            conn.close()
            raise
        self._writer_conn = conn

    def _backup(self, conn: Connection, target: Path) -> None:
        if target.exists():
            target.unlink()
        dest = sqlcipher3.connect(str(target), isolation_level=None)
        try:
            dest.execute(self._key.pragma())
            conn.backup(dest)
        finally:
            dest.close()
        log.info("backed up the database to %s before migrating", target.name)

    # ---- access --------------------------------------------------------------------------------
    def _in_transaction(self, fn: Callable[[Connection], T]) -> T:
        conn = self._writer_conn
        if conn is None:
            raise StoreError("the database is closed")
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn(conn)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result

    def _reader(self) -> Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = _connect(self.path, self._key, readonly=True)
            self._local.conn = conn
            self._readers_open.append(conn)
        return conn

    def _close_reader(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()

    def _read(self, fn: Callable[[Connection], T]) -> T:
        return fn(self._reader())

    def write(self, fn: Callable[[Connection], T]) -> T:
        """Run fn in one write transaction on the writer thread; blocks the caller (not for the UI thread)."""
        return self._writer.submit(self._in_transaction, fn).result()

    def read(self, fn: Callable[[Connection], T]) -> T:
        return self._readers.submit(self._read, fn).result()

    async def awrite(self, fn: Callable[[Connection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._writer, self._in_transaction, fn)

    async def aread(self, fn: Callable[[Connection], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._readers, self._read, fn)

    @property
    def closed(self) -> bool:
        """True once close() ran: views on timers stop asking then."""
        return self._writer_conn is None

    def checkpoint(self) -> None:
        # fetched, so the statement is finished before the next write commits
        self._writer.submit(lambda: self._writer_conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()).result()

    def close(self, timeout: float = 3.0) -> None:
        """Finish queued writes (up to `timeout`), then close every connection."""
        def close_writer() -> None:
            if self._writer_conn is not None:
                self._writer_conn.close()
                self._writer_conn = None
        try:
            self._writer.submit(close_writer).result(timeout)
        except Exception as exc:
            log.warning("the database writer did not close cleanly: %s", summary(exc))
        self._writer.shutdown(wait=True, timeout=timeout)
        self._readers.shutdown(wait=True, cancel_futures=True, timeout=timeout)


def pages_failing_hmac(conn: Connection) -> int:
    """How many pages of the encrypted file fail their HMAC (0 when none was altered)."""
    return len(conn.execute("PRAGMA cipher_integrity_check").fetchall())


def integrity_check(conn: Connection) -> str:
    """SQLite's own check of the file's structure: "ok" when it is sound, else what it found."""
    return conn.execute("PRAGMA integrity_check").fetchone()[0]


def cipher_facts(conn: Connection) -> dict[str, Any]:
    return {
        "cipher_version": conn.execute("PRAGMA cipher_version").fetchone()[0],
        "journal_mode": conn.execute("PRAGMA journal_mode").fetchone()[0],
        "schema_version": conn.execute("PRAGMA user_version").fetchone()[0],
    }


