"""Social memory on disk (seed 000): identities, tallies, sessions, cards, facts and donations.

Every method blocks (call it off the loop). A batch of sightings is one transaction; a card is minted once, by
whoever sees the rule fire first, because identities.person_id is set inside the same write that mints it.
Decisions live in app.core.people; this module only stores and reads.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from app.core import people as rules
from app.core.people import Card, RosterEntry

if TYPE_CHECKING:
    from app.memory.database import Connection, Database

log = logging.getLogger(__name__)

SORTS = {"messages": "r.messages DESC", "sessions": "sessions DESC", "donations": "donated DESC",
         "last_seen": "r.last_seen DESC", "name": "i.name_key ASC"}


@dataclass(frozen=True)
class Sighting:
    identity: str              # platform:native_id
    display_name: str
    ts: float
    one_on_one: bool = False
    count: bool = True         # False: a surface already tallied it (meta tallied)


@dataclass(frozen=True)
class RosterRow:
    identity: str
    display_name: str
    messages: int
    sessions: int
    donated: int               # donations made (the amounts are per currency, on the card)
    last_seen: float
    person_id: int | None


def _split(identity: str) -> tuple[str, str]:
    platform, _, native = identity.partition(":")
    if not platform or not native:
        raise ValueError(f"an identity is platform:id, not {identity!r}")
    return platform, native


class PeopleStore:
    def __init__(self, db: Database, *, clock: Callable[[], float]) -> None:
        self._db = db
        self._clock = clock
        self._known_lock = threading.Lock()
        self._known: set[str] = set()  # every identity on a card, kept in step by the writes (read on the loop)
        self._reload_known()

    # ---- who has a card ---------------------------------------------------------------------------
    def has_card(self, identity: str) -> bool:
        """Whether `identity` is on a card; answered from memory, so the attention gate may ask on the loop."""
        return identity in self._known

    def _reload_known(self) -> None:
        known = set(self._db.read(lambda c: [r[0] for r in c.execute(
            "SELECT id FROM identities WHERE person_id IS NOT NULL")]))
        with self._known_lock:
            self._known = known

    def _now_known(self, *identities: str) -> None:
        if all(identity in self._known for identity in identities):
            return  # the usual case (a batch re-checks every carded author): no copy
        with self._known_lock:
            self._known = self._known | set(identities)  # a new set: readers on other threads never see it change

    def _write(self, run: Callable[[Connection], Any]) -> Any:
        try:
            return self._db.write(run)
        except BaseException:
            self._reload_known()  # a rolled-back mint must not leave someone known
            raise

    # ---- tallies ----------------------------------------------------------------------------------
    @staticmethod
    def _ensure_identity(c: Connection, identity: str, display_name: str) -> None:
        platform, native = _split(identity)
        c.execute("INSERT INTO identities (id, platform, native_id, display_name, name_key) VALUES (?, ?, ?, ?, ?) "
                  "ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, "
                  "name_key = excluded.name_key WHERE excluded.display_name != ''",
                  (identity, platform, native, display_name, rules.name_key(display_name)))

    def tally(self, sightings: Sequence[Sighting], session_id: int | None) -> dict[str, RosterEntry]:
        """Record a batch in one transaction; link placeholders named exactly like a new account (rule 4);
        mint the cards the rule asks for. Returns each author's tally after the batch."""
        def run(c: Connection) -> dict[str, RosterEntry]:
            out = {}
            for s in sightings:
                self._ensure_identity(c, s.identity, s.display_name)
                if s.count:
                    c.execute("INSERT INTO roster (identity, messages, had_1on1, first_seen, last_seen) "
                              "VALUES (?, 1, ?, ?, ?) ON CONFLICT (identity) DO UPDATE SET "
                              "messages = messages + 1, had_1on1 = max(had_1on1, excluded.had_1on1), "
                              "last_seen = max(last_seen, excluded.last_seen)",
                              (s.identity, int(s.one_on_one), s.ts, s.ts))
                    if session_id is not None:
                        c.execute("INSERT OR IGNORE INTO roster_sessions (identity, session_id) VALUES (?, ?)",
                                  (s.identity, session_id))
                self._link_placeholder(c, s.identity, s.display_name)
            for identity in dict.fromkeys(s.identity for s in sightings):
                entry = self._entry(c, identity)
                if entry is not None:
                    self._maybe_promote(c, entry)
                    out[identity] = entry
            return out
        return self._write(run)

    def _link_placeholder(self, c: Connection, identity: str, display_name: str) -> None:
        if rules.is_placeholder(identity) or not display_name.strip():
            return
        row = c.execute("SELECT id, person_id FROM identities WHERE id = ? AND linked_to IS NULL",
                        (rules.placeholder_identity(display_name),)).fetchone()
        if row is None:
            return
        mine = c.execute("SELECT person_id FROM identities WHERE id = ?", (identity,)).fetchone()[0]
        if mine is not None and row[1] is not None and mine != row[1]:
            return  # already two cards: never merged by name
        c.execute("UPDATE identities SET linked_to = ? WHERE id = ?", (identity, row[0]))
        if row[1] is not None and mine is None:
            c.execute("UPDATE identities SET person_id = ? WHERE id = ?", (row[1], identity))
            self._now_known(identity)

    @staticmethod
    def _entry(c: Connection, identity: str) -> RosterEntry | None:
        row = c.execute("SELECT messages, had_1on1, marked_by_bea, first_seen, last_seen FROM roster "
                        "WHERE identity = ?", (identity,)).fetchone()
        if row is None:
            return None
        sessions = c.execute("SELECT count(*) FROM roster_sessions WHERE identity = ?", (identity,)).fetchone()[0]
        total = sum((Decimal(a) for (a,) in c.execute("SELECT amount FROM donations WHERE identity = ?",
                                                      (identity,))), Decimal(0))
        return RosterEntry(identity, row[0], total, bool(row[1]), bool(row[2]), sessions, row[3], row[4])

    def entry(self, identity: str) -> RosterEntry | None:
        return self._db.read(lambda c: self._entry(c, identity))

    def _maybe_promote(self, c: Connection, entry: RosterEntry) -> int | None:
        reason = rules.promotion_reason(entry)
        if reason is None:
            return None
        return self._mint(c, entry.identity, reason)  # a known card takes the stronger reason

    def _mint(self, c: Connection, identity: str, reason: str) -> int:
        """The card of `identity`, minted now if it has none; an existing card takes the stronger reason."""
        have = c.execute("SELECT person_id FROM identities WHERE id = ?", (identity,)).fetchone()
        if have is not None and have[0] is not None:
            shown = c.execute("SELECT reason FROM people WHERE id = ?", (have[0],)).fetchone()[0]
            if rules.stronger(reason, shown):
                c.execute("UPDATE people SET reason = ? WHERE id = ?", (reason, have[0]))
            self._now_known(identity)
            return have[0]
        now = self._clock()
        pid = c.execute("INSERT INTO people (reason, created_at, updated_at) VALUES (?, ?, ?)",
                        (reason, now, now)).lastrowid
        c.execute("UPDATE identities SET person_id = ? WHERE id = ?", (pid, identity))
        self._now_known(identity)
        log.info("a card was minted (%s)", reason)
        return pid

    def ensure_tally(self, c: Connection, identity: str, display_name: str) -> None:
        self._ensure_identity(c, identity, display_name)
        now = self._clock()
        c.execute("INSERT OR IGNORE INTO roster (identity, first_seen, last_seen) VALUES (?, ?, ?)",
                  (identity, now, now))

    # ---- cards ------------------------------------------------------------------------------------
    def person_of(self, identity: str) -> int | None:
        row = self._db.read(lambda c: c.execute("SELECT person_id FROM identities WHERE id = ?",
                                                (identity,)).fetchone())
        return row[0] if row else None

    def card(self, person_id: int, label: Callable[[int, list[str]], str]) -> Card | None:
        """The card, named with `label(person_id, identities)` (the viewer's alias for them)."""
        def run(c: Connection) -> Card | None:
            row = c.execute("SELECT attitude, profile, reason FROM people WHERE id = ?", (person_id,)).fetchone()
            if row is None:
                return None
            accounts = c.execute("SELECT id, display_name, platform FROM identities WHERE person_id = ? "
                                 "ORDER BY id", (person_id,)).fetchall()
            facts = [r[0] for r in c.execute("SELECT text FROM facts WHERE person_id = ? ORDER BY id DESC",
                                             (person_id,))]
            names = tuple(dict.fromkeys(a[1] for a in accounts if a[1]))
            platforms = tuple(dict.fromkeys(a[2] for a in accounts if a[2] != rules.PLACEHOLDER))
            return Card(person_id, label(person_id, [a[0] for a in accounts]), names, row[0], row[1],
                        tuple(facts), row[2], platforms)
        return self._db.read(run)

    def identities_of(self, person_id: int) -> list[str]:
        return self._db.read(lambda c: [r[0] for r in c.execute(
            "SELECT id FROM identities WHERE person_id = ? ORDER BY id", (person_id,))])

    def mark(self, identity: str, marked: bool, display_name: str = "") -> int | None:
        """Her own mark (or the streamer's toggle): marking mints a card at once; unmarking keeps the card."""
        def run(c: Connection) -> int | None:
            self.ensure_tally(c, identity, display_name)
            c.execute("UPDATE roster SET marked_by_bea = ? WHERE identity = ?", (int(marked), identity))
            return self._mint(c, identity, "marked_by_bea") if marked else None
        return self._write(run)

    def mark_card(self, identity: str, reason: str) -> int:
        """A card for `identity` for a reason of its own (the profiler's), minted once."""
        return self._write(lambda c: (self.ensure_tally(c, identity, ""), self._mint(c, identity, reason))[1])

    def set_card(self, person_id: int, attitude: str | None = None, profile: str | None = None) -> None:
        def run(c: Connection) -> None:
            if attitude is not None:
                c.execute("UPDATE people SET attitude = ?, updated_at = ? WHERE id = ?",
                          (attitude.strip(), self._clock(), person_id))
            if profile is not None:
                c.execute("UPDATE people SET profile = ?, updated_at = ? WHERE id = ?",
                          (profile.strip(), self._clock(), person_id))
        self._write(run)

    def add_fact(self, person_id: int, text: str, source: str) -> bool:
        """A fact on a card, the oldest dropped past MAX_FACTS_STORED; an exact repeat is not stored twice."""
        text = " ".join(text.split())
        if not text:
            return False

        def run(c: Connection) -> bool:
            if c.execute("SELECT 1 FROM facts WHERE person_id = ? AND text = ?", (person_id, text)).fetchone():
                return False
            count = c.execute("SELECT count(*) FROM facts WHERE person_id = ?", (person_id,)).fetchone()[0]
            drop = rules.facts_to_drop(count)
            if drop:
                c.execute("DELETE FROM facts WHERE id IN (SELECT id FROM facts WHERE person_id = ? ORDER BY id "
                          "LIMIT ?)", (person_id, drop))
            c.execute("INSERT INTO facts (person_id, text, source, ts) VALUES (?, ?, ?, ?)",
                      (person_id, text, source, self._clock()))
            c.execute("UPDATE people SET updated_at = ? WHERE id = ?", (self._clock(), person_id))
            return True
        return self._write(run)

    def remove_fact(self, person_id: int, text: str) -> bool:
        return self._write(lambda c: c.execute("DELETE FROM facts WHERE person_id = ? AND text = ?",
                                                  (person_id, text)).rowcount > 0)

    def link(self, identity: str, person_id: int) -> None:
        """The streamer joins an account to a card (one person on two platforms): an explicit act, never a
        guess from similar names. An account that had a card of its own moves its facts over."""
        def run(c: Connection) -> None:
            if c.execute("SELECT 1 FROM people WHERE id = ?", (person_id,)).fetchone() is None:
                raise ValueError("there is no such card")
            old = c.execute("SELECT person_id FROM identities WHERE id = ?", (identity,)).fetchone()
            if old is None:
                raise ValueError("there is no such account")
            c.execute("UPDATE identities SET person_id = ? WHERE id = ?", (person_id, identity))
            self._now_known(identity)
            if old[0] is not None and old[0] != person_id:
                if c.execute("SELECT count(*) FROM identities WHERE person_id = ?", (old[0],)).fetchone()[0] == 0:
                    c.execute("UPDATE facts SET person_id = ? WHERE person_id = ?", (person_id, old[0]))
                    c.execute("DELETE FROM people WHERE id = ?", (old[0],))
        self._write(run)

    # ---- names --------------------------------------------------------------------------------------
    def find_by_name(self, name: str) -> list[str]:
        """Accounts whose display name is exactly `name` (rule 4), most recently seen first."""
        key = rules.name_key(name)
        return self._db.read(lambda c: [r[0] for r in c.execute(
            "SELECT i.id FROM identities i LEFT JOIN roster r ON r.identity = i.id WHERE i.name_key = ? "
            "ORDER BY (i.platform = ?) ASC, r.last_seen DESC", (key, rules.PLACEHOLDER))])

    def placeholder(self, name: str) -> str:
        """A `named:<name>` identity for someone the platform gave no id for, with a tally and a card; it links
        to a real account later seen with exactly that name."""
        identity = rules.placeholder_identity(name)

        def run(c: Connection) -> str:
            self.ensure_tally(c, identity, " ".join(name.split()))
            real = c.execute("SELECT id FROM identities WHERE name_key = ? AND platform != ? ORDER BY id LIMIT 1",
                             (rules.name_key(name), rules.PLACEHOLDER)).fetchone()
            if real is not None:
                self._link_placeholder(c, real[0], name)
            return identity
        return self._write(run)

    def display_name(self, identity: str) -> str:
        row = self._db.read(lambda c: c.execute("SELECT display_name FROM identities WHERE id = ?",
                                                (identity,)).fetchone())
        return row[0] if row else ""

    # ---- donations ----------------------------------------------------------------------------------
    def record_donation(self, identity: str, display_name: str, delivery_id: str, amount: Decimal,
                        currency: str, message: str = "") -> int | None:
        """A donation counts once per delivery id and mints a card at once. Returns the card, or None when this
        delivery was already counted."""
        if amount <= 0:
            raise ValueError("a donation is a positive amount")

        def run(c: Connection) -> int | None:
            self.ensure_tally(c, identity, display_name)
            cur = c.execute("INSERT OR IGNORE INTO donations (identity, delivery_id, amount, currency, message, ts) "
                            "VALUES (?, ?, ?, ?, ?, ?)",
                            (identity, delivery_id, str(amount), currency, message, self._clock()))
            if cur.rowcount == 0:
                return None
            return self._mint(c, identity, "donation")
        return self._write(run)

    def donations_of(self, person_id: int) -> dict[str, Decimal]:
        rows = self._db.read(lambda c: c.execute(
            "SELECT d.currency, d.amount FROM donations d JOIN identities i ON i.id = d.identity "
            "WHERE i.person_id = ?", (person_id,)).fetchall())
        out: dict[str, Decimal] = {}
        for currency, amount in rows:
            out[currency] = out.get(currency, Decimal(0)) + Decimal(amount)
        return out

    # ---- the roster, for the People dock ---------------------------------------------------------------
    def roster_count(self, search: str = "") -> int:
        where, args = self._search(search)
        return self._db.read(lambda c: c.execute(
            f"SELECT count(*) FROM roster r JOIN identities i ON i.id = r.identity {where}", args).fetchone()[0])

    def roster_page(self, search: str = "", sort: str = "last_seen", offset: int = 0,
                    limit: int = 200) -> list[RosterRow]:
        if sort not in SORTS:
            raise ValueError(f"sort by one of {', '.join(SORTS)}")
        where, args = self._search(search)
        rows = self._db.read(lambda c: c.execute(
            "SELECT r.identity, i.display_name, r.messages, "
            "(SELECT count(*) FROM roster_sessions s WHERE s.identity = r.identity) AS sessions, "
            "(SELECT count(*) FROM donations d WHERE d.identity = r.identity) AS donated, r.last_seen, i.person_id "
            f"FROM roster r JOIN identities i ON i.id = r.identity {where} ORDER BY {SORTS[sort]}, r.identity "
            "LIMIT ? OFFSET ?", (*args, limit, offset)).fetchall())
        return [RosterRow(*r) for r in rows]

    @staticmethod
    def _search(search: str) -> tuple[str, tuple[Any, ...]]:
        words = [w for w in rules.name_key(search).split() if w]
        if not words:
            return "", ()
        return "WHERE " + " AND ".join(["i.name_key LIKE ?"] * len(words)), tuple(f"%{w}%" for w in words)

    # ---- forgetting -----------------------------------------------------------------------------------
    def forget_person(self, identities: Sequence[str], memories: bool = False) -> list[str]:
        """Forget accounts everywhere: tallies, sessions, donations, aliases, buffer entries (triggers), the card
        and its facts once no account is left on it, stream lines flagged; with `memories`, the memories about
        them too. Placeholders linked to a forgotten account go with it. Returns every identity removed (for the
        alias caches)."""
        def run(c: Connection) -> list[str]:
            gone: list[str] = []
            for identity in identities:
                row = c.execute("SELECT person_id FROM identities WHERE id = ?", (identity,)).fetchone()
                if row is None:
                    continue
                linked = [r[0] for r in c.execute("SELECT id FROM identities WHERE linked_to = ?", (identity,))]
                for each in (identity, *linked):
                    c.execute("DELETE FROM identities WHERE id = ?", (each,))
                    c.execute("UPDATE messages SET flagged = 1 WHERE author = ?", (each,))
                    if memories:
                        self._forget_memories(c, each)
                if row[0] is not None and not c.execute("SELECT 1 FROM identities WHERE person_id = ?",
                                                        (row[0],)).fetchone():
                    c.execute("DELETE FROM people WHERE id = ?", (row[0],))
                gone += [identity, *linked]
            return gone
        gone = self._write(run)
        with self._known_lock:
            self._known = self._known - set(gone)
        return gone

    @staticmethod
    def _forget_memories(c: Connection, identity: str) -> None:
        from app.memory.memories import _has_table, vec_table
        for mid, model in c.execute("SELECT id, model FROM memories WHERE author = ?", (identity,)).fetchall():
            if model and _has_table(c, vec_table(model)):
                c.execute(f"DELETE FROM {vec_table(model)} WHERE rowid = ?", (mid,))
            c.execute("DELETE FROM memories WHERE id = ?", (mid,))
