#!/usr/bin/env bash
# Build Bea for macOS: a venv with Bea and PyInstaller, dist/Bea.app (build.spec's BUNDLE, with the microphone
# usage string macOS asks for), its self-test, then a drag-to-Applications disk image:
# dist/Bea-<version>.dmg. Run from the checkout on a Mac: bash installer/macos/build.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "$(uname)" = Darwin ] || { echo "build.sh: this builds the macOS app; run it on a Mac" >&2; exit 64; }

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[dev]"
if command -v npm >/dev/null; then (cd stage && npm ci --silent --no-audit --no-fund); fi

.venv/bin/pyinstaller --noconfirm build.spec
BEA_PASSPHRASE=installer-self-test dist/Bea.app/Contents/MacOS/bea --self-test \
  --data-dir "$(mktemp -d)/bea-self-test"

version="$(.venv/bin/python installer/bundle_info.py version)"
staging="$(mktemp -d)"
cp -R dist/Bea.app "$staging/"
ln -s /Applications "$staging/Applications"
rm -f "dist/Bea-$version.dmg"
hdiutil create -volname "Bea $version" -srcfolder "$staging" -ov -format UDZO "dist/Bea-$version.dmg"
echo "dist/Bea-$version.dmg"
