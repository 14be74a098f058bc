"""The model manager: installed and available models, resumable verified downloads, imports, atomic installs.

Layout under the models folder:
    <id>/                        an installed model: its files plus manifest.json (hashes, sizes, sources)
    .partial/<id>/<path>.part    a download in progress; it survives cancellation and crashes for a resume
    .partial/<id>/<path>         a file that finished and verified, waiting for its siblings
    .partial/.import-*, .trash-* scratch folders of imports and removals
A model appears by one os.replace of its completed staging folder and disappears by one rename into the
trash, so `<models>/<id>` is never seen half-filled. Every request goes through the NetworkGate's session,
redirects included (they are followed here, hop by hop, so each hop passes the gate); in privacy mode a
download is refused before any connection is opened. The decisions live in app.core.model_catalog.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import shutil
import time
import uuid
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from yarl import URL

from app.core import model_catalog as mc
from app.core.failures import summary
from app.core.model_catalog import CATALOG, Kind, ModelEntry, Reply, Step
from app.senses.netgate import NetworkGate, PrivacyRefused

log = logging.getLogger(__name__)

PURPOSE = "model download"
CHUNK = 256 * 1024
MAX_REDIRECTS = 8
Progress = Callable[[int, int], None]
UNPINNED = "unpinned: recorded when it came in (a model you added or imported), never checked against a catalog"


class ModelError(Exception):
    """A clear, user-facing reason a model could not be fetched, imported or removed."""


@dataclass(frozen=True)
class InstalledModel:
    id: str
    kind: Kind
    title: str
    languages: tuple[str, ...]
    licence: str
    size_on_disk: int
    path: Path
    installed_at: str
    source: str


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def _size_on_disk(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def free_bytes(folder: Path) -> int:
    """Free space on the disk that holds `folder` (or its nearest existing parent)."""
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return shutil.disk_usage(folder).free


def _strong_etag(headers: Any) -> str | None:
    etag = headers.get("ETag")
    return etag if etag and not etag.startswith("W/") else None


def _downloads_off(entry: ModelEntry, host: str) -> PrivacyRefused:
    return PrivacyRefused(f"Privacy mode is on, so model downloads are off: {entry.title} comes from {host}, "
                          "which is not on this machine. Turn privacy mode off to download it, or import its files.")


class _Meter:
    """Bytes present per file, reported as (done, total); done drops only when a server forces a restart."""

    def __init__(self, entry: ModelEntry, report: Progress | None) -> None:
        self.entry, self.report = entry, report
        self.present: dict[str, int] = {}
        self.learned: dict[str, int] = {}

    def set(self, path: str, present: int, total: int | None = None) -> None:
        self.present[path] = present
        if total is not None:
            self.learned[path] = total
        if self.report is not None:
            self.report(sum(self.present.values()), mc.progress_total(self.entry, self.learned))


class ModelManager:
    def __init__(self, models_folder: Path, gate: NetworkGate, catalog: tuple[ModelEntry, ...] = CATALOG,
                 executor: Executor | None = None, *, clock: Callable[[], float],
                 free_space: Callable[[Path], int] = free_bytes) -> None:
        problems = [p for entry in catalog for p in mc.validate_entry(entry)]
        if problems:
            raise ValueError("bad model catalog: " + "; ".join(problems))
        self.root = models_folder
        self.gate = gate
        self.catalog = catalog
        self._executor = executor
        self._clock = clock
        self._free_space = free_space
        self._busy: set[str] = set()

    @property
    def staging_root(self) -> Path:
        return self.root / ".partial"

    def entry(self, model_id: str) -> ModelEntry:
        found = mc.find(self.catalog, model_id)
        if found is None:
            raise ModelError(f"There is no model called {model_id!r} in the catalog.")
        return found

    # --- what is here ----------------------------------------------------------------------------------------

    def installed(self) -> list[InstalledModel]:
        out = []
        for folder in sorted(self.root.iterdir()) if self.root.is_dir() else []:
            if folder.name.startswith(".") or not (folder / mc.MANIFEST).is_file():
                continue        # scratch space, or a folder the manager did not install (the embedder's own)
            try:
                record = json.loads((folder / mc.MANIFEST).read_text(encoding="utf-8"))
                out.append(InstalledModel(
                    folder.name, Kind(record["kind"]), record.get("title") or folder.name,
                    tuple(record.get("languages") or (mc.UNDETERMINED,)), record.get("licence") or "unknown",
                    _size_on_disk(folder), folder, record.get("installed_at", ""), record.get("source", "")))
            except (OSError, ValueError, KeyError) as exc:
                log.warning("skipping %s: its manifest cannot be read (%s)", folder, summary(exc))
        return out

    def available(self) -> list[ModelEntry]:
        here = {m.id for m in self.installed()}
        return [e for e in self.catalog if e.id not in here]

    def partial_bytes(self, model_id: str) -> int:
        """Bytes already fetched for a download that has not been installed yet (0 when none)."""
        staging = self.staging_root / model_id
        if not mc.is_valid_id(model_id) or not staging.is_dir():
            return 0
        return sum(p.stat().st_size for p in staging.rglob("*") if p.is_file() and p.suffix != ".etag")

    def manifest(self, model_id: str) -> dict[str, Any]:
        path = self.root / model_id / mc.MANIFEST
        if not mc.is_valid_id(model_id) or not path.is_file():
            raise ModelError(f"No model called {model_id!r} is installed.")
        return json.loads(path.read_text(encoding="utf-8"))

    async def check(self, model_id: str) -> list[str]:
        """Re-hash an installed model against its manifest; the problems found (empty when intact)."""
        folder = self.root / model_id
        problems = []
        for record in self.manifest(model_id)["files"]:
            path = folder / record["path"]
            if not path.is_file():
                problems.append(f"{record['path']} is missing")
                continue
            verdict = mc.verify(record["sha256"], await self._run(sha256_of, path))
            if not verdict.ok:
                problems.append(f"{record['path']}: {verdict.reason}")
        return problems

    # --- downloading -----------------------------------------------------------------------------------------

    async def download(self, model_id: str, progress: Progress | None = None) -> Path:
        """Fetch, verify and install a catalog entry. ModelError says why not: an unpinned entry, and one the
        disk has no room for, are refused before any request (app.core.model_catalog rules 3 and 7), a file that
        fails its hash is deleted."""
        entry = self.entry(model_id)
        target = self.root / entry.id
        if target.exists():
            if (target / mc.MANIFEST).is_file():
                return target
            raise ModelError(f"A folder called {entry.id} is in the way in {self.root}; move it and try again.")
        if (refusal := mc.download_refusal(entry)) is not None:
            raise ModelError(refusal)
        if entry.id in self._busy:
            raise ModelError(f"{entry.title} is already downloading.")
        self._busy.add(entry.id)
        try:
            await self._refuse_in_privacy(entry)
            staging = self.staging_root / entry.id
            short = mc.space_refusal(entry, self._free_space(self.root), self.partial_bytes(entry.id), str(self.root))
            if short is not None:
                raise ModelError(short)
            have, partial = await self._run(self._survey, entry, staging)
            meter = _Meter(entry, progress)
            records: dict[str, dict[str, Any]] = {}
            timeout = aiohttp.ClientTimeout(total=None, sock_connect=30, sock_read=120)
            async with self.gate.http_session(PURPOSE, timeout=timeout) as session:
                for action in mc.plan_download(entry, have, partial):
                    records[action.file.path] = await self._fetch(session, entry, action, staging, have, meter)
            return await self._run(self._install, staging, target, self._manifest(entry, records, "download"))
        finally:
            self._busy.discard(entry.id)

    async def _refuse_in_privacy(self, entry: ModelEntry) -> None:
        if not self.gate.privacy:
            return
        for host, port in mc.hosts(entry):
            try:
                await self.gate.check(host, port, PURPOSE)
            except PrivacyRefused as exc:
                raise _downloads_off(entry, host) from exc

    def _survey(self, entry: ModelEntry, staging: Path) -> tuple[dict[str, tuple[int, str]], dict[str, int]]:
        have, partial = {}, {}
        for f in entry.files:
            done, part = staging / f.path, staging / (f.path + ".part")
            if done.is_file():
                have[f.path] = (done.stat().st_size, sha256_of(done))
            elif part.is_file():
                partial[f.path] = part.stat().st_size
        return have, partial

    async def _fetch(self, session: Any, entry: ModelEntry, action: mc.Action, staging: Path,
                     have: dict[str, tuple[int, str]], meter: _Meter) -> dict[str, Any]:
        spec = action.file
        done, part, etag_file = staging / spec.path, staging / (spec.path + ".part"), staging / (spec.path + ".etag")
        if action.step is Step.KEEP:
            meter.set(spec.path, have[spec.path][0], have[spec.path][0])
            return self._record(spec, *have[spec.path])
        if action.discard:
            for stale in (done, part, etag_file):
                stale.unlink(missing_ok=True)
        part.parent.mkdir(parents=True, exist_ok=True)
        total = spec.size
        if action.step is not Step.VERIFY:
            total = await self._stream(session, entry, spec, action.offset, part, etag_file, meter)
        size = part.stat().st_size
        if total is not None and size < total:
            raise ModelError(f"{entry.title}: the connection closed after {size:,} of {total:,} bytes of "
                             f"{spec.path}; download again to resume from there.")
        if total is not None and size > total:
            part.unlink()
            raise ModelError(f"{entry.title}: {spec.path} came out at {size:,} bytes, not {total:,}; the file "
                             "was deleted, try the download again.")
        sha = await self._run(sha256_of, part)
        verdict = mc.verify(spec.sha256, sha)
        if not verdict.ok:
            part.unlink(missing_ok=True)
            etag_file.unlink(missing_ok=True)
            raise ModelError(f"{entry.title}: {spec.path} failed its checksum ({verdict.reason}). The bad file "
                             "was deleted and nothing was installed; try the download again.")
        os.replace(part, done)
        etag_file.unlink(missing_ok=True)
        meter.set(spec.path, size, size)
        return self._record(spec, size, sha)

    async def _stream(self, session: Any, entry: ModelEntry, spec: mc.ModelFile, offset: int, part: Path,
                      etag_file: Path, meter: _Meter) -> int | None:
        """Fetch `spec` into `part` from `offset`; the complete length when the server told it."""
        meter.set(spec.path, offset, spec.size)
        for _attempt in range(2):
            # identity: a compressed body would make byte ranges refer to the wrong representation
            headers = {"Accept-Encoding": "identity"}
            if offset:
                headers["Range"] = f"bytes={offset}-"
                if etag_file.is_file():
                    headers["If-Range"] = etag_file.read_text(encoding="utf-8")
            try:
                async with await self._open(session, entry, spec.url, headers) as resp:
                    verdict = mc.judge_response(resp.status, offset, resp.headers.get("Content-Range"),
                                                resp.content_length)
                    if verdict.reply is Reply.FAIL:
                        raise ModelError(f"{entry.title}: {spec.path} could not be fetched: {verdict.reason}.")
                    if verdict.reply is Reply.REFETCH:
                        part.unlink(missing_ok=True)
                        offset = 0
                        continue
                    if verdict.reply is Reply.COMPLETE:
                        return verdict.total
                    if verdict.reply is Reply.RESTART:
                        offset = 0
                    etag = _strong_etag(resp.headers)
                    if etag:
                        etag_file.write_text(etag, encoding="utf-8")
                    total = spec.size if spec.size is not None else verdict.total
                    # chunks go to the page cache: cheaper in place than a thread hop per chunk
                    with part.open("r+b" if offset else "wb") as fh:
                        fh.seek(offset)
                        fh.truncate()
                        position = offset
                        meter.set(spec.path, position, total)
                        async for chunk in resp.content.iter_chunked(CHUNK):
                            fh.write(chunk)
                            position += len(chunk)
                            meter.set(spec.path, position, total)
                    return total
            except aiohttp.ClientError as exc:
                raise ModelError(f"{entry.title}: the download of {spec.path} stopped ({exc}); download again "
                                 "to resume where it stopped.") from exc
        raise ModelError(f"{entry.title}: the server kept refusing the ranges of {spec.path}.")

    async def _open(self, session: Any, entry: ModelEntry, url: str, headers: dict[str, str]) -> Any:
        """GET with redirects followed here, so each hop is a fresh request the gate checks first."""
        target = URL(url)
        for _hop in range(MAX_REDIRECTS + 1):
            try:
                resp = await session.get(target, headers=headers, allow_redirects=False)
            except PrivacyRefused as exc:
                raise _downloads_off(entry, target.host or str(target)) from exc
            location = resp.headers.get("Location")
            if resp.status not in (301, 302, 303, 307, 308) or not location:
                return resp
            resp.release()
            target = resp.url.join(URL(location))
        raise ModelError(f"{url} redirected more than {MAX_REDIRECTS} times.")

    # --- importing and removing ------------------------------------------------------------------------------

    async def import_path(self, src: Path, kind: Kind | str, id: str | None = None, *, title: str = "",
                          languages: tuple[str, ...] = (mc.UNDETERMINED,), licence: str = "unknown") -> Path:
        kind = Kind(kind)
        src = Path(src)
        if not src.exists():
            raise ModelError(f"{src} does not exist.")
        model_id = id or mc.id_from_name(src.name, is_file=src.is_file())
        if not mc.is_valid_id(model_id):
            raise ModelError(f"{model_id!r} cannot name a model: use letters, digits, '.', '_' and '-'.")
        target = self.root / model_id
        if target.exists():
            raise ModelError(f"A model called {model_id} is already installed; remove it first or pick a new id.")
        entry = ModelEntry(model_id, kind, title or model_id, languages, licence, 0, (), src.resolve().as_uri())
        return await self._run(self._import_blocking, src, entry, target)

    def _import_blocking(self, src: Path, entry: ModelEntry, target: Path) -> Path:
        if not src.exists():
            raise ModelError(f"{src} does not exist.")
        files = [src] if src.is_file() else sorted(p for p in src.rglob("*") if p.is_file())
        base = src.parent if src.is_file() else src
        if src.is_dir() and (src / mc.MANIFEST).is_file():
            if not self._is_bea_manifest(src / mc.MANIFEST):
                raise ModelError(f"{src} holds a file called {mc.MANIFEST}, the name Bea keeps for its own record; "
                                 "rename it and import again.")
            files.remove(src / mc.MANIFEST)     # a model folder moved from another Bea: its files are re-hashed
        if not files or all(p.stat().st_size == 0 for p in files):
            raise ModelError(f"{src} is empty: there is no model to import.")
        self.staging_root.mkdir(parents=True, exist_ok=True)
        scratch = self.staging_root / f".import-{entry.id}-{uuid.uuid4().hex[:8]}"
        records = {}
        try:
            for path in files:
                rel = path.relative_to(base).as_posix()
                problem = mc.path_problem(rel)
                if problem:
                    raise ModelError(f"{src} cannot be imported: {problem}.")
                copy = scratch / rel
                copy.parent.mkdir(parents=True, exist_ok=True)
                sha = self._copy_hashing(path, copy)
                records[rel] = self._record(mc.ModelFile(rel, path.resolve().as_uri()), copy.stat().st_size, sha)
            return self._install(scratch, target, self._manifest(entry, records, "import"))
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            raise

    @staticmethod
    def _is_bea_manifest(path: Path) -> bool:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        return isinstance(record, dict) and {"id", "kind", "files"} <= set(record)

    @staticmethod
    def _copy_hashing(src: Path, dst: Path) -> str:
        digest = hashlib.sha256()
        with src.open("rb") as fin, dst.open("wb") as fout:
            while block := fin.read(1 << 20):
                digest.update(block)
                fout.write(block)
        return digest.hexdigest()

    async def remove(self, model_id: str) -> None:
        target = self.root / model_id
        if not mc.is_valid_id(model_id) or not target.is_dir():
            raise ModelError(f"No model called {model_id!r} is installed.")
        if model_id in self._busy:
            raise ModelError(f"{model_id} is busy; try again when its download has stopped.")
        self.staging_root.mkdir(parents=True, exist_ok=True)
        trash = self.staging_root / f".trash-{model_id}-{uuid.uuid4().hex[:8]}"
        os.replace(target, trash)           # gone from view at once; the slow delete happens out of sight
        await self._run(shutil.rmtree, trash, True)

    def discard_partial(self, model_id: str) -> None:
        if model_id in self._busy:
            raise ModelError(f"{model_id} is downloading; cancel it first.")
        if mc.is_valid_id(model_id):
            shutil.rmtree(self.staging_root / model_id, ignore_errors=True)

    # --- shared ----------------------------------------------------------------------------------------------

    def _manifest(self, entry: ModelEntry, records: dict[str, dict[str, Any]], origin: str) -> dict[str, Any]:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(self._clock()))
        return {"id": entry.id, "kind": str(entry.kind), "title": entry.title, "languages": list(entry.languages),
                "licence": entry.licence, "source": entry.source, "origin": origin, "installed_at": stamp,
                "files": [records[path] for path in sorted(records)]}

    @staticmethod
    def _record(spec: mc.ModelFile, size: int, sha: str) -> dict[str, Any]:
        return {"path": spec.path, "size": size, "sha256": sha, "url": spec.url,
                "hash": "pinned" if spec.sha256 else UNPINNED}

    def _install(self, staging: Path, target: Path, manifest: dict[str, Any]) -> Path:
        wanted = {record["path"] for record in manifest["files"]}
        for path in sorted(staging.rglob("*"), reverse=True):     # leftovers of older catalog versions
            rel = path.relative_to(staging).as_posix()
            if path.is_file() and rel not in wanted:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
        (staging / mc.MANIFEST).write_text(json.dumps(manifest, indent=2, ensure_ascii=False), encoding="utf-8")
        if target.exists():
            raise ModelError(f"{target.name} appeared while it was being installed; nothing was replaced.")
        os.replace(staging, target)
        log.info("installed model %s (%d files) in %s", manifest["id"], len(wanted), target)
        return target

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
