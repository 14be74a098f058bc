"""Which of the catalog's chat models fit a computer, as a table of computers (app.core.model_fit)."""

import pytest

from app.core import model_catalog as mc
from app.core.model_fit import GB, Accelerator, Fit, Machine, chat_models, judge, recommend

NONE, METAL, GPU = Accelerator.NONE, Accelerator.METAL, Accelerator.GPU
F, S, T = Fit.FITS, Fit.SLOW, Fit.TOO_BIG


@pytest.mark.parametrize("machine, fits, best", [
    # a laptop with 8 GB: the 8B model needs 6.7 GB, more than half its memory
    (Machine(8 * GB, 4), (F, F, T), "qwen3-4b-q4_k_m"),
    (Machine(16 * GB, 8), (F, F, F), "qwen3-8b-q4_k_m"),
    # memory enough, cores not: the 8B model would answer slowly on four cores alone
    (Machine(16 * GB, 4), (F, F, S), "qwen3-4b-q4_k_m"),
    (Machine(16 * GB, 2), (F, S, S), "qwen3-1.7b-q8_0"),
    (Machine(4 * GB, 8), (T, T, T), None),
    # Apple silicon: Metal lifts the cores rule, the memory is the RAM's
    (Machine(16 * GB, 4, METAL), (F, F, F), "qwen3-8b-q4_k_m"),
    (Machine(8 * GB, 4, METAL), (F, F, T), "qwen3-4b-q4_k_m"),
    # a GPU whose memory holds the model runs it, whatever the RAM and the cores
    (Machine(8 * GB, 2, GPU, 16 * GB), (F, F, F), "qwen3-8b-q4_k_m"),
    # a GPU whose memory is unknown (or too small) leaves the model to the RAM and the processor
    (Machine(16 * GB, 4, GPU, 0), (F, F, S), "qwen3-4b-q4_k_m"),
    (Machine(16 * GB, 4, GPU, 8 * GB), (F, F, S), "qwen3-4b-q4_k_m"),
])
def test_which_chat_models_fit_a_computer(machine, fits, best):
    verdicts = chat_models(mc.CATALOG, machine)
    assert [v.entry.id for v in verdicts] == ["qwen3-1.7b-q8_0", "qwen3-4b-q4_k_m", "qwen3-8b-q4_k_m"]
    assert tuple(v.fit for v in verdicts) == fits
    assert (recommend(verdicts).id if recommend(verdicts) else None) == best


def test_each_verdict_says_why_in_numbers():
    big = mc.find(mc.CATALOG, "qwen3-8b-q4_k_m")
    assert judge(big, Machine(8 * GB, 8)).reason == ("needs 6.7 GB of memory; with 8 GB this computer can lend "
                                                     "a model 4.0")
    assert judge(big, Machine(16 * GB, 4)).reason == ("answers slowly here: on the processor alone it wants 8 "
                                                      "cores, this computer has 4")
    assert judge(big, Machine(8 * GB, 2, GPU, 16 * GB)).reason == "fits: 6.7 GB of memory, runs on the GPU"


def test_the_catalog_offers_three_sizes_of_pinned_multilingual_chat_models_from_2_to_8_gb():
    chat = [e for e in mc.CATALOG if e.kind is mc.Kind.LLM]
    assert len(chat) >= 3
    sizes = sorted(e.size_bytes for e in chat)
    assert 1 * GB <= sizes[0] <= 2 * GB and 5 * GB <= sizes[-1] <= 8 * GB
    for e in chat:
        assert mc.download_refusal(e) is None and {"it", "en"} <= set(e.languages), e.id
        assert e.licence == "Apache-2.0" and e.ram_bytes > e.size_bytes, e.id
        assert e.files[0].size == e.size_bytes and "SHA-256" in e.source and "record" in e.source, e.id
