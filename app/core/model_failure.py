"""Her failed turn said in Bea's own sentence, by what went wrong with her first model (the pool names each
model's error class), with the model's name and the server's words as the detail (app.core.words)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.core.words import QT_TRANSLATE_NOOP

COULDNT_ANSWER = QT_TRANSLATE_NOOP("problems", "She couldn't answer: {reason}")
BY_KIND = {
    "Unreachable": QT_TRANSLATE_NOOP("problems", "She couldn't answer: nothing answers at the address of her model "
                                                 "{model}. Is its server (Ollama, LM Studio…) running? (detail: "
                                                 "{reason})"),
    "PrivacyBlocked": QT_TRANSLATE_NOOP("problems", "She couldn't answer: privacy mode keeps her from her model "
                                                    "{model}, which is not on this computer (detail: {reason})"),
    "AuthError": QT_TRANSLATE_NOOP("problems", "She couldn't answer: the server of her model {model} refused its "
                                               "API key; check it in Settings → Mind (detail: {reason})"),
    "RateLimited": QT_TRANSLATE_NOOP("problems", "She couldn't answer: her model {model} was asked too often and "
                                                 "asks her to wait (detail: {reason})"),
    "ModelTimeout": QT_TRANSLATE_NOOP("problems", "She couldn't answer: her model {model} took too long (detail: "
                                                  "{reason})"),
    "ServerError": QT_TRANSLATE_NOOP("problems", "She couldn't answer: the server of her model {model} failed "
                                                 "(detail: {reason})"),
    "RequestRejected": QT_TRANSLATE_NOOP("problems", "She couldn't answer: the server of her model {model} refused "
                                                     "the request; check the model's name in Settings → Mind "
                                                     "(detail: {reason})"),
}


def failure_words(kinds: Mapping[str, str], failures: Sequence[Sequence[str]],
                  reason: str) -> tuple[str, dict[str, str]]:
    """The sentence for a failed turn and its values: by the first failed model's error class when the pool
    named it, else "She couldn't answer: {reason}" (`reason` is the whole short reason, model name included)."""
    if failures:
        model = str(failures[0][0])
        words = BY_KIND.get(kinds.get(model, ""))
        if words is not None:
            return words, {"model": model, "reason": reason}
    return COULDNT_ANSWER, {"reason": reason}
