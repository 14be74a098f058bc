"""Qt's keys and modifiers as app.core.talk_key names them."""

from __future__ import annotations

from app.widgets.qt import QKeyEvent, Qt

K = Qt.Key
NAMED = {K.Key_Space: "space", K.Key_Pause: "pause", K.Key_ScrollLock: "scroll_lock", K.Key_Insert: "insert",
         K.Key_Home: "home", K.Key_End: "end", K.Key_PageUp: "page_up", K.Key_PageDown: "page_down",
         K.Key_Menu: "menu", K.Key_CapsLock: "caps_lock", K.Key_NumLock: "num_lock", K.Key_Print: "print_screen",
         K.Key_Control: "ctrl", K.Key_Alt: "alt", K.Key_AltGr: "alt", K.Key_Shift: "shift", K.Key_Meta: "super",
         K.Key_Super_L: "super", K.Key_Super_R: "super"}
MODIFIERS = ((Qt.KeyboardModifier.ControlModifier, "ctrl"), (Qt.KeyboardModifier.AltModifier, "alt"),
             (Qt.KeyboardModifier.ShiftModifier, "shift"), (Qt.KeyboardModifier.MetaModifier, "super"))


def key_name(key: int) -> str | None:
    """A Qt key code as a talk-key name, or None."""
    if K.Key_F1.value <= key <= K.Key_F24.value:
        return f"f{key - K.Key_F1.value + 1}"
    if K.Key_A.value <= key <= K.Key_Z.value or K.Key_0.value <= key <= K.Key_9.value:
        return chr(key).lower()
    for qt_key, name in NAMED.items():
        if key == qt_key.value:
            return name
    return None


def modifier_names(event: QKeyEvent) -> set[str]:
    mods = event.modifiers()
    return {name for flag, name in MODIFIERS if mods & flag}
