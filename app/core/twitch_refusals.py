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

from dataclasses import dataclass

REFUSAL_PREFIX = "msg_"
_NOT_SENT = "Twitch did not post her message"


@dataclass(frozen=True)
class Refusal:
    kind: str            # Twitch's msg-id
    words: str           # what the streamer reads
    needs_action: bool   # a problem line until one of her lines goes through


def refusal(kind: str | None, twitch_text: str, channel: str, login: str) -> Refusal | None:
    """The NOTICE (msg-id `kind`, Twitch's `twitch_text`) as a refusal of her line in #`channel`, where she
    writes as `login`; None when it is not one (rule 1)."""
    if not kind or not kind.startswith(REFUSAL_PREFIX):
        return None
    her = login or "<her login>"                                   # in a command the streamer types
    account = f"her account ({login})" if login else "her account"
    twitch_account = f"her Twitch account ({login})" if login else "her Twitch account"
    chan = f"#{channel}" if channel else "the channel"
    mod = f"make her a moderator there (/mod {her})"
    known = {
        "msg_duplicate": (f"{_NOT_SENT}: it was the same as one she sent less than 30 seconds ago.", False),
        "msg_ratelimit": (f"{_NOT_SENT}: she was sending messages too fast.", False),
        "msg_slowmode": (f"{_NOT_SENT}: {chan} is in slow mode and she wrote again too soon. To let her skip "
                         f"slow mode, {mod}.", False),
        "msg_r9k": (f"{_NOT_SENT}: {chan} is in unique-chat mode and her message was not unique.", False),
        "msg_rejected": ("Twitch's AutoMod is holding her message for a moderator to review: it is not in "
                         "chat yet.", False),
        "msg_rejected_mandatory": (f"{_NOT_SENT}: it has words the channel's moderation settings block.",
                                   False),
        "msg_bad_characters": (f"{_NOT_SENT}: it had characters Twitch does not allow.", False),
        "msg_timedout": (f"{_NOT_SENT}: she is timed out in {chan}. Twitch says: {twitch_text}", False),
        "msg_banned": (f"{_NOT_SENT}: {account} is banned from {chan}. To let her write, unban "
                       f"her there (/unban {her}).", True),
        "msg_channel_blocked": (f"{_NOT_SENT}: {account} is blocked in {chan}. Twitch says: "
                                f"{twitch_text}", True),
        "msg_suspended": (f"{_NOT_SENT}: {twitch_account} is suspended, so she cannot write in any "
                          "chat.", True),
        "msg_channel_suspended": (f"{_NOT_SENT}: the channel {chan} is suspended.", True),
        "msg_emoteonly": (f"{_NOT_SENT}: {chan} is in emote-only mode. Turn it off, or {mod}.", True),
        "msg_subsonly": (f"{_NOT_SENT}: {chan} is in subscribers-only mode. Turn it off, or {mod} or a VIP "
                         f"(/vip {her}).", True),
        "msg_followersonly": (f"{_NOT_SENT}: {chan} is in followers-only mode and her account does not "
                              f"follow it long enough. Follow {chan} with her account, turn the mode off, "
                              f"or {mod}.", True),
        "msg_followersonly_followed": (f"{_NOT_SENT}: {chan} is in followers-only mode and her account has "
                                       f"not followed it long enough. Turn the mode off, or {mod}.", True),
        "msg_followersonly_zero": (f"{_NOT_SENT}: {chan} is in followers-only mode and her account does not "
                                   f"follow it. Follow {chan} with her account, turn the mode off, or {mod}.",
                                   True),
        "msg_verified_email": (f"{_NOT_SENT}: {chan} only lets accounts with a verified email write. Verify "
                               f"the email of {twitch_account}.", True),
        "msg_requires_verified_phone_number": (f"{_NOT_SENT}: {chan} only lets accounts with a verified phone "
                                               f"number write. Verify a phone number on "
                                               f"{twitch_account}.", True),
    }
    words, needs_action = known.get(kind, (f"{_NOT_SENT}. Twitch says: {twitch_text}", False))
    return Refusal(kind, words, needs_action)
