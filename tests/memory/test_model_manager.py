"""The model manager against a real loopback HTTP server serving real files: progress, resume after a cut, a
server that ignores Range, checksum failures, atomic installs, privacy mode, imports and removal."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re
from pathlib import Path

import pytest
from aiohttp import web

from app.core import model_catalog as mc
from app.core.events import EventBus, EventKind
from app.core.model_catalog import CATALOG, Kind, ModelEntry, ModelFile
from app.memory.model_manager import UNPINNED, ModelError, ModelManager, sha256_of
from app.process.clock import SYSTEM
from app.senses.netgate import NetworkGate, PrivacyRefused
from tests.fakes import roomy_disk

BIG = random.Random(5).randbytes(3 * 1024 * 1024 + 12_345)        # a few MB, not a multiple of any chunk
CONFIG = json.dumps({"architectures": ["Test"], "hidden_size": 384}).encode()
POOLING = json.dumps({"pooling_mode_mean_tokens": True}).encode()
OUTSIDE = "198.51.100.7"            # a documentation address: never contacted, the gate refuses it first


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class FileServer:
    """Serves `files` with Range and If-Range like a CDN; switches let a test misbehave on purpose."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = dict(files)
        self.ignore_range = False
        self.cut_after: int | None = None       # the next response dies after this many body bytes
        self.corrupt = False
        self.redirects: dict[str, str] = {}
        self.requests: list[tuple[str, str | None]] = []
        self.sent = 0
        self.url = ""

    def etag(self, data: bytes) -> str:
        return f'"{sha(data)[:16]}"'

    async def handle(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        self.requests.append((name, request.headers.get("Range")))
        if name in self.redirects:
            raise web.HTTPFound(self.redirects[name])
        if name not in self.files:
            raise web.HTTPNotFound()
        data = self.files[name]
        if self.corrupt:
            data = bytes(b ^ 0x5A for b in data)
        headers = {"ETag": self.etag(self.files[name]), "Accept-Ranges": "bytes"}
        start, status = 0, 200
        match = re.fullmatch(r"bytes=(\d+)-", request.headers.get("Range", ""))
        fresh = request.headers.get("If-Range") in (None, headers["ETag"])
        if match and not self.ignore_range and fresh:
            start = int(match.group(1))
            if start >= len(data):
                return web.Response(status=416, headers={"Content-Range": f"bytes */{len(data)}"})
            status = 206
            headers["Content-Range"] = f"bytes {start}-{len(data) - 1}/{len(data)}"
        body = data[start:]
        resp = web.StreamResponse(status=status, headers=headers)
        resp.content_length = len(body)
        await resp.prepare(request)
        limit, self.cut_after = self.cut_after, None
        for i in range(0, len(body), 64 * 1024):
            piece = body[i:i + 64 * 1024]
            if limit is not None and i + len(piece) > limit:
                await resp.write(piece[:max(0, limit - i)])
                self.sent += max(0, limit - i)
                request.transport.close()           # the connection drops mid-body
                return resp
            await resp.write(piece)
            self.sent += len(piece)
        await resp.write_eof()
        return resp


@pytest.fixture
def serve():
    """Start a FileServer on 127.0.0.1 inside the running loop; cleaned up by the returned closer."""
    async def start(files: dict[str, bytes]) -> tuple[FileServer, web.AppRunner]:
        server = FileServer(files)
        app = web.Application()
        app.router.add_get("/files/{name:.+}", server.handle)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        server.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}/files"
        return server, runner
    return start


def make_gate(privacy=False):
    bus = EventBus(lambda: 0.0)
    errors = []
    bus.subscribe(errors.append, kinds=[EventKind.ERROR])
    gate = NetworkGate(lambda: privacy, bus, resolve=lambda host, port: [])
    return gate, errors


def model(base: str, *, pinned=True, big_sha=None, model_id="test-minilm") -> ModelEntry:
    files = (
        ModelFile("model.onnx", f"{base}/model.onnx", (big_sha or sha(BIG)) if pinned else None,
                  len(BIG) if pinned else None),
        ModelFile("config.json", f"{base}/config.json", sha(CONFIG) if pinned else None,
                  len(CONFIG) if pinned else None),
        ModelFile("1_Pooling/config.json", f"{base}/pooling.json", sha(POOLING) if pinned else None,
                  len(POOLING) if pinned else None),
    )
    # an entry without hashes is one the streamer added herself (custom): the only kind that downloads unpinned
    return ModelEntry(model_id, Kind.EMBEDDING, "Test MiniLM", ("mul",), "Apache-2.0", len(BIG) + 200, files,
                      source="http://127.0.0.1/test", custom=not pinned)


FILES = {"model.onnx": BIG, "config.json": CONFIG, "pooling.json": POOLING}


def run(coro):
    return asyncio.run(coro)


# --- downloads -----------------------------------------------------------------------------------------------

def test_download_reports_monotonic_progress_and_installs_a_verified_model(tmp_path, serve):
    calls: list[tuple[int, int]] = []

    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            assert [e.id for e in manager.available()] == ["test-minilm"]
            path = await manager.download("test-minilm", lambda done, total: calls.append((done, total)))
            return manager, path
        finally:
            await runner.cleanup()

    manager, path = run(go())
    total = len(BIG) + len(CONFIG) + len(POOLING)
    assert path == tmp_path / "test-minilm"
    assert (path / "model.onnx").read_bytes() == BIG and (path / "1_Pooling" / "config.json").read_bytes() == POOLING
    assert len(calls) > 10
    assert all(a[0] <= b[0] for a, b in zip(calls, calls[1:], strict=False)), "progress went backwards"
    assert {t for _, t in calls} == {total} and calls[-1] == (total, total)
    manifest = manager.manifest("test-minilm")
    assert manifest["id"] == "test-minilm" and manifest["kind"] == "embedding" and manifest["installed_at"]
    assert {f["path"]: (f["size"], f["sha256"]) for f in manifest["files"]} == {
        "model.onnx": (len(BIG), sha(BIG)), "config.json": (len(CONFIG), sha(CONFIG)),
        "1_Pooling/config.json": (len(POOLING), sha(POOLING))}
    assert all(f["url"].startswith("http://127.0.0.1:") for f in manifest["files"])
    [installed] = manager.installed()
    assert (installed.id, installed.kind, installed.languages, installed.licence) == (
        "test-minilm", Kind.EMBEDDING, ("mul",), "Apache-2.0")
    assert installed.size_on_disk >= total and manager.available() == []
    assert not (tmp_path / ".partial" / "test-minilm").exists()
    assert run(manager.check("test-minilm")) == []


def test_a_cut_download_resumes_with_a_range_and_fetches_the_file_about_once(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            server.cut_after = 1_300_000
            with pytest.raises(ModelError, match="resume"):
                await manager.download("test-minilm")
            part = tmp_path / ".partial" / "test-minilm" / "model.onnx.part"
            present = part.stat().st_size
            assert 0 < present <= 1_300_000 and not (tmp_path / "test-minilm").exists()
            assert manager.partial_bytes("test-minilm") == present
            server.requests.clear()
            await manager.download("test-minilm")
            return server, present
        finally:
            await runner.cleanup()

    server, present = run(go())
    assert server.requests[0] == ("model.onnx", f"bytes={present}-")
    model_bytes = server.sent - len(CONFIG) - len(POOLING)        # every body byte over both attempts
    assert len(BIG) <= model_bytes < len(BIG) * 1.1, "the resumed download fetched the file twice"
    assert (tmp_path / "test-minilm" / "model.onnx").read_bytes() == BIG


def test_a_server_that_ignores_range_restarts_cleanly(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            server.cut_after = 700_000
            with pytest.raises(ModelError):
                await manager.download("test-minilm")
            server.ignore_range = True
            server.requests.clear()
            await manager.download("test-minilm")
            return server
        finally:
            await runner.cleanup()

    server = run(go())
    assert server.requests[0][1] is not None          # it asked for a range and got the whole file back
    assert sha256_of(tmp_path / "test-minilm" / "model.onnx") == sha(BIG)


def test_a_file_changed_upstream_between_attempts_is_fetched_anew(tmp_path, serve):
    """If-Range: a partial of the old file is never glued to the new one (this matters without pinned hashes)."""
    newer = random.Random(6).randbytes(len(BIG))

    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url, pinned=False),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            server.cut_after = 500_000
            with pytest.raises(ModelError):
                await manager.download("test-minilm")
            server.files["model.onnx"] = newer
            return await manager.download("test-minilm"), manager
        finally:
            await runner.cleanup()

    path, manager = run(go())
    assert (path / "model.onnx").read_bytes() == newer
    record = {f["path"]: f for f in manager.manifest("test-minilm")["files"]}["model.onnx"]
    assert record["sha256"] == sha(newer) and record["hash"] == UNPINNED


def test_a_checksum_mismatch_deletes_the_bad_file_and_installs_nothing(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            server.corrupt = True
            with pytest.raises(ModelError, match="failed its checksum") as failure:
                await manager.download("test-minilm")
            return manager, failure.value
        finally:
            await runner.cleanup()

    manager, error = run(go())
    assert "model.onnx" in str(error) and "nothing was installed" in str(error)
    assert not (tmp_path / "test-minilm").exists()
    assert not (tmp_path / ".partial" / "test-minilm" / "model.onnx.part").exists()
    assert manager.installed() == []


def test_the_model_folder_never_exists_half_filled(tmp_path, serve):
    seen: list[tuple[bool, bool]] = []

    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=roomy_disk, clock=SYSTEM.time)

            def progress(done, total):
                if done >= len(BIG):        # the first file is complete: from here until the last one is
                    staged = tmp_path / ".partial" / "test-minilm" / "model.onnx"
                    seen.append((staged.is_file(), (tmp_path / "test-minilm").exists()))
            await manager.download("test-minilm", progress)
        finally:
            await runner.cleanup()

    run(go())
    assert (True, False) in seen, "the finished first file was never seen waiting in staging"
    assert not any(target for _staged, target in seen)
    assert (tmp_path / "test-minilm" / "manifest.json").is_file()


def test_trust_on_first_use_records_the_hashes_and_later_checks_catch_tampering(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url, pinned=False),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            calls = []
            await manager.download("test-minilm", lambda d, t: calls.append((d, t)))
            return manager, calls
        finally:
            await runner.cleanup()

    manager, calls = run(go())
    assert calls[-1][0] == calls[-1][1] == len(BIG) + len(CONFIG) + len(POOLING)
    assert {f["sha256"] for f in manager.manifest("test-minilm")["files"]} == {sha(BIG), sha(CONFIG), sha(POOLING)}
    (tmp_path / "test-minilm" / "config.json").write_bytes(b"{}")
    [problem] = run(manager.check("test-minilm"))
    assert problem.startswith("config.json")


def test_an_installed_model_is_not_fetched_again_and_a_second_download_at_once_is_refused(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            first = asyncio.ensure_future(manager.download("test-minilm"))
            await asyncio.sleep(0)
            with pytest.raises(ModelError, match="already downloading"):
                await manager.download("test-minilm")
            await first
            count = len(server.requests)
            await manager.download("test-minilm")
            return count, len(server.requests)
        finally:
            await runner.cleanup()

    before, after = run(go())
    assert before == after == 3


def test_cancelling_keeps_the_partial_file_for_a_later_resume(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            started = asyncio.Event()

            def progress(done, total):
                if done > 600_000:
                    started.set()
            task = asyncio.ensure_future(manager.download("test-minilm", progress))
            await started.wait()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            present = (tmp_path / ".partial" / "test-minilm" / "model.onnx.part").stat().st_size
            server.requests.clear()
            await manager.download("test-minilm")
            return present, server.requests[0]
        finally:
            await runner.cleanup()

    present, first_request = run(go())
    assert present > 600_000 and first_request == ("model.onnx", f"bytes={present}-")
    assert sha256_of(tmp_path / "test-minilm" / "model.onnx") == sha(BIG)


def test_a_missing_file_fails_with_the_status(tmp_path, serve):
    async def go():
        server, runner = await serve({"config.json": CONFIG})
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            with pytest.raises(ModelError, match="HTTP 404"):
                await manager.download("test-minilm")
        finally:
            await runner.cleanup()

    run(go())
    assert not (tmp_path / "test-minilm").exists()


# --- privacy mode --------------------------------------------------------------------------------------------

def test_privacy_mode_refuses_a_download_from_outside_before_any_connection(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            # the first file is on this machine, the second is not: not even the first may be fetched
            entry = ModelEntry("outside-voice", Kind.VOICE, "Outside voice", ("it",), "MIT", 100, (
                ModelFile("voice.onnx.json", f"{server.url}/config.json"),
                ModelFile("voice.onnx", f"https://{OUTSIDE}/voices/voice.onnx")), custom=True)
            gate, errors = make_gate(privacy=True)
            manager = ModelManager(tmp_path, gate, catalog=(entry,), free_space=roomy_disk, clock=SYSTEM.time)
            with pytest.raises(PrivacyRefused) as refusal:
                await manager.download("outside-voice")
            return server, errors, str(refusal.value)
        finally:
            await runner.cleanup()

    server, errors, message = run(go())
    assert "Privacy mode is on, so model downloads are off" in message and OUTSIDE in message
    assert server.requests == []
    assert not (tmp_path / ".partial").exists() and not (tmp_path / "outside-voice").exists()
    assert len(errors) == 1 and OUTSIDE in errors[0].text


def test_privacy_mode_allows_loopback_and_gates_every_redirect_hop(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            server.redirects["moved.onnx"] = "/files/model.onnx"
            server.redirects["away.json"] = f"http://{OUTSIDE}/config.json"
            gate, errors = make_gate(privacy=True)
            local = model(server.url, model_id="local")
            local = ModelEntry(local.id, local.kind, local.title, local.languages, local.licence, local.size_bytes,
                               (ModelFile("model.onnx", f"{server.url}/moved.onnx", sha(BIG)), *local.files[1:]))
            away = ModelEntry("away", Kind.LLM, "Away", ("en",), "MIT", 10,
                              (ModelFile("c.json", f"{server.url}/away.json"),), custom=True)
            manager = ModelManager(tmp_path, gate, catalog=(local, away), free_space=roomy_disk, clock=SYSTEM.time)
            await manager.download("local")
            with pytest.raises(PrivacyRefused, match="model downloads are off"):
                await manager.download("away")
            return errors
        finally:
            await runner.cleanup()

    errors = run(go())
    assert (tmp_path / "local" / "model.onnx").read_bytes() == BIG
    assert not (tmp_path / "away").exists()
    assert len(errors) == 1 and OUTSIDE in errors[0].text


# --- imports and removal -------------------------------------------------------------------------------------

def test_import_a_folder_and_a_single_file(tmp_path):
    src = tmp_path / "src" / "my-embedder"
    (src / "1_Pooling").mkdir(parents=True)
    (src / "model.onnx").write_bytes(BIG[:100_000])
    (src / "1_Pooling" / "config.json").write_bytes(POOLING)
    gguf = tmp_path / "src" / "Tiny Model.gguf"
    gguf.write_bytes(b"GGUF" + BIG[:5000])
    manager = ModelManager(tmp_path / "models", make_gate()[0], catalog=(), free_space=roomy_disk, clock=SYSTEM.time)

    folder = run(manager.import_path(src, "embedding", languages=("it",), licence="MIT"))
    single = run(manager.import_path(gguf, Kind.LLM))
    assert folder == tmp_path / "models" / "my-embedder" and single == tmp_path / "models" / "Tiny-Model"
    assert (folder / "1_Pooling" / "config.json").read_bytes() == POOLING
    assert (single / "Tiny Model.gguf").read_bytes() == b"GGUF" + BIG[:5000]
    assert src.is_dir() and gguf.is_file()                   # imports copy, never move
    by_id = {m.id: m for m in manager.installed()}
    assert by_id["my-embedder"].kind is Kind.EMBEDDING and by_id["my-embedder"].languages == ("it",)
    assert by_id["Tiny-Model"].kind is Kind.LLM and by_id["Tiny-Model"].licence == "unknown"
    record = manager.manifest("my-embedder")
    assert record["origin"] == "import" and record["source"].startswith("file://")
    assert {f["path"]: f["sha256"] for f in record["files"]} == {
        "model.onnx": sha(BIG[:100_000]), "1_Pooling/config.json": sha(POOLING)}
    assert run(manager.check("Tiny-Model")) == []
    assert [p.name for p in (tmp_path / "models" / ".partial").iterdir()] == []


def test_a_model_folder_from_another_bea_imports_with_fresh_hashes(tmp_path):
    manager = ModelManager(tmp_path / "models", make_gate()[0], catalog=(), free_space=roomy_disk, clock=SYSTEM.time)
    src = tmp_path / "voice"
    src.mkdir()
    (src / "voice.onnx").write_bytes(b"voice")
    first = run(manager.import_path(src, Kind.VOICE))
    other = ModelManager(tmp_path / "elsewhere", make_gate()[0], catalog=(), free_space=roomy_disk, clock=SYSTEM.time)
    again = run(other.import_path(first, Kind.VOICE))
    assert [f["path"] for f in other.manifest(again.name)["files"]] == ["voice.onnx"]


@pytest.mark.parametrize("make,message", [
    (lambda root: root / "nowhere", "does not exist"),
    (lambda root: (root / "empty").mkdir() or root / "empty", "is empty"),
    (lambda root: (root / "zero.bin").write_bytes(b"") and None or root / "zero.bin", "is empty"),
    (lambda root: ((root / "odd").mkdir(), (root / "odd" / "manifest.json").write_text("[]"))[0] or root / "odd",
     "manifest.json"),
])
def test_imports_refuse_missing_empty_and_clashing_paths(tmp_path, make, message):
    manager = ModelManager(tmp_path / "models", make_gate()[0], catalog=(), free_space=roomy_disk, clock=SYSTEM.time)
    with pytest.raises(ModelError, match=message):
        run(manager.import_path(make(tmp_path), Kind.VOICE))
    assert manager.installed() == []


def test_an_import_never_replaces_an_installed_model(tmp_path):
    manager = ModelManager(tmp_path / "models", make_gate()[0], catalog=(), free_space=roomy_disk, clock=SYSTEM.time)
    (tmp_path / "a.onnx").write_bytes(b"one")
    run(manager.import_path(tmp_path / "a.onnx", Kind.VOICE))
    with pytest.raises(ModelError, match="already installed"):
        run(manager.import_path(tmp_path / "a.onnx", Kind.VOICE))
    with pytest.raises(ModelError, match="cannot name"):
        run(manager.import_path(tmp_path / "a.onnx", Kind.VOICE, id="../evil"))


def test_remove_takes_the_whole_folder_away(tmp_path):
    manager = ModelManager(tmp_path / "models", make_gate()[0], catalog=(), free_space=roomy_disk, clock=SYSTEM.time)
    (tmp_path / "a.onnx").write_bytes(b"one")
    run(manager.import_path(tmp_path / "a.onnx", Kind.VOICE))
    run(manager.remove("a"))
    assert manager.installed() == [] and not (tmp_path / "models" / "a").exists()
    assert list((tmp_path / "models" / ".partial").iterdir()) == []
    with pytest.raises(ModelError, match="No model called"):
        run(manager.remove("a"))
    with pytest.raises(ModelError):
        run(manager.remove("../models"))


def test_a_bad_catalog_is_refused_at_start():
    bad = ModelEntry("x", Kind.LLM, "X", ("en",), "MIT", 1, (ModelFile("../x", "http://127.0.0.1/x"),))
    with pytest.raises(ValueError, match="bad model catalog"):
        ModelManager(Path("/nonexistent"), make_gate()[0], catalog=(bad,), free_space=roomy_disk, clock=SYSTEM.time)


# --- pinning: no trust on first use ---------------------------------------------------------------

def test_an_unpinned_catalog_entry_is_refused_before_any_request_and_says_why(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            unpinned = ModelEntry("test-minilm", Kind.EMBEDDING, "Test MiniLM", ("mul",), "Apache-2.0", 10,
                                  model(server.url, pinned=False).files, source="http://127.0.0.1/test")
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(unpinned,),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            with pytest.raises(ModelError) as refused:
                await manager.download("test-minilm")
            return str(refused.value), server.requests
        finally:
            await runner.cleanup()

    why, requests = run(go())
    assert requests == [] and not (tmp_path / "test-minilm").exists()
    assert "Test MiniLM is unpinned" in why and "model.onnx" in why and "Import" in why


def test_a_custom_model_downloads_unpinned_and_its_manifest_says_so(tmp_path, serve):
    async def go():
        server, runner = await serve(FILES)
        try:
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url, pinned=False),),
                                   free_space=roomy_disk, clock=SYSTEM.time)
            await manager.download("test-minilm")
            return manager.manifest("test-minilm")
        finally:
            await runner.cleanup()

    manifest = run(go())
    assert {f["hash"] for f in manifest["files"]} == {UNPINNED}
    assert {f["sha256"] for f in manifest["files"]} == {sha(BIG), sha(CONFIG), sha(POOLING)}


def test_every_built_in_entry_is_pinned_or_refused_with_its_reason():
    for entry in CATALOG:
        why = mc.download_refusal(entry)
        assert why is None or (entry.title in why and "unpinned" in why), entry.id
        if why is None:
            assert all(f.sha256 and mc.mutable_revision(f.url) is None for f in entry.files), entry.id


def test_a_download_the_disk_has_no_room_for_is_refused_before_any_request_and_a_resume_needs_less(
        tmp_path, serve):
    """The disk must hold what is still to come and a margin: refused with the figures, nothing fetched; once
    part of the model is staged, the same free space lets the rest come."""
    total = len(BIG) + len(CONFIG) + len(POOLING)

    async def go():
        server, runner = await serve(FILES)
        try:
            free = {"bytes": total + mc.DISK_MARGIN - 1}
            manager = ModelManager(tmp_path, make_gate()[0], catalog=(model(server.url),),
                                   free_space=lambda _folder: free["bytes"], clock=SYSTEM.time)
            with pytest.raises(ModelError) as refused:
                await manager.download("test-minilm")
            asked = list(server.requests)
            partial = tmp_path / ".partial" / "test-minilm" / "model.onnx.part"
            partial.parent.mkdir(parents=True)
            partial.write_bytes(BIG[:1000])                 # an earlier try stopped after 1,000 bytes
            installed = await manager.download("test-minilm")
            return str(refused.value), asked, installed
        finally:
            await runner.cleanup()

    why, asked, installed = run(go())
    assert asked == []
    assert why.startswith("There is not enough free disk space for Test MiniLM: it needs 0.5 GB free in ")
    assert "Free some space, or choose a smaller model." in why
    assert (installed / "model.onnx").read_bytes() == BIG
