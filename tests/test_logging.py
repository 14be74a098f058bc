"""The log file lives in the data folder, rotates, and never holds a secret."""

import logging

from app import compose
from app.logs import log_path


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

    from app.secrets import SecretStore
    store = SecretStore()
    assert store.place == "keyring"
    store.set("obs_password", "pw-in-keyring")
    assert keyring.get_password("Bea", "secret:obs_password") == "pw-in-keyring"
    assert SecretStore().get("obs_password") == "pw-in-keyring"
    store.delete("obs_password")
    assert SecretStore().get("obs_password") is None
