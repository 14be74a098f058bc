"""Counting tokens the way the model in use does: the GGUF's own tokenizer for the built-in model, OpenAI's
BPE (o200k / cl100k, shipped inside bpe-openai, no download) for OpenAI-compatible models, and the declared
estimator (app.core.context_window.estimate_tokens) for everything else."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from app.core.context_window import estimate_tokens
from app.core.failures import summary
from app.core.model_spec import ModelSpec, Wire, parse

log = logging.getLogger(__name__)

Counter = Callable[[str], int]


@dataclass(frozen=True)
class TokenCounter:
    name: str        # what counts: "gguf:SmolLM2...", "o200k_base", "estimate"
    count: Counter
    exact: bool


ESTIMATE = TokenCounter("estimate (3.5 characters a token)", estimate_tokens, False)
_OLDER_OPENAI = ("gpt-3.5", "gpt-4-", "gpt-4 ", "text-embedding-ada")


def openai_encoding(model: str) -> str:
    name = model.lower()
    return "cl100k_base" if name == "gpt-4" or name.startswith(_OLDER_OPENAI) else "o200k_base"


def _bpe(encoding: str) -> TokenCounter:
    import bpe_openai
    enc = bpe_openai.get_encoding(encoding)
    return TokenCounter(encoding, lambda text: len(enc.encode(text)) if text else 0, True)


def _gguf(spec: ModelSpec) -> TokenCounter:
    from app.senses.llm import llama_backends
    from app.senses.llm.local_llama import model_path
    path = model_path(spec)
    vocab = llama_backends.open_llama(model_path=str(path), vocab_only=True)
    return TokenCounter(f"gguf:{path.name}",
                        lambda text: len(vocab.tokenize(text.encode(), add_bos=False)) if text else 0, True)


def counter_for(spec: ModelSpec | str) -> TokenCounter:
    """Blocking (a GGUF vocabulary loads in about half a second): call it off the loop thread."""
    spec = parse(spec) if isinstance(spec, str) else spec
    try:
        if spec.info.wire is Wire.LOCAL:
            return _gguf(spec)
        if spec.info.wire is Wire.OPENAI:
            # Ollama, LM Studio and llama.cpp servers run other families; o200k is the declared stand-in there
            return _bpe(openai_encoding(spec.model))
    except Exception as exc:
        log.warning("no tokenizer for %s (%s); estimating token counts", spec, summary(exc))
    return ESTIMATE
