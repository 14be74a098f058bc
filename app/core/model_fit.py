"""Which of the catalog's chat models fit this computer: its memory, its cores, and a GPU llama.cpp can use (pure).

Theory of operation:
1. The computer is plain data (Machine): its RAM, its processor cores, and what llama.cpp can run on besides
   the processor here: nothing, Apple's Metal (whose memory is the RAM itself), or another GPU (with its own
   memory, 0 when unknown). app/senses/machine.py reads it; nothing here asks the computer.
2. A chat model states the memory it needs loaded at Bea's context (ModelEntry.ram_bytes: weights, attention
   cache, llama.cpp's buffers). It may take at most MODEL_SHARE of the memory it lives in: the rest is for the
   system, the game (on the GPU too), OBS and Bea's own ears, voice and memory. A GPU with its own memory
   whose share holds the model runs it there; otherwise, and on Metal, it lives in RAM.
3. Over its share of RAM the model is TOO_BIG: listed with the reason, never recommended.
4. Every token reads the whole model once, so on the processor alone a big model answers slowly: a file wants
   the cores of the first CORES_FOR_SIZE row it fits under. With fewer it is SLOW: offered, said so, not
   recommended. Running on a GPU or on Metal lifts the cores rule.
5. recommend() is the largest model that FITS; None when none does (then a server, a cloud key, or the demo).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from app.core.model_catalog import Kind, ModelEntry
from app.core.words import QT_TRANSLATE_NOOP

GB = 1_000_000_000
MODEL_SHARE = 0.5                 # of the memory the model lives in; the stream and the system keep the rest
# (largest file in bytes, cores it wants on the processor alone): about 5 tokens a second or better on a
# desktop processor of that many cores, the pace at which a spoken answer does not keep the stream waiting
CORES_FOR_SIZE: tuple[tuple[float, int], ...] = ((2.0 * GB, 2), (3.0 * GB, 4), (float("inf"), 8))


class Accelerator(enum.StrEnum):
    NONE = "none"
    METAL = "metal"        # Apple silicon: the GPU shares the RAM
    GPU = "gpu"            # CUDA, Vulkan, ROCm...: a GPU with its own memory


class Fit(enum.StrEnum):
    FITS = "fits"
    SLOW = "slow"
    TOO_BIG = "too big"


@dataclass(frozen=True)
class Machine:
    ram_bytes: int
    cores: int
    accelerator: Accelerator = Accelerator.NONE
    vram_bytes: int = 0            # a GPU's own memory; 0 when unknown or on Metal


@dataclass(frozen=True)
class Verdict:
    entry: ModelEntry
    fit: Fit
    template: str                               # why, marked for the window's language ("model_fit")
    args: tuple[tuple[str, str], ...] = ()      # its values

    @property
    def reason(self) -> str:
        return self.template.format(**dict(self.args))


TOO_BIG = QT_TRANSLATE_NOOP("model_fit", "needs {need} GB of memory; with {ram} GB this computer can lend a model "
                                         "{room}")
SLOW = QT_TRANSLATE_NOOP("model_fit", "answers slowly here: on the processor alone it wants {wanted} cores, this "
                                      "computer has {cores}")
FITS = {"gpu": QT_TRANSLATE_NOOP("model_fit", "fits: {need} GB of memory, runs on the GPU"),
        "metal": QT_TRANSLATE_NOOP("model_fit", "fits: {need} GB of memory, runs on Metal"),
        "cpu": QT_TRANSLATE_NOOP("model_fit", "fits: {need} GB of memory, runs on the processor")}


def _gb(n: float, digits: int = 1) -> str:
    return f"{n / GB:.{digits}f}"


def judge(entry: ModelEntry, machine: Machine) -> Verdict:
    """Rules 2-4 for one chat model on one computer."""
    need = entry.ram_bytes or entry.size_bytes
    on_gpu = machine.accelerator is Accelerator.GPU and need <= machine.vram_bytes * MODEL_SHARE
    if not on_gpu and need > machine.ram_bytes * MODEL_SHARE:
        return Verdict(entry, Fit.TOO_BIG, TOO_BIG, (("need", _gb(need)), ("ram", _gb(machine.ram_bytes, 0)),
                                                     ("room", _gb(machine.ram_bytes * MODEL_SHARE))))
    wanted = next(cores for size, cores in CORES_FOR_SIZE if entry.size_bytes <= size)
    helped = on_gpu or machine.accelerator is Accelerator.METAL
    if not helped and machine.cores < wanted:
        return Verdict(entry, Fit.SLOW, SLOW, (("wanted", str(wanted)), ("cores", str(machine.cores))))
    where = "gpu" if on_gpu else "metal" if helped else "cpu"
    return Verdict(entry, Fit.FITS, FITS[where], (("need", _gb(need)),))


def chat_models(catalog: Iterable[ModelEntry], machine: Machine) -> list[Verdict]:
    """Every chat model of the catalog with its verdict, smallest first."""
    return [judge(e, machine) for e in sorted((e for e in catalog if e.kind is Kind.LLM), key=lambda e: e.size_bytes)]


def recommend(verdicts: Iterable[Verdict]) -> ModelEntry | None:
    """Rule 5: the largest model that fits, or None."""
    fitting = [v.entry for v in verdicts if v.fit is Fit.FITS]
    return max(fitting, key=lambda e: e.size_bytes, default=None)
