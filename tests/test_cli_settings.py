"""`python -m app settings list|get|set` on a fresh data folder: the window's validated write path, from a
terminal. A bad value is refused naming the field, and the stored settings stay as they were."""

import json
import os
import subprocess
import sys

from app import compose
from tests.conftest import PASSPHRASE, REPO

ENV = {"BEA_PASSPHRASE": PASSPHRASE, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}


def settings(data_dir, *args):
    return subprocess.run([sys.executable, "-m", "app", "settings", *args, "--data-dir", str(data_dir)],
                          cwd=REPO, env={**os.environ, **ENV}, capture_output=True, text=True, timeout=120)


def stored_row(data_dir):
    bea = compose.build(data_dir, env=ENV, log_to_stderr=False)
    try:
        return bea.db.read(lambda c: c.execute("SELECT schema_version, body, updated_at FROM settings").fetchall())
    finally:
        compose.close(bea)


def test_list_get_and_set_go_through_the_validated_settings(data_dir):
    listed = settings(data_dir, "list")
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert "skills.obs.port = 4455" in lines and 'general.persona_name = "Bea"' in lines
    assert 'mind.models = ["local:smollm2"]' in lines and "privacy.enabled = false" in lines
    only_obs = settings(data_dir, "list", "skills.obs").stdout.splitlines()
    assert only_obs and all(line.startswith("skills.obs.") for line in only_obs)
    got = settings(data_dir, "get", "skills.obs.port")
    assert got.stdout == "4455\n" and got.stderr.startswith("OBS WebSocket port")
    for path, typed, shown in (("skills.obs.port", "4456", "4456"), ("general.persona_name", "123", '"123"'),
                               ("mind.models", '["ollama:qwen3"]', '["ollama:qwen3"]'),
                               ("privacy.enabled", "true", "true")):
        out = settings(data_dir, "set", path, typed)
        assert out.returncode == 0 and out.stdout == f"{path} = {shown}\n", out.stderr
    bea = compose.build(data_dir, env=ENV, log_to_stderr=False)   # what the window would show next start
    try:
        current = bea.settings.current
        assert current.skills.obs.port == 4456 and current.general.persona_name == "123"
        assert current.mind.models == ["ollama:qwen3"] and current.privacy.enabled is True
    finally:
        compose.close(bea)
    assert json.loads(settings(data_dir, "get", "skills.obs").stdout)["port"] == 4456


def test_a_bad_value_is_refused_naming_the_field_and_nothing_stored_changes(data_dir):
    assert settings(data_dir, "set", "skills.obs.port", "4460").returncode == 0
    before = stored_row(data_dir)
    for args, said in ((("skills.obs.port", "abc"), "settings set: skills.obs.port: Input should be a valid integer"),
                       (("skills.obs.port", "70000"), "settings set: skills.obs.port: Input should be less than"),
                       (("general.log_level", "LOUD"), "settings set: general.log_level: Input should be 'DEBUG'"),
                       (("skills.obs.passwrd", "x"), "settings set: skills.obs.passwrd: no such setting"),
                       (("mind.models", "not json"), "settings set: mind.models: Input should be a valid list")):
        out = settings(data_dir, "set", *args)
        assert out.returncode == 1 and out.stderr.startswith(said), out.stderr
        assert out.stderr.rstrip().endswith("nothing was changed") and out.stdout == ""
    assert stored_row(data_dir) == before
    out = settings(data_dir, "get", "nope")
    assert out.returncode == 1 and "settings get: nope: no such setting" in out.stderr
    assert settings(data_dir, "list", "nope").returncode == 1


def test_the_passphrase_opens_the_store_then_leaves_the_process_environment(data_dir):
    """What the app starts (QtWebEngine's helpers, pip, a GPU probe) inherits its environment: the passphrase is
    read once at the entry and is not in it any more."""
    code = ("import os, sys\n"
            "from app.__main__ import main\n"
            "code = main(['settings', 'get', 'mind.models', '--data-dir', sys.argv[1]])\n"
            "print('left' if 'BEA_PASSPHRASE' not in os.environ else 'still there', code)\n")
    done = subprocess.run([sys.executable, "-c", code, str(data_dir)], cwd=REPO, capture_output=True, text=True,
                          timeout=120, env={**os.environ, **ENV})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "left 0", done.stdout
