#!/usr/bin/env bash
# One command for a fresh checkout: make .venv, install what the mode needs (only when pyproject.toml
# changed since the last install), then run Bea (`run`) or the whole test suite (`test`).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-run}"
[ $# -gt 0 ] && shift

case "$mode" in
  run) spec="." ;;
  test) spec=".[dev,ml]" ;;
  *) echo "usage: bash installer/dev.sh run|test [args...]" >&2; exit 64 ;;
esac

python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi

stamp=".venv/.bea-installed"
want="$(sha256sum pyproject.toml | cut -d' ' -f1) $spec"
if ! grep -qxF "$want" "$stamp" 2>/dev/null; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e "$spec"
  echo "$want" >> "$stamp"
fi

# the stage's three.js and three-vrm come from npm into stage/node_modules (git-ignored), again only when
# package-lock.json changed; without npm the app still runs and the stage says what is missing
npm_stamp="stage/node_modules/.bea-installed"
npm_want="$(sha256sum stage/package-lock.json | cut -d' ' -f1)"
if command -v npm >/dev/null && ! grep -qxF "$npm_want" "$npm_stamp" 2>/dev/null; then
  (cd stage && npm ci --silent --no-audit --no-fund)
  echo "$npm_want" > "$npm_stamp"
fi

case "$mode" in
  run) exec .venv/bin/python -m app "$@" ;;
  test) exec .venv/bin/python -m pytest "$@" ;;
esac
