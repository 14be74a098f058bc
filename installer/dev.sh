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

case "$mode" in
  run) exec .venv/bin/python -m app "$@" ;;
  test) exec .venv/bin/python -m pytest "$@" ;;
esac
