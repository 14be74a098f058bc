"""The Python dependencies, locked: `python installer/lock.py` writes requirements/app.txt (what `dev.sh run` and a
bundle install) and requirements/test.txt (with the dev and ml extras, what `dev.sh test` installs) from
pyproject.toml, every package at one version with the SHA-256 of each of its files, so an install takes exactly
the files the lock names or stops. Versions already in a lock are kept; `--upgrade` takes the newest that
pyproject.toml allows (then run the tests). pip-tools does the resolving, from a venv of its own in
.venv-lock/, with pip's own configuration (its indexes, find-links and constraints)."""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCKS = {"app.txt": (), "test.txt": ("dev", "ml")}
PIP_TOOLS = "pip-tools==7.7.0"
TOOL_VENV = ROOT / ".venv-lock"


def tool() -> Path:
    python = TOOL_VENV / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    if not python.exists():
        venv.create(TOOL_VENV, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", PIP_TOOLS], check=True)
    return python


def main(argv: list[str]) -> int:
    upgrade = ["--upgrade"] if "--upgrade" in argv else []
    python = tool()
    for name, extras in LOCKS.items():
        out = ROOT / "requirements" / name
        out.parent.mkdir(exist_ok=True)
        subprocess.run([str(python), "-m", "piptools", "compile", "pyproject.toml", *upgrade,
                        *(f"--extra={e}" for e in extras), "--generate-hashes", "--allow-unsafe", "--strip-extras",
                        "--no-emit-index-url", "--no-emit-find-links", "--quiet", f"--output-file={out}"],
                       cwd=ROOT, check=True, env={**os.environ, "CUSTOM_COMPILE_COMMAND": "python installer/lock.py"})
        print(f"wrote {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
