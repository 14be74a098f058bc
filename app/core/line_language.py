"""Which language a chat line is in, by its common words: enough to tell the tiny demo model which language to
answer in, where a real model reads it for itself.

Theory of operation:
1. A line's words (lower case, apostrophes split: "what's" is "what" and "s") are looked up in a table of each
   language's commonest short words: articles, pronouns, question words, greetings. Each word found is a vote.
   They are words that say nothing of what a line is about, so the rest of a line's words are its topic
   (topic_words), which the demo uses to find the earlier line a question is about.
2. The language with the most votes wins; a tie, or no vote at all, is "" (unknown): a name, an emoji or
   "lol" say nothing, and the caller keeps the language it had.
3. Words two of the languages share in writing ("a", "i", "in", "me", "so", "come", "no", "chat") are in
   neither table: they would vote for both and decide nothing, or decide wrongly. Apostrophes split words, so
   "what's" votes with "what" and "c'è" with "è".
4. Only languages her prompts can be in are listed (app.core.prompt_language); another language is unknown.
"""

from __future__ import annotations

import re

COMMON_WORDS = {
    "en": frozenset("""the an is are am was were be been you your yours my mine we our us they their he she his her
        it its this that these those what who where when why how which do does did don can could would should
        will have has had not and or but of to on at for with from about just very really hi hello hey good
        evening morning night thanks thank please yes yeah okay today tonight there here""".split()),
    "it": frozenset("""o il lo la gli le un una uno è e ed di da del della dello dei delle al alla allo ai alle nel
        nella nei con per tra fra che chi cosa dove quando perché perche quale quali quanto mi ti si ci vi ne
        mio mia miei mie tuo tua tuoi tue suo sua nostro vostro sono sei siamo siete ho hai ha abbiamo avete
        hanno non anche ma però più molto bene male ciao grazie buonasera buongiorno buonanotte oggi stasera
        adesso ora qui qua sì questo questa quello quella va vai fa fai stai sta era tutti tutto salve io tu
        te lui lei noi voi comunque qualcosa sempre mai secondo essere""".split()),
}
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def words_of(line: str) -> list[str]:
    return _WORD.findall(line.casefold())


def topic_words(line: str) -> set[str]:
    """The words of `line` that are no language's common word and longer than two letters."""
    common = set().union(*COMMON_WORDS.values())
    return {w for w in words_of(line) if len(w) > 2 and w not in common}


def language_of(line: str) -> str:
    """The language of `line` (a code of COMMON_WORDS), or "" when its words do not decide it (rule 2)."""
    found = words_of(line)
    votes = {code: sum(w in table for w in found) for code, table in COMMON_WORDS.items()}
    best = max(votes.values(), default=0)
    winners = [code for code, n in votes.items() if n == best]
    return winners[0] if best > 0 and len(winners) == 1 else ""
