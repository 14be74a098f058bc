"""What the OBS connection says to the streamer, as sentences marked for the window's translation (all in the
"problems" context: a line that resolves a problem is said there too; app.core.words): the status carries them
with their values, its English message stays as it was for the logs and the bus. OBS's own words and an
exception's are the detail."""

from __future__ import annotations

import socket

import websocket
from obsws_python.error import OBSSDKTimeoutError

from app.core import obs_protocol as proto
from app.core.words import QT_TRANSLATE_NOOP

NOT_ANSWERING = QT_TRANSLATE_NOOP("problems", "OBS is not answering at {where}. Is OBS running, with its WebSocket "
                                              "server on (Tools → WebSocket Server Settings)?")
NOT_OBS = QT_TRANSLATE_NOOP("problems", "Something at {where} answered, but it is not OBS's WebSocket server.")
TOO_SLOW = QT_TRANSLATE_NOOP("problems", "OBS at {where} did not answer in time.")
UNKNOWN_HOST = QT_TRANSLATE_NOOP("problems", "The OBS host name {host} is not known: check the address in "
                                             "Settings → OBS.")
UNREACHABLE = QT_TRANSLATE_NOOP("problems", "Bea could not reach OBS at {where} (detail: {detail}).")
NOT_CONNECTED = QT_TRANSLATE_NOOP("problems", "Bea could not connect to OBS at {where} (detail: {detail}).")
NOT_OBS5 = QT_TRANSLATE_NOOP("problems", "OBS at {where} did not answer as obs-websocket 5 does: is OBS 28 or newer? "
                                         "(detail: {detail})")
CLOSED = QT_TRANSLATE_NOOP("problems", "OBS at {where} closed the connection (detail: {detail}).")
PRIVACY = QT_TRANSLATE_NOOP("problems", "Privacy mode is on, so Bea reaches only this computer: OBS at {where} is "
                                        "out of her reach (detail: {detail}).")
NO_PASSWORD = QT_TRANSLATE_NOOP("problems", "OBS asks for a WebSocket password and none is set. Copy it from OBS "
                                            "(Tools → WebSocket Server Settings → Show Connect Info) into "
                                            "Settings → OBS.")
WRONG_PASSWORD = QT_TRANSLATE_NOOP("problems", "OBS refused the password. Copy it from OBS (Tools → WebSocket "
                                               "Server Settings → Show Connect Info) into Settings → OBS; Bea does "
                                               "not try again until then.")
OLD_PROTOCOL = QT_TRANSLATE_NOOP("problems", "OBS speaks a different version of the obs-websocket protocol. "
                                             "Update OBS (28 or newer) or Bea.")
LOST = QT_TRANSLATE_NOOP("problems", "Lost the connection to OBS at {where}.")
HUNG = QT_TRANSLATE_NOOP("problems", "OBS at {where} is not answering: nothing came back in {seconds} s. Her OBS "
                                     "tools are away until it answers again.")
AGAIN = QT_TRANSLATE_NOOP("problems", "Trying again in {delay} s.")
IF_UNUSED = QT_TRANSLATE_NOOP("problems", "If you don't use OBS, switch it off in Settings → Skills.")
CONNECTING = QT_TRANSLATE_NOOP("problems", "Connecting to OBS at {where}…")
CONNECTED = QT_TRANSLATE_NOOP("problems", "Connected to OBS{version} at {where}.")
OFF = QT_TRANSLATE_NOOP("problems", "OBS control is off.")
CLOSING = QT_TRANSLATE_NOOP("problems", "OBS is closing.")

Said = tuple[str, dict[str, str]]   # a marked sentence and its values


def closed_words(code: int | None, reason: str, where: str) -> Said:
    """OBS closed the socket with `code`: the password and the protocol's version are the streamer's to fix."""
    if code == proto.CloseCode.AUTHENTICATION_FAILED:
        return WRONG_PASSWORD, {}
    if code == proto.CloseCode.UNSUPPORTED_RPC_VERSION:
        return OLD_PROTOCOL, {}
    return CLOSED, {"where": where, "detail": proto.describe_close(code, reason)}


def failure_words(exc: BaseException, where: str, host: str) -> Said:
    """Why connecting to OBS failed: the sentence the exception carries, else one for its kind (as the client's
    describe_failure says it in English)."""
    carried = getattr(exc, "words", None)
    if carried:
        return carried
    if isinstance(exc, ConnectionRefusedError):
        return NOT_ANSWERING, {"where": where}
    if isinstance(exc, websocket.WebSocketBadStatusException):
        return NOT_OBS, {"where": where}
    if isinstance(exc, TimeoutError | socket.timeout | websocket.WebSocketTimeoutException | OBSSDKTimeoutError):
        return TOO_SLOW, {"where": where}
    if isinstance(exc, socket.gaierror):
        return UNKNOWN_HOST, {"host": repr(host)}
    if isinstance(exc, OSError):
        return UNREACHABLE, {"where": where, "detail": str(exc.strerror or exc)}
    return NOT_CONNECTED, {"where": where, "detail": str(exc)}
