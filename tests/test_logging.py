"""The log file lives in the data folder, rotates, and never holds a secret."""

import logging
import os

import pytest

from app import compose
from app.process.logs import log_path


def test_secrets_are_masked_in_the_log_file(data_dir, env):
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        bea.secrets.set("obs_password", "hunter2-obs-pw")
        log = logging.getLogger("test.secrets")
        log.warning("connecting to OBS with %s and the passphrase %s", "hunter2-obs-pw", env["BEA_PASSPHRASE"])
        log.warning("twitch login oauth:abcdef0123456789")
    finally:
        compose.close(bea)
    text = log_path(data_dir).read_text()
    assert "connecting to OBS with *** and the passphrase ***" in text
    assert "hunter2-obs-pw" not in text and env["BEA_PASSPHRASE"] not in text
    assert "oauth:abcdef" not in text
    assert "Bea stopped" in text


def test_without_a_keyring_secrets_live_in_the_encrypted_store_and_are_masked_from_the_start(data_dir, env):
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        assert bea.secrets.place == "store"
        bea.secrets.set("twitch_token", "zq-secret-9876543210")
        dumped = bea.db.read(lambda c: "\n".join(str(r) for r in c.execute("SELECT * FROM settings")))
        assert "9876543210" not in dumped
    finally:
        compose.close(bea)
    again = compose.build(data_dir, env=env, log_to_stderr=False)   # the next run
    try:
        logging.getLogger("test.secrets").warning("a careless line with %s", "zq-secret-9876543210")
        assert again.secrets.get("twitch_token") == "zq-secret-9876543210"
    finally:
        compose.close(again)
    text = log_path(data_dir).read_text()
    assert "a careless line with ***" in text and "9876543210" not in text


def test_secrets_go_to_the_keyring_when_there_is_one(data_dir, env, file_keyring):
    import keyring

    from app.process.secrets import SecretStore
    store = SecretStore()
    assert store.place == "keyring"
    store.set("obs_password", "pw-in-keyring")
    assert keyring.get_password("Bea", "secret:obs_password") == "pw-in-keyring"
    assert SecretStore().get("obs_password") == "pw-in-keyring"
    store.delete("obs_password")
    assert SecretStore().get("obs_password") is None


def _mode(path) -> int:
    import stat
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX; on Windows the per-user folder's ACL holds")
def test_the_data_folder_is_private_whatever_the_umask_and_loose_modes_are_fixed_at_start(tmp_path, env):
    data_dir = tmp_path / "fresh"
    old = os.umask(0o000)                  # the loosest umask: nothing the app makes may depend on it
    try:
        bea = compose.build(data_dir, env=env, log_to_stderr=False)
        try:
            logging.getLogger("test.modes").warning("a line")
            made = {p.name: _mode(p) for p in [data_dir, *data_dir.rglob("*")]}
        finally:
            compose.close(bea)
    finally:
        os.umask(old)
    assert made["fresh"] == 0o700 and made["logs"] == 0o700 and made["prompts"] == 0o700
    assert made["bea.log"] == made["bea.db"] == made["bea.db-wal"] == made["soul.md"] == 0o600
    # an older build (or a copy) left them open: the next start closes them, and leaves others' files alone
    os.chmod(data_dir, 0o755)
    os.chmod(data_dir / "bea.db", 0o644)
    os.chmod(log_path(data_dir), 0o644)
    (data_dir / "window-layout.json").write_text("{}")
    os.chmod(data_dir / "window-layout.json", 0o644)
    (data_dir / "notes.txt").write_text("the streamer's own file")
    os.chmod(data_dir / "notes.txt", 0o644)
    compose.close(compose.build(data_dir, env=env, log_to_stderr=False))
    assert [_mode(p) for p in (data_dir, data_dir / "bea.db", log_path(data_dir), data_dir / "window-layout.json")] \
        == [0o700, 0o600, 0o600, 0o600]
    assert _mode(data_dir / "notes.txt") == 0o644


def test_a_rotated_log_file_is_private_too(tmp_path):
    from app.process.logs import PrivateRotatingFileHandler
    path = tmp_path / "r.log"
    handler = PrivateRotatingFileHandler(path, maxBytes=200, backupCount=2, encoding="utf-8")
    try:
        record = logging.LogRecord("t", logging.INFO, __file__, 1, "x" * 150, None, None)
        for _ in range(4):
            handler.emit(record)
    finally:
        handler.close()
    files = sorted(tmp_path.glob("r.log*"))
    assert len(files) == 3 and (os.name != "posix" or {_mode(p) for p in files} == {0o600})


def test_an_error_is_logged_by_what_it_was_never_by_what_it_said():
    from app.core.failures import summary
    from app.process.logs import where
    from app.senses.llm.base import error_for_status
    from app.senses.llm.pool import ModelPoolError
    echoed = error_for_status("ollama:mind", 400, '{"error": {"message": "bad prompt: my dog Biscuit"}}', False)
    assert summary(echoed) == f"RequestRejected, message of {len(echoed.reason)} characters"
    server = error_for_status("openai:x", 503, "overloaded: Biscuit", False)
    assert summary(server).startswith("ServerError, status 503, message of ")
    pooled = ModelPoolError("mind", [("ollama:mind", echoed.reason)])
    assert summary(pooled) == f"ModelPoolError, models ollama:mind, message of {len(str(pooled))} characters"
    said = "Biscuit the beagle"
    try:
        raise ValueError(said)   # a bug whose message quotes chat: its frames are logged, not its message
    except ValueError as exc:
        text = where(exc)
    assert "the beagle" not in text and "test_logging.py" in text and text.startswith("ValueError, message of 18")


def test_a_traceback_in_the_log_shows_its_frames_and_what_failed_never_the_text(data_dir, env):
    """log.exception and asyncio's report of a task that failed print a traceback: its frames and each error's
    summary reach bea.log, the errors' text (a canary quoting chat) does not."""
    import asyncio

    canary = "canary-tb-9d41-my-address-is-14-Oak-Street"
    bea = compose.build(data_dir, env=env, log_to_stderr=False)
    try:
        log = logging.getLogger("test.traceback")
        try:
            try:
                raise KeyError(f"chat said {canary}")
            except KeyError as inner:
                raise ValueError(f"while reading {canary}") from inner
        except ValueError:
            log.exception("reading a batch failed")

        async def failing() -> None:
            raise RuntimeError(f"a task quoting {canary}")

        async def main() -> None:
            task = asyncio.get_running_loop().create_task(failing())
            await asyncio.sleep(0.01)
            del task            # never awaited: asyncio logs "Task exception was never retrieved" with its traceback
        asyncio.run(main())
        import gc
        gc.collect()
    finally:
        compose.close(bea)
    text = log_path(data_dir).read_text()
    assert "reading a batch failed" in text and "Traceback (most recent call last)" in text
    assert "ValueError, message of" in text and "KeyError, message of" in text
    assert "test_logging.py" in text                   # the frames are there
    assert canary not in text and "Oak-Street" not in text
