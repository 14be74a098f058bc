"""Recall rules as tables: fragments, sources, the re-ranking, the caps."""

import numpy as np
import pytest

from app.core.recall import (
    Candidate,
    RecallError,
    ago,
    block,
    check_source,
    is_fragment,
    rank,
    recency,
    score_ceilings,
)
from tests.her_words import CATALOGS, EN, IT


@pytest.mark.parametrize("text,fragment", [
    ("ok", True), ("lol", True), ("ahahahah", True), ("😂😂", True), ("gg wp", True), ("sì grazie", True),
    ("...", True), ("no", True),
    ("il mio gatto si chiama Pixel", False), ("I moved to Milan last year", False),
    ("ho 30 anni", False), ("domani esame di fisica", False),
])
def test_fragments(text, fragment):
    assert is_fragment(text) is fragment


def test_sources():
    assert check_source("person") == "person" and check_source("bea") == "bea"
    with pytest.raises(RecallError, match="'person' or 'bea'"):
        check_source("viewer")


@pytest.mark.parametrize("days,value", [(0, 1.0), (10, 0.5), (30, 0.25), (-3, 1.0)])
def test_recency(days, value):
    assert recency(days) == pytest.approx(value)


def test_rank_reweighs_filters_and_caps():
    cands = [Candidate(1, 0.90, 30), Candidate(2, 0.80, 0), Candidate(3, 0.34, 0), Candidate(4, 0.50, 0),
             Candidate(5, 0.80, 0)]
    ranked = rank(cands, limit=3)
    assert [i for i, _ in ranked] == [2, 5, 1]  # fresh 0.8 beats month-old 0.9; equal scores by id
    assert ranked[0][1] == pytest.approx(0.8 * 0.7 + 0.3)
    assert 3 not in [i for i, _ in rank(cands, limit=10)]  # below the threshold, however recent


def test_a_score_ceiling_is_the_score_at_the_most_similar_and_none_below_the_threshold():
    sims, ages = np.array([0.90, 0.80, 0.34, 0.50]), np.array([30.0, 0.0, 0.0, -1.0])
    ceilings = score_ceilings(sims, ages)
    exact = dict(rank([Candidate(i, s, a) for i, (s, a) in enumerate(zip(sims, ages, strict=True))], limit=10))
    assert [ceilings[i] for i in (0, 1, 3)] == pytest.approx([exact[0], exact[1], exact[3]], abs=1e-12)
    assert ceilings[2] == -np.inf  # below min_similarity: it can never come back
    assert (score_ceilings(sims + 0.01, ages)[[0, 1, 3]] > ceilings[[0, 1, 3]]).all()  # more similar, higher


def test_blocks_are_capped():
    text = block("[WHAT PEOPLE TOLD YOU]", ["x" * 50] * 100, max_chars=300)
    assert text.startswith("[WHAT PEOPLE TOLD YOU]") and len(text) <= 300
    assert block("[T]", []) == ""


@pytest.mark.parametrize("days,label", [(0.001, "just now"), (0.5, "12 h ago"), (1.5, "yesterday"), (9, "9 days ago")])
def test_ago(days, label):
    assert ago(days, EN) == label


def test_ages_and_headers_in_her_prompts_language():
    from app.core.recall import recall_headers
    assert [ago(a, IT) for a in (0.01, 0.5, 1.5, 3.2)] == ["proprio ora", "12 h fa", "ieri", "3 giorni fa"]
    assert [ago(a, EN) for a in (0.01, 0.5, 1.5, 3.2)] == ["just now", "12 h ago", "yesterday", "3 days ago"]
    german = CATALOGS.pick("de")
    assert ago(3.2, german) == "3 days ago" and recall_headers(german) == recall_headers(EN)
    assert recall_headers(IT) == ("[QUELLO CHE TI HANNO DETTO]",
                                  "[QUELLO CHE HAI DETTO O INVENTATO TU: non sono fatti]")
