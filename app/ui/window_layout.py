"""Where the main window opens and how it comes back: inside the screen's free area, centred, never larger than
it, and with the docks as the streamer left them (a small file in the data folder; nothing secret in it).

1. A window with no saved layout opens at PREFERRED size, shrunk to the free area of its screen less room for
   the window manager's frame, and centred in that area.
2. A saved layout (Qt's own geometry and dock state) comes back as saved, then is pulled inside the free area
   (a screen that got smaller, a monitor that is gone).
3. A layout saved by another arrangement of docks (another LAYOUT_VERSION) or unreadable is ignored: the
   default arrangement stands.
"""

from __future__ import annotations

import base64
import json
import logging
import os
from pathlib import Path

from app.core.failures import summary

log = logging.getLogger(__name__)

LAYOUT_FILE = "window-layout.json"
LAYOUT_VERSION = 2          # bump when the default arrangement of docks changes
PREFERRED = (1440, 900)
TITLE_BAR = (4, 30, 4, 6)   # left, top, right, bottom: what a window manager adds, when Qt cannot tell yet

Rect = tuple[int, int, int, int]  # x, y, width, height


def placement(free: Rect, size: tuple[int, int], frame: tuple[int, int, int, int]) -> Rect:
    """The window's inner rectangle for a window of `size` with `frame` around it: as big as asked, no bigger
    than the free area allows, centred in it."""
    fx, fy, fw, fh = free
    left, top, right, bottom = frame
    width = max(1, min(size[0], fw - left - right))
    height = max(1, min(size[1], fh - top - bottom))
    x = fx + left + (fw - left - right - width) // 2
    y = fy + top + (fh - top - bottom - height) // 2
    return x, y, width, height


def inside(free: Rect, outer: Rect, frame: tuple[int, int, int, int]) -> Rect:
    """The inner rectangle of a window whose frame is `outer`, moved (and if need be shrunk) into `free`."""
    fx, fy, fw, fh = free
    left, top, right, bottom = frame
    width, height = min(outer[2], fw), min(outer[3], fh)
    x = min(max(outer[0], fx), fx + fw - width)
    y = min(max(outer[1], fy), fy + fh - height)
    return x + left, y + top, width - left - right, height - top - bottom


def load(folder: Path) -> tuple[bytes, bytes] | None:
    """The saved (geometry, dock state), or None when there is none of this arrangement's version."""
    path = folder / LAYOUT_FILE
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("version") != LAYOUT_VERSION:
            return None
        return base64.b64decode(doc["geometry"]), base64.b64decode(doc["state"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("window layout in %s not used: %s", path, summary(exc))
        return None


def save(folder: Path, geometry: bytes, state: bytes) -> None:
    path = folder / LAYOUT_FILE
    doc = {"version": LAYOUT_VERSION, "geometry": base64.b64encode(geometry).decode("ascii"),
           "state": base64.b64encode(state).decode("ascii")}
    try:
        temp = path.with_name(path.name + ".tmp")
        temp.write_text(json.dumps(doc), encoding="utf-8")
        os.replace(temp, path)
    except OSError as exc:
        log.warning("window layout not saved to %s: %s", path, summary(exc))
