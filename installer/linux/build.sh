#!/usr/bin/env bash
# Build Bea for Linux: the one-folder bundle (build.spec), its self-test, then one archive a streamer unpacks
# anywhere: dist/Bea-<version>-linux-<arch>.tar.xz holding
#   bea/              the bundle (bea/bea is the program: it runs from where it was unpacked)
#   bea.desktop       the menu entry
#   icons/hicolor/    bea.png at 16 to 512 px and bea.svg, rendered from resources/icons/bea.svg
#   install.sh        installs for this user, no root: ~/.local/lib/bea, ~/.local/bin/bea, the entry, the icons
#   uninstall.sh      takes that out again; her memory (~/.local/share/Bea) stays
# Not an AppImage: that needs appimagetool and the AppImage runtime, which no package registry carries.
# Run from the checkout: bash installer/linux/build.sh
#   BEA_BUNDLE=<a built dist/bea folder>  package that bundle instead of building one (tests, CI reuse it)
#   BEA_OUT=<folder>                      where the archive goes (default dist)
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "$(uname)" = Linux ] || { echo "build.sh: this builds the Linux package; run it on Linux" >&2; exit 64; }
python="${BEA_PYTHON:-.venv/bin/python}"
out="${BEA_OUT:-dist}"
mkdir -p "$out"

bundle="${BEA_BUNDLE:-}"
if [ -z "$bundle" ]; then
  "$python" -m PyInstaller --noconfirm --distpath "$out" --workpath build/pyinstaller build.spec
  bundle="$out/bea"
  BEA_PASSPHRASE=installer-self-test "$bundle/bea" --self-test --data-dir "$(mktemp -d)/bea-self-test"
fi
[ -x "$bundle/bea" ] || { echo "build.sh: no program at $bundle/bea" >&2; exit 1; }

version="$("$python" installer/bundle_info.py version)"
name="Bea-$version-linux-$(uname -m)"
staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
root="$staging/$name"
mkdir "$root"
cp -al "$bundle" "$root/bea" 2>/dev/null || cp -a "$bundle" "$root/bea"   # hard links when it can: no 1 GB copy
"$python" installer/bundle_info.py hicolor "$root/icons"
cp installer/linux/bea.desktop "$root/"
install -m 755 installer/linux/install.sh installer/linux/uninstall.sh "$root/"

# xz -9 rather than gzip: Chromium's library alone packs to 59 MB instead of 85 (one pass takes 27 CPU-minutes
# here); any distribution's tar unpacks it (tar -xf, with xz-utils, which every desktop install has).
# xz's x86 filter first: it turns the relative addresses of calls and jumps in machine code into absolute ones,
# which repeat, so the libraries (most of the package besides the models) pack 2-6% smaller (Chromium's 2%, Qt's
# GUI library 6%); every xz since 2009 unpacks it, and it changes nothing in the files.
# BEA_XZ_LEVEL=0-9 packs the same files faster and bigger (the test suite's package test uses 0: it checks what is
# inside and how it installs, not how small it is; tests/bench/bundle.py measures the release's 9).
level="${BEA_XZ_LEVEL:-9}"
case "$level" in [0-9]) ;; *) echo "build.sh: BEA_XZ_LEVEL must be 0 to 9, not '$level'" >&2; exit 64 ;; esac
archive="$out/$name.tar.xz"
tar -C "$staging" --owner=0 --group=0 -cf - "$name" | xz --x86 "--lzma2=preset=$level" -T0 > "$archive.part"
mv "$archive.part" "$archive"
echo "$archive"
