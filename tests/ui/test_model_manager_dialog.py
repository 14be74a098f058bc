"""The Model Manager dialog over a real manager in a temp folder: listing, import, download with its bar, remove."""

import asyncio
import hashlib
from dataclasses import replace

import pytest
from aiohttp import web

from app.core.events import EventBus
from app.core.model_catalog import CATALOG, Kind, ModelEntry, ModelFile
from app.memory.model_manager import ModelManager
from app.process.clock import SYSTEM
from app.senses.netgate import NetworkGate
from app.ui.model_manager_dialog import COLUMNS, STATE, ModelManagerDialog, human_size
from app.widgets.qt import QFileDialog, QLocale, QProgressBar
from tests.conftest import REPO
from tests.fakes import roomy_disk

SHOTS = REPO / "build" / "screenshots"


def make_manager(folder, catalog=CATALOG, privacy=False):
    gate = NetworkGate(lambda: privacy, EventBus(lambda: 0.0), resolve=lambda host, port: [])
    return ModelManager(folder, gate, catalog=catalog, free_space=roomy_disk, clock=SYSTEM.time)


@pytest.fixture
def dialog(qtbot, tmp_path):
    d = ModelManagerDialog(make_manager(tmp_path / "models"))
    qtbot.addWidget(d)
    return d


def table(d):
    return [[d.table.item(r, c).text() for c in range(len(COLUMNS))] for r in range(d.table.rowCount())]


def test_lists_the_catalog_as_available(dialog):
    rows = table(dialog)
    assert [r[0] for r in rows] == [e.title for e in CATALOG]
    assert {r[1] for r in rows} == {"Embeddings", "Speech to text", "Voice", "Local LLM", "End of turn",
                                    "Voice of the streamer"}
    # whisper small and base, the voices Paola and Davefx, the Qwen3 chat models, Smart Turn and Resemblyzer are
    # pinned (app.core.model_catalog); every other built-in entry is marked unpinned
    pinned = {"Whisper small (faster-whisper)", "Whisper base (faster-whisper)", "Piper voice Paola (Italian)",
              "Piper voice Davefx (Spanish)", "Qwen3 1.7B (GGUF Q8_0)", "Qwen3 4B (GGUF Q4_K_M)",
              "Qwen3 8B (GGUF Q4_K_M)", "Smart Turn v3.2 (end of turn)", "Resemblyzer 0.1.4 (whose voice)"}
    assert all((r[STATE] == "available") == (r[0] in pinned) and r[3].startswith("about ") for r in rows)
    assert all(r[STATE].startswith("unpinned: not downloaded") for r in rows if r[0] not in pinned)
    minilm = rows[0]
    assert minilm[2] == "multilingual, it, en" and minilm[4] == "Apache-2.0"
    assert not dialog.download_button.isEnabled() and not dialog.remove_button.isEnabled()
    dialog.select("faster-whisper-small")
    assert dialog.download_button.isEnabled() and not dialog.remove_button.isEnabled()
    assert dialog.privacy_note.isHidden()


def test_an_imported_model_shows_as_installed_and_can_be_removed(dialog, tmp_path, monkeypatch):
    voice = tmp_path / "la-mia-voce.onnx"
    voice.write_bytes(b"\x08\x01" * 40_000)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(voice), ""))
    dialog.kind.setCurrentIndex(dialog.kind.findData(Kind.VOICE))

    async def import_through_the_button():
        dialog.import_file_button.click()
        await asyncio.gather(*dialog.pending)
    asyncio.run(import_through_the_button())

    first = table(dialog)[0]
    assert first[0] == "la-mia-voce" and first[1] == "Voice" and first[STATE] == "installed"
    assert first[3] == human_size(dialog.manager.installed()[0].size_on_disk)
    assert first[3].startswith(f"80{QLocale().decimalPoint()}") and first[3].endswith(" kB")   # file and manifest
    assert "Imported la-mia-voce.onnx" in dialog.status.text()
    dialog.select("la-mia-voce")
    assert dialog.remove_button.isEnabled() and not dialog.download_button.isEnabled()

    asyncio.run(dialog.remove("la-mia-voce"))
    assert "la-mia-voce" not in [r.id for r in dialog.rows] and "Removed" in dialog.status.text()


def test_a_bad_import_says_why_in_red(dialog, tmp_path):
    asyncio.run(dialog.import_from(tmp_path / "nowhere", Kind.LLM))
    assert "does not exist" in dialog.status.text() and "c0392b" in dialog.status.styleSheet()


def test_download_fills_the_row_bar_then_shows_installed(qtbot, tmp_path):
    data = bytes(range(256)) * 4096          # 1 MB

    async def blob(_request):
        return web.Response(body=data)

    entry = ModelEntry("tiny-voice", Kind.VOICE, "Tiny voice", ("it",), "MIT", len(data), ())
    seen = []

    async def go():
        app = web.Application()
        app.router.add_get("/voice.onnx", blob)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        try:
            files = (ModelFile("voice.onnx", f"http://127.0.0.1:{port}/voice.onnx",
                               hashlib.sha256(data).hexdigest(), len(data)),)
            d = ModelManagerDialog(make_manager(tmp_path / "models", catalog=(replace(entry, files=files),)))
            qtbot.addWidget(d)
            d.select("tiny-voice")
            original = d.show_progress

            def watch(model_id, done, total):
                original(model_id, done, total)
                seen.append(d.bars[model_id].value())
            d.show_progress = watch
            d.download_button.click()
            assert isinstance(d.table.cellWidget(0, STATE), QProgressBar)
            assert not d.download_button.isEnabled() and d.cancel_button.isEnabled()
            await d.tasks["tiny-voice"]
            return d
        finally:
            await runner.cleanup()

    d = asyncio.run(go())
    assert seen[-1] == 1000 and seen == sorted(seen)
    assert table(d)[0][STATE] == "installed" and d.table.cellWidget(0, STATE) is None
    assert "Tiny voice is installed." == d.status.text()


def test_cancel_pauses_the_download_and_the_row_says_it_will_resume(qtbot, tmp_path):
    data = bytes(range(256)) * 4096
    release = asyncio.Event()

    async def stalls_midway(request):
        resp = web.StreamResponse()
        resp.content_length = len(data)
        await resp.prepare(request)
        await resp.write(data[:300_000])
        await release.wait()
        try:
            await resp.write(data[300_000:])
        except (ConnectionError, RuntimeError):
            pass        # the client has gone, as the test intends
        return resp

    async def go():
        app = web.Application()
        app.router.add_get("/voice.onnx", stalls_midway)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]
        try:
            entry = ModelEntry("slow-voice", Kind.VOICE, "Slow voice", ("it",), "MIT", len(data),
                               (ModelFile("voice.onnx", f"http://127.0.0.1:{port}/voice.onnx",
                                          hashlib.sha256(data).hexdigest()),))
            d = ModelManagerDialog(make_manager(tmp_path / "models", catalog=(entry,)))
            qtbot.addWidget(d)
            d.select("slow-voice")
            d.download_button.click()
            while d.bars["slow-voice"].value() <= 0:
                await asyncio.sleep(0.01)
            d.cancel_button.click()
            with pytest.raises(asyncio.CancelledError):
                await d.tasks["slow-voice"]
            release.set()
            return d
        finally:
            await runner.cleanup()

    d = asyncio.run(go())
    assert table(d)[0][STATE] == "paused at 300 kB: Download resumes"
    assert "download paused" in d.status.text() and d.tasks == {}
    assert d.download_button.isEnabled() and not d.cancel_button.isEnabled()


def test_cancel_before_the_download_starts_still_tidies_up(qtbot, tmp_path):
    entry = ModelEntry("never-started", Kind.VOICE, "Never started", ("it",), "MIT", 10,
                       (ModelFile("v.onnx", "http://127.0.0.1:9/v.onnx", "0" * 64),))
    d = ModelManagerDialog(make_manager(tmp_path / "models", catalog=(entry,)))
    qtbot.addWidget(d)

    async def go():
        d.select("never-started")
        d.download_button.click()
        task = d.tasks["never-started"]
        d.cancel_button.click()                 # before the task's first step, so its body never runs
        with pytest.raises(asyncio.CancelledError):
            await task
        await asyncio.sleep(0)
    asyncio.run(go())
    assert d.tasks == {} and "download paused" in d.status.text()
    assert [r.state for r in d.rows] == ["available"]


def test_privacy_mode_turns_download_off_and_says_so(qtbot, tmp_path):
    d = ModelManagerDialog(make_manager(tmp_path / "models", privacy=True))
    qtbot.addWidget(d)
    d.select("it_IT-paola-medium")
    assert not d.privacy_note.isHidden() and not d.download_button.isEnabled()
    assert d.import_file_button.isEnabled()


def test_screenshot(qtbot, tmp_path):
    manager = make_manager(tmp_path / "models")
    folder = tmp_path / "my-whisper-it"
    folder.mkdir()
    (folder / "model.bin").write_bytes(b"\x00" * 2_400_000)
    (folder / "config.json").write_text("{}")
    asyncio.run(manager.import_path(folder, Kind.STT, languages=("it",), licence="MIT"))
    paused = tmp_path / "models" / ".partial" / "it_IT-paola-medium"
    paused.mkdir(parents=True)
    (paused / "it_IT-paola-medium.onnx.part").write_bytes(b"\x00" * 1_700_000)
    d = ModelManagerDialog(manager)
    qtbot.addWidget(d)
    loop = asyncio.new_event_loop()
    d.tasks["faster-whisper-small"] = loop.create_future()         # as if downloading
    d.refresh()
    d.show_progress("faster-whisper-small", 190_000_000, 486_000_000)
    d.select("faster-whisper-small")
    d.say("Downloading Whisper small (faster-whisper)…")
    rows = table(d)
    assert rows[0][:2] == ["my-whisper-it", "Speech to text"] and rows[0][STATE] == "installed"
    assert any(r[STATE].startswith("unpinned: not downloaded") for r in rows)
    d.show()
    qtbot.waitExposed(d)
    image = d.grab().toImage()
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert image.save(str(SHOTS / "model_manager.png"))
    colours = {image.pixel(x, y) for x in range(0, image.width(), 5) for y in range(0, image.height(), 5)}
    assert len(colours) > 10, "the dialog looks blank"
    d.tasks.clear()
    loop.close()
