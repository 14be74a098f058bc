#!/usr/bin/env bash
# One command for a fresh checkout: make .venv, install what the mode needs (only when pyproject.toml
# changed since the last install), then run Bea (`run`) or the whole test suite (`test`).
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-run}"
[ $# -gt 0 ] && shift

# the dependencies come from a lock with every file's SHA-256 (installer/lock.py writes it): an install takes exactly
# those files or stops
case "$mode" in
  run) lock="requirements/app.txt" ;;
  test) lock="requirements/test.txt" ;;
  *) echo "usage: bash installer/dev.sh run|test [args...]" >&2; exit 64 ;;
esac

python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi

# llama-cpp-python compiles llama.cpp here, and a bundle carries what was compiled, so it must run on the
# streamer's CPU, not only this one. No native flags (GGML_NATIVE=OFF): a native build takes every instruction this
# CPU has (AMX on a recent Xeon, where llama.cpp's AMX path crashed the built-in model). libllama and libggml are
# built for the plain x86-64 baseline, and the CPU code as one library per instruction set (GGML_BACKEND_DL with
# GGML_CPU_ALL_VARIANTS: x64, sse42, haswell ... zen4), of which ggml loads the best this CPU runs
# (app/senses/llm/llama_backends.py); CMAKE_INSTALL_BINDIR puts those in the package's lib folder, beside libllama,
# where the app and build.spec look. tests/test_portable_native.py proves it. Built first, bypassing pip's cache
# (which may hold a native wheel), and once per venv: 26 minutes on 2 busy cores.
export CMAKE_ARGS="${CMAKE_ARGS:-} -DGGML_NATIVE=OFF -DGGML_BACKEND_DL=ON -DGGML_CPU_ALL_VARIANTS=ON -DCMAKE_INSTALL_BINDIR=llama_cpp/lib"
stamp=".venv/.bea-installed"
llama_want="llama.cpp built with -DGGML_NATIVE=OFF -DGGML_BACKEND_DL=ON -DGGML_CPU_ALL_VARIANTS=ON"
if ! grep -qxF "$llama_want" "$stamp" 2>/dev/null; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  have="$(.venv/bin/python -c 'import llama_cpp; print(llama_cpp.__version__)' 2>/dev/null || true)"
  # the locked release, its source checked against the lock's hash (the compiler's own tools are not locked); what it
  # needs at run time comes with the rest of the lock below
  llama_lock="$(mktemp)"
  awk '/^llama-cpp-python==/{p=1} p{print} p&&!/\\$/{exit}' "$lock" > "$llama_lock"
  # shellcheck disable=SC2086 # no flags when there is nothing to replace
  .venv/bin/python -m pip install --quiet --no-cache-dir --require-hashes --no-deps ${have:+--force-reinstall} \
    -r "$llama_lock"
  rm -f "$llama_lock"
  # ...all but the Sapphire Rapids variant: its AMX code crashed the built-in model on such a Xeon (SIGILL; a native
  # build died in ggml_backend_amx_mul_mat), and without it ggml picks the AVX-512 variant (zen4) there
  rm -f .venv/lib/python*/site-packages/llama_cpp/lib/libggml-cpu-sapphirerapids.*
  echo "$llama_want" >> "$stamp"
fi
want="$(sha256sum "$lock" pyproject.toml | cut -d' ' -f1 | tr '\n' ' ')$lock"
if ! grep -qxF "$want" "$stamp" 2>/dev/null; then
  .venv/bin/python -m pip install --quiet --require-hashes -r "$lock"
  .venv/bin/python -m pip install --quiet --no-deps -e .
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

# her default avatar: made by our own code (app/stage/doll.py, CC0), again only when that code changed
avatar="stage/avatar/bea.vrm"
avatar_want="$(sha256sum app/stage/doll.py | cut -d' ' -f1)"
if [ ! -f "$avatar" ] || ! grep -qxF "$avatar_want" "$avatar.stamp" 2>/dev/null; then
  .venv/bin/python -m app.stage.doll "$avatar" >/dev/null
  echo "$avatar_want" > "$avatar.stamp"
fi

# Qt's X11 plugin and QtWebEngine need system libraries a minimal Debian lacks (libxcb-icccm4, libxcb-keysyms1,
# libnss3...): the app's own check (ldd, app/widgets/qt_libs.py) names the packages, installed here when this is a
# Debian-like machine we may change; elsewhere the app names what is missing when it starts
if [ "$(uname -s)" = Linux ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  qt_packages="$(.venv/bin/python -m app.widgets.qt_libs --packages)"
  if [ -n "$qt_packages" ]; then
    # shellcheck disable=SC2086 # one word per package
    qt_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $qt_packages >/dev/null 2>&1; }
    qt_install || { apt-get update -qq >/dev/null 2>&1 && qt_install; } \
      || echo "dev.sh: could not install $qt_packages; Bea's window needs them (sudo apt-get install $qt_packages)" >&2
  fi
fi

# her voice in a Discord call: discord.py encodes Opus with the system's libopus (Debian's libopus0)
if [ "$(uname -s)" = Linux ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ] \
    && ! ldconfig -p | grep -q 'libopus\.so'; then
  opus_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libopus0 >/dev/null 2>&1; }
  opus_install || { apt-get update -qq >/dev/null 2>&1 && opus_install; } \
    || echo "dev.sh: could not install libopus0; her voice cannot reach a Discord call without it" >&2
fi

# building a bundle (build.spec) trims Qt's ICU locale data with icupkg: Debian's icu-devtools
if [ "$(uname -s)" = Linux ] && ! command -v icupkg >/dev/null 2>&1 \
    && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  icu_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends icu-devtools >/dev/null 2>&1; }
  icu_install || { apt-get update -qq >/dev/null 2>&1 && icu_install; } \
    || echo "dev.sh: could not install icu-devtools; a bundle built here keeps all of ICU's locale data" >&2
fi

# the tests of the system-wide talk key need a real X server and a keyboard to type on it: Debian's xvfb and
# xdotool, installed here when this is a Debian-like machine we may change (else those tests say what is missing)
if [ "$mode" = test ] && ! { command -v Xvfb && command -v xdotool; } >/dev/null 2>&1 \
    && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  apt_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends xvfb xdotool >/dev/null 2>&1; }
  apt_install || { apt-get update -qq >/dev/null 2>&1 && apt_install; } \
    || echo "dev.sh: could not install xvfb and xdotool; the talk key's X11 tests will be skipped" >&2
fi

# the real-OBS tests (tests/skills/obs/test_real_obs.py) start OBS Studio under Xvfb: Debian's obs-studio, installed
# here in test mode when this is a Debian-like machine we may change (else those tests say what is missing)
if [ "$mode" = test ] && ! command -v obs >/dev/null 2>&1 \
    && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  obs_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq obs-studio >/dev/null 2>&1; }
  obs_install || { apt-get update -qq >/dev/null 2>&1 && obs_install; } \
    || echo "dev.sh: could not install obs-studio; the real-OBS tests will be skipped" >&2
fi

# Debian tools some tests drive, installed here in test mode when this is a Debian-like machine we may change (else
# each of those tests says what is missing):
# - strace and iproute2: the privacy test (tests/e2e/test_privacy_sockets.py) runs a session in a loopback-only
#   network namespace under strace;
# - qemu-user: the portable-code tests (tests/test_portable_native.py, tests/test_bundle.py) run llama.cpp and the
#   frozen bundle on an emulated Nehalem (x86-64-v2, no AVX); the disassembly check runs without it;
# - espeak-ng: the ears benchmark's test (tests/bench/test_ears_bench_runs.py) speaks its sentences in five languages.
test_tools() {  # <commands> <Debian packages> <what is skipped without them>
  local tool missing=""
  for tool in $1; do command -v "$tool" >/dev/null 2>&1 || missing="$tool"; done
  if [ -z "$missing" ] || ! command -v apt-get >/dev/null || [ "$(id -u)" != 0 ]; then return 0; fi
  apt_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $2 >/dev/null 2>&1; }
  apt_install "$@" || { apt-get update -qq >/dev/null 2>&1 && apt_install "$@"; } \
    || echo "dev.sh: could not install $2; $3 will be skipped" >&2
}
if [ "$mode" = test ]; then
  test_tools "strace ip" "strace iproute2" "the privacy socket test"
  [ "$(uname -m)" != x86_64 ] || test_tools qemu-x86_64 qemu-user "the emulated-CPU tests"
  test_tools espeak-ng espeak-ng "the ears benchmark's test"
fi

case "$mode" in
  run) exec .venv/bin/python -m app "$@" ;;
  test) exec .venv/bin/python -m pytest "$@" ;;
esac
