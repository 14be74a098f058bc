#!/bin/sh
# Take out what install.sh put in: ~/.local/lib/bea, the ~/.local/bin/bea link, the menu entry and the icons.
# Her memory and settings (~/.local/share/Bea) stay: delete that folder yourself to forget everything.
set -eu
share="${XDG_DATA_HOME:-$HOME/.local/share}"
lib="$HOME/.local/lib/bea"
link="$HOME/.local/bin/bea"
if [ -L "$link" ] && [ "$(readlink "$link")" = "$lib/bea" ]; then rm -f "$link"; fi
rm -f "$share/applications/bea.desktop"
find "$share/icons/hicolor" -path '*/apps/bea.*' -type f -delete 2>/dev/null || true
rm -rf "$lib"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$share/applications" || true
command -v gtk-update-icon-cache >/dev/null && gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
echo "Bea is uninstalled. Her memory and settings stay in $share/Bea"
