"""Her spoken lines as the window follows them: shown when written, then said or cut.

Theory of operation:
1. A line she gives her voice is a SpokenLine, numbered in the order she wrote them. It is SPEAKING from the
   moment the speak call is written (its message complete) until her voice has ended it: the window shows the
   words then, not seconds later when the audio is over.
2. It ends SAID when her voice got through it, CUT when it did not (a barge-in, the stop button, a voice that
   broke off): `said` is what she got to say, "" when she was stopped before her first word.
3. A line with no voice to say it (none attached, muted) is SAID at once: there is nothing to wait for.
4. Her voice reports what she got to say, not whether she was cut: the words tell (was_cut). Fewer words said
   than written is a cut; actions (<do:wave>) are left out of the count, as her mouth leaves them out.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

_ACTION = re.compile(r"<do:[^>]*>")   # app.core.speech_text's action marks: played, never said
_WORD = re.compile(r"\w+")


class LineState(enum.StrEnum):
    SPEAKING = "speaking"
    SAID = "said"
    CUT = "cut"


@dataclass(frozen=True)
class SpokenLine:
    number: int
    text: str                 # what she wrote to say, as it may go on air
    state: LineState
    said: str = ""            # what she got to say, once ended

    def ended(self, said: str) -> SpokenLine:
        """Rules 2 and 4: the line over, with what her voice got to say."""
        return SpokenLine(self.number, self.text, LineState.CUT if was_cut(self.text, said) else LineState.SAID,
                          said)


def was_cut(text: str, said: str) -> bool:
    """Rule 4: fewer words said than written (actions aside)."""
    return len(_WORD.findall(said)) < len(_WORD.findall(_ACTION.sub(" ", text)))
