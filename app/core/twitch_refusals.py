"""Twitch's refusals of her own chat lines, in the streamer's words, and whether one needs the streamer.

Theory of operation:
1. When Twitch does not post a line she sent, it answers with a NOTICE to the channel whose msg-id starts
   with "msg_" (msg_duplicate, msg_ratelimit, msg_banned, msg_followersonly...; Twitch's list of NOTICE
   msg-ids). Any other NOTICE is not a refusal: refusal() gives None.
2. A refusal is said in plain words: what happened to her line, and when something can be done about it,
   what. Twitch's own sentence is kept after ours only where ours cannot say it (a timeout's remaining time,
   a msg-id this table does not know).
3. needs_action: the refusal lasts until someone changes something (a ban, a suspended account, a chat mode
   she is not exempt from, an unverified account): the streamer must see it where problems show. A refusal
   that passes on its own (a repeat, sending too fast, slow mode, AutoMod holding one line, a timeout) is
   only said in the Twitch chat log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.core.words import QT_TRANSLATE_NOOP

REFUSAL_PREFIX = "msg_"

# rule 2, in the window's words ("problems" context): {chan} the channel, {her} her login (in a command the streamer
# types), {login} " (her login)" after "her account" or nothing when it is not known, {twitch} Twitch's own words
KNOWN: dict[str, tuple[str, bool]] = {
    "msg_duplicate": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: it was the same as one she "
                                                    "sent less than 30 seconds ago."), False),
    "msg_ratelimit": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: she was sending messages "
                                                    "too fast."), False),
    "msg_slowmode": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} is in slow mode and "
                                                   "she wrote again too soon. To let her skip slow mode, make her "
                                                   "a moderator there (/mod {her})."), False),
    "msg_r9k": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} is in unique-chat mode and "
                                              "her message was not unique."), False),
    "msg_rejected": (QT_TRANSLATE_NOOP("problems", "Twitch's AutoMod is holding her message for a moderator to "
                                                   "review: it is not in chat yet."), False),
    "msg_rejected_mandatory": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: it has words the "
                                                             "channel's moderation settings block."), False),
    "msg_bad_characters": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: it had characters "
                                                         "Twitch does not allow."), False),
    "msg_timedout": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: she is timed out in {chan}. "
                                                   "Twitch says: {twitch}"), False),
    "msg_banned": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: her account{login} is banned "
                                                 "from {chan}. To let her write, unban her there (/unban {her})."),
                   True),
    "msg_channel_blocked": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: her account{login} "
                                                          "is blocked in {chan}. Twitch says: {twitch}"), True),
    "msg_suspended": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: her Twitch account{login} "
                                                    "is suspended, so she cannot write in any chat."), True),
    "msg_channel_suspended": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: the channel {chan} "
                                                            "is suspended."), True),
    "msg_emoteonly": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} is in emote-only "
                                                    "mode. Turn it off, or make her a moderator there "
                                                    "(/mod {her})."), True),
    "msg_subsonly": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} is in "
                                                   "subscribers-only mode. Turn it off, or make her a moderator "
                                                   "there (/mod {her}) or a VIP (/vip {her})."), True),
    "msg_followersonly": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} is in "
                                                        "followers-only mode and her account does not follow it "
                                                        "long enough. Follow {chan} with her account, turn the "
                                                        "mode off, or make her a moderator there (/mod {her})."),
                          True),
    "msg_followersonly_followed": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} is in "
                                                                 "followers-only mode and her account has not "
                                                                 "followed it long enough. Turn the mode off, or "
                                                                 "make her a moderator there (/mod {her})."),
                                   True),
    "msg_followersonly_zero": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} is in "
                                                             "followers-only mode and her account does not follow "
                                                             "it. Follow {chan} with her account, turn the mode "
                                                             "off, or make her a moderator there (/mod {her})."),
                               True),
    "msg_verified_email": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} only lets "
                                                         "accounts with a verified email write. Verify the email "
                                                         "of her Twitch account{login}."), True),
    "msg_requires_verified_phone_number": (QT_TRANSLATE_NOOP("problems", "Twitch did not post her message: {chan} "
                                                                         "only lets accounts with a verified phone "
                                                                         "number write. Verify a phone number on "
                                                                         "her Twitch account{login}."), True),
}
UNKNOWN = QT_TRANSLATE_NOOP("problems", "Twitch did not post her message. Twitch says: {twitch}")


@dataclass(frozen=True)
class Refusal:
    kind: str            # Twitch's msg-id
    words: str           # what the streamer reads (English: the logs, the bus)
    needs_action: bool   # a problem line until one of her lines goes through
    template: str = ""   # the words' marked sentence, translated where the window shows it
    args: dict[str, str] = field(default_factory=dict)   # its {names}' values


def refusal(kind: str | None, twitch_text: str, channel: str, login: str) -> Refusal | None:
    """The NOTICE (msg-id `kind`, Twitch's `twitch_text`) as a refusal of her line in #`channel`, where she
    writes as `login`; None when it is not one (rule 1)."""
    if not kind or not kind.startswith(REFUSAL_PREFIX):
        return None
    args = {"her": login or "<her login>", "login": f" ({login})" if login else "",
            "chan": f"#{channel}" if channel else "#?", "twitch": twitch_text}
    template, needs_action = KNOWN.get(kind, (UNKNOWN, False))
    return Refusal(kind, template.format(**args), needs_action, template, args)
