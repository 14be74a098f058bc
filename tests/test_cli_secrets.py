"""`python -m app secret …` on a machine with no keyring, as a user runs it: a value from standard input (never
from the command line, never echoed at a terminal) goes to the encrypted store, where the next start of the app
finds it; no file in the data folder and no log line holds it in plain text."""

import os
import pty
import select
import subprocess
import sys
import time

from app import compose
from app.cli.secrets import known_secrets
from tests.conftest import PASSPHRASE, REPO

NO_KEYRING = {"BEA_PASSPHRASE": PASSPHRASE, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
VALUE = "Obs-Pw-4f1d9c-plain-text-canary"


def secret(data_dir, *args, stdin=""):
    return subprocess.run([sys.executable, "-m", "app", "secret", *args, "--data-dir", str(data_dir)], cwd=REPO,
                          env={**os.environ, **NO_KEYRING}, input=stdin, capture_output=True, text=True,
                          timeout=120)


def files_holding(data_dir, text):
    return [p for p in data_dir.rglob("*") if p.is_file() and text.encode() in p.read_bytes()]


def test_secret_set_keeps_it_encrypted_where_the_next_start_reads_it(data_dir):
    out = secret(data_dir, "set", "obs_password", stdin=VALUE + "\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("obs_password is kept in Bea's encrypted memory file, since this machine has no "
                                 "keyring.")
    listed = secret(data_dir, "list")
    assert listed.returncode == 0, listed.stderr
    rows = dict(line.split("\t")[:2] for line in listed.stdout.splitlines())
    assert list(rows) == list(known_secrets()) and rows["obs_password"] == "set"
    assert rows["twitch_oauth_token"] == "not set" and "llm.openai.api_key" in rows
    assert VALUE not in listed.stdout + listed.stderr + out.stdout + out.stderr
    bea = compose.build(data_dir, env=NO_KEYRING, log_to_stderr=False)   # a fresh start of the app
    try:
        assert bea.secrets.get("obs_password") == VALUE
        assert bea.skills["obs"].password() == VALUE
    finally:
        compose.close(bea)
    assert (data_dir / "bea.db").exists() and (data_dir / "logs" / "bea.log").exists()
    assert files_holding(data_dir, VALUE) == []                       # not the store, not the log, nothing
    assert secret(data_dir, "delete", "obs_password").stdout.strip() == "obs_password is forgotten."
    assert secret(data_dir, "delete", "obs_password").stdout.strip() == "obs_password was not set."
    bea = compose.build(data_dir, env=NO_KEYRING, log_to_stderr=False)
    try:
        assert bea.secrets.get("obs_password") is None
    finally:
        compose.close(bea)


def test_a_twitch_token_is_taken_as_the_settings_page_takes_it(data_dir):
    assert secret(data_dir, "set", "twitch_oauth_token", stdin="  oauth:abc123def456  \n").returncode == 0
    bea = compose.build(data_dir, env=NO_KEYRING, log_to_stderr=False)
    try:
        assert bea.secrets.get("twitch_oauth_token") == "abc123def456" and bea.skills["twitch"].has_token()
    finally:
        compose.close(bea)


def test_unknown_names_empty_values_and_values_on_the_command_line_are_refused(data_dir):
    out = secret(data_dir, "set", "obs_pasword", stdin=VALUE)
    assert out.returncode == 1
    assert "Bea uses no secret called 'obs_pasword'; the names are: obs_password, twitch_oauth_token" in out.stderr
    out = secret(data_dir, "delete", "nope")
    assert out.returncode == 1 and "the names are:" in out.stderr
    out = secret(data_dir, "set", "obs_password", stdin="\n")
    assert out.returncode == 1 and "no value was read from standard input" in out.stderr
    out = secret(data_dir, "set", "obs_password", stdin="two\nlines\n")
    assert out.returncode == 1 and "a secret is one line" in out.stderr
    out = secret(data_dir, "set", "obs_password", VALUE)               # argv is never a place for a secret
    assert out.returncode == 2 and "unrecognized arguments" in out.stderr
    assert "obs_password\tnot set" in secret(data_dir, "list").stdout
    assert files_holding(data_dir, VALUE) == []


def test_at_a_terminal_the_value_is_typed_without_echo(data_dir):
    pid, fd = pty.fork()
    if pid == 0:   # the child: the pty is its controlling terminal, as in a shell
        os.chdir(REPO)
        os.execve(sys.executable, [sys.executable, "-m", "app", "secret", "set", "llm.openai.api_key",
                                   "--data-dir", str(data_dir)], {**os.environ, **NO_KEYRING})
    seen = b""
    try:
        seen += read_until(fd, b"not shown as you type")
        os.write(fd, b"sk-typed-at-a-terminal-0123\n")
        seen += read_until(fd, None)
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0, seen
    assert b"llm.openai.api_key is kept in Bea's encrypted memory file" in seen
    assert b"sk-typed-at-a-terminal" not in seen                      # the terminal never showed it
    bea = compose.build(data_dir, env=NO_KEYRING, log_to_stderr=False)
    try:
        assert bea.secrets.get("llm.openai.api_key") == "sk-typed-at-a-terminal-0123"
    finally:
        compose.close(bea)


def read_until(fd, marker, limit=120.0):
    """What the terminal shows, until `marker` appears (None: until the program closes it)."""
    got, deadline = b"", time.monotonic() + limit
    while time.monotonic() < deadline and (marker is None or marker not in got):
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:   # EIO: the child closed the terminal
            break
        if not chunk:
            break
        got += chunk
    return got


def test_every_secret_a_skill_reads_can_be_set_from_the_command_line():
    """A constant named *_SECRET in app/skills names a secret the streamer provides: `secret set` must take it."""
    import ast

    from app.cli.secrets import known_secrets
    from tests.conftest import REPO

    read = set()
    for path in (REPO / "app" / "skills").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                    isinstance(node.value.value, str):
                if any(isinstance(t, ast.Name) and t.id.endswith("_SECRET") for t in node.targets):
                    read.add(node.value.value)
    assert {"youtube_api_key", "twitch_oauth_token", "obs_password"} <= read    # the scan finds them
    assert read <= set(known_secrets()), sorted(read - set(known_secrets()))
