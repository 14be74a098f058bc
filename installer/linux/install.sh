#!/bin/sh
# Install Bea for you alone, no root needed: the program to ~/.local/lib/bea, a link ~/.local/bin/bea, the menu
# entry and the icons under ~/.local/share. Run it again to update. ~/.local/lib/bea/uninstall.sh takes it out;
# her memory and settings (~/.local/share/Bea) are never touched by either.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
share="${XDG_DATA_HOME:-$HOME/.local/share}"
lib="$HOME/.local/lib/bea"
bin="$HOME/.local/bin"
[ -x "$here/bea/bea" ] || { echo "install.sh: run me from the unpacked Bea folder (no bea/bea beside me)" >&2; exit 1; }

mkdir -p "$HOME/.local/lib" "$bin" "$share/applications"
rm -rf "$lib.new"
cp -a "$here/bea" "$lib.new"
cp "$here/uninstall.sh" "$lib.new/uninstall.sh"
rm -rf "$lib"
mv "$lib.new" "$lib"
ln -sfn "$lib/bea" "$bin/bea"
(cd "$here/icons" && find hicolor -name 'bea.*' -type f) | while read -r icon; do
  mkdir -p "$share/icons/$(dirname "$icon")"
  cp "$here/icons/$icon" "$share/icons/$icon"
done
# the entry starts the program by its full path: a desktop session's PATH may not have ~/.local/bin
sed "s|^Exec=.*|Exec=\"$lib/bea\"|" "$here/bea.desktop" > "$share/applications/bea.desktop"
chmod 644 "$share/applications/bea.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$share/icons/hicolor" || true

echo "Bea is installed: find her in your applications menu, or run $bin/bea"
case ":$PATH:" in *":$bin:"*) ;; *) echo "($bin is not on your PATH: the menu entry works all the same)";; esac
