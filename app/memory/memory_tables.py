"""Migration 14's tables: two counters that triggers keep, so the in-memory recall index (app.memory.memories)
learns in one row read whether memories were only added since it loaded (it then reads just those) or also
changed or deleted (it then reloads), whoever wrote them: the memory store, the People dock's forget, a
re-embed."""

MEMORY_CHANGE_TABLES = (
    "CREATE TABLE memory_changes (id INTEGER PRIMARY KEY CHECK (id = 1), added INTEGER NOT NULL, "
    "altered INTEGER NOT NULL)",
    "INSERT INTO memory_changes (id, added, altered) VALUES (1, 0, 0)",
    "CREATE TRIGGER memories_added AFTER INSERT ON memories BEGIN "
    "UPDATE memory_changes SET added = added + 1 WHERE id = 1; END",
    "CREATE TRIGGER memories_deleted AFTER DELETE ON memories BEGIN "
    "UPDATE memory_changes SET altered = altered + 1 WHERE id = 1; END",
    "CREATE TRIGGER memories_altered AFTER UPDATE ON memories BEGIN "
    "UPDATE memory_changes SET altered = altered + 1 WHERE id = 1; END",
)
