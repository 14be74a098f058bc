"""Finds user-visible text in the window's code that is not marked for translation: a string literal, an
f-string, a concatenation or a module constant with words in it, handed straight to something that shows it
(setText, QLabel(...), addAction, QMessageBox, toolTip=...) instead of through translate("<context>", ...).

Text is "words" when, with HTML tags, entities and {placeholders} taken out, it still holds letters and is not
an identifier ("skills.voice", "push_to_talk", "apiKeyWhere": data, object names, keys); a plain lowercase
word ("off", "none") is words."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

APP = REPO / "app"

# methods (of any object) whose string arguments are shown
SHOWING_METHODS = {
    "setText", "setWindowTitle", "setToolTip", "setPlaceholderText", "setStatusTip", "setWhatsThis", "setTitle",
    "setInformativeText", "setDetailedText", "setLabelText", "addAction", "addMenu", "addItem", "addItems",
    "insertItem", "addTab", "insertTab", "setTabText", "setTabToolTip", "setHeaderLabels",
    "setHorizontalHeaderLabels", "setVerticalHeaderLabels", "showMessage", "addButton", "setPrefix", "setSuffix",
    "setSpecialValueText", "addRow", "setItemText", "setPlainText", "setHtml", "setMarkdown", "append",
    "appendPlainText", "setFormat", "setWindowIconText", "question", "warning", "information", "critical",
    "about", "getText", "getItem", "getInt", "getDouble", "getOpenFileName", "getSaveFileName",
    "getExistingDirectory", "setCancelButtonText", "setOkButtonText", "setDefaultSuffix",
    # the project's own helpers that show what they are given
    "help_label", "say", "notify", "problem", "show_problem", "set_problem", "set_note", "note",
    "block",   # the Turn Log's heading of a block of details
}
# classes whose constructor's string arguments are shown
SHOWING_CLASSES = {
    "QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction", "QMenu", "QMessageBox",
    "QListWidgetItem", "QTableWidgetItem", "QDockWidget", "QToolButton", "QCommandLinkButton", "QTreeWidgetItem",
    "SecretField", "QProgressDialog",
}
# the project's helpers that also take names that are not shown: only these arguments are shown
SHOWN_POSITIONS = {"help_label": (0,), "SecretField": (1, 2), "block": (0,)}
# the project's helpers that take (name, label, ...) tuples and show one element of each: the argument (None:
# every one) and the element shown (the Plan dock's rows of buttons, the Memory dock's combo choices)
SHOWN_IN_TUPLES = {"_row": (None, 1), "_refill": (1, 0)}
SHOWING_KEYWORDS = {"text", "toolTip", "placeholderText", "windowTitle", "title", "statusTip", "whatsThis",
                    "informativeText", "labelText", "caption", "placeholder", "save_text"}
# calls whose strings are not shown text: logging, style, object names, formats, Qt property names
QUIET_CALLS = {"debug", "info", "warning", "error", "exception", "setStyleSheet", "setObjectName",
               "setProperty", "strftime", "getLogger", "join", "get", "startswith", "endswith", "split"}
IDENTIFIER = re.compile(r"[\w.:\-/#%+*=,()\[\] ]*")
MARKUP = re.compile(r"<[^>]*>|&\w+;|&#\d+;|\{[^{}]*\}|%\d")


def has_words(text: str) -> bool:
    bare = MARKUP.sub("", text).strip()
    if not re.search(r"[^\W\d_]", bare):
        return False
    identifier = re.fullmatch(r"[a-z][\w.:\-/]*", bare) and re.search(r"[_.:/A-Z0-9]", bare)
    return not (identifier or re.fullmatch(r"#[0-9a-fA-F]{3,8}", bare))   # a colour ("Add" is words, not hex)


@dataclass(frozen=True)
class Unmarked:
    path: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def window_files() -> list[Path]:
    """app/ui, app/widgets and the Qt sides of the skills (docks, settings pages, views, the platform layer)."""
    files = [*sorted((APP / "ui").glob("*.py")), *sorted((APP / "widgets").glob("*.py"))]
    files += [p for p in sorted((APP / "skills").rglob("*.py"))
              if "app.widgets.qt" in p.read_text(encoding="utf-8")]
    return files


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level NAME = "text" (and NAME1, NAME2 = "a", "b"; and NAME = QT_TRANSLATE_NOOP("ctx", "text"))."""
    out: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        pairs = [(target, value)]
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
            pairs = list(zip(target.elts, value.elts, strict=True))
        for t, v in pairs:
            if isinstance(v, ast.Call) and _name(v.func) == "QT_TRANSLATE_NOOP" and len(v.args) == 2:
                v = v.args[1]   # marked, but still to go through translate() where it is shown
            if isinstance(t, ast.Name) and isinstance(v, ast.Constant) and isinstance(v.value, str):
                out[t.id] = v.value
    return out


def _raw_text(node: ast.AST, constants: dict[str, str]) -> str | None:
    """The unmarked words `node` puts on screen, or None when it shows none (or they are marked)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if has_words(node.value) else None
    if isinstance(node, ast.JoinedStr):
        literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        return ast.unparse(node) if has_words(literal) else None
    if isinstance(node, ast.Name) and node.id in constants:
        return constants[node.id] if has_words(constants[node.id]) else None
    if isinstance(node, ast.BinOp):
        return _raw_text(node.left, constants) or _raw_text(node.right, constants)
    if isinstance(node, ast.IfExp):
        return _raw_text(node.body, constants) or _raw_text(node.orelse, constants)
    if isinstance(node, (ast.Tuple, ast.List)):
        return next((t for e in node.elts if (t := _raw_text(e, constants))), None)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in {"format", "join"}:
        return _raw_text(node.func.value, constants)
    return None


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _tuples(node: ast.AST) -> list[ast.Tuple]:
    """The tuples an argument holds: itself, a list's, or those of a concatenation of lists."""
    if isinstance(node, ast.Tuple):
        return [node]
    if isinstance(node, ast.List):
        return [e for e in node.elts if isinstance(e, ast.Tuple)]
    if isinstance(node, ast.BinOp):
        return _tuples(node.left) + _tuples(node.right)
    return []


def unmarked(path: Path) -> list[Unmarked]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = _constants(tree)
    rel = str(path.relative_to(REPO))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name in QUIET_CALLS and not (name == "warning" and _name(getattr(node.func, "value", None)) ==
                                        "QMessageBox"):
            continue
        args = list(node.args) if name in SHOWING_METHODS | SHOWING_CLASSES else []
        if name in SHOWN_POSITIONS:
            args = [a for i, a in enumerate(node.args) if i in SHOWN_POSITIONS[name]]
        if name in SHOWN_IN_TUPLES:
            position, element = SHOWN_IN_TUPLES[name]
            args += [t.elts[element] for i, a in enumerate(node.args) if position in (None, i)
                     for t in _tuples(a) if len(t.elts) > element]
        args += [k.value for k in node.keywords if k.arg in SHOWING_KEYWORDS]
        for arg in args:
            if (text := _raw_text(arg, constants)) is not None:
                found.append(Unmarked(rel, arg.lineno, text))
    return found


def all_unmarked() -> list[Unmarked]:
    return [u for path in window_files() for u in unmarked(path)]


if __name__ == "__main__":
    left = all_unmarked()
    print("\n".join(map(str, left)))
    print(len(left), "unmarked")
