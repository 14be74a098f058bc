"""Who may reach the stage, and what a stage page may fetch: the decisions, without the server or Qt.

1. Host allow-list (DNS rebinding): the stage server listens on 127.0.0.1 only, but a web page can point a
   name it controls at 127.0.0.1 and then read the stage as its "own" site. Browsers send the name they used
   in the Host header, so the server answers only to the loopback names of its own port: 127.0.0.1:<port>,
   localhost:<port> and [::1]:<port> (case does not matter); anything else, a missing port included, is
   refused.
2. WebSocket Origin: a page on any site may open ws://127.0.0.1:<port>/stage/ws (WebSockets are not bound by
   the same-origin policy); the browser says which site in Origin. Accepted: the stage's own origins (the
   pages it serves, in the app and in OBS: OBS's browser engine sends the page's own origin for a page loaded
   over http) and no Origin at all (programs that are not browsers: tools, tests). Refused: everything else,
   `null` in particular (a sandboxed iframe, a file:// page, a data: URL: any site can make one).
3. Content-Security-Policy for every response: scripts, styles and everything else from the server itself;
   images also from data: and blob: (three.js turns the textures stored inside a .vrm into blob: URLs);
   connections to the server itself, its WebSocket, and data:/blob: (three.js fetches embedded buffers and
   textures through them). Nothing remote, no plugins, no <base>, no forms. The one inline script a page has
   (the import map, which Chromium cannot load from a file) is allowed by its SHA-256, computed from the page
   as served.
4. The app's web view asks web_request_allowed() about every request its pages make (a request interceptor):
   only loopback hosts by their exact names, and the schemes that never leave the page (data:, blob:, about:).
   A .vrm that slips past the file check (app.stage.glb.outside_uri) still fetches nothing from outside.
"""

from __future__ import annotations

import base64
import hashlib
import re

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")
WEB_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
NETWORK_SCHEMES = frozenset({"http", "https", "ws", "wss"})
LOCAL_SCHEME = "bea-stage"   # the in-app view's own files (app.stage.server rule 1), never the network
LOCAL_SCHEMES = frozenset({"data", "blob", "about", LOCAL_SCHEME})
_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc\s*=)[^>]*>(.*?)</script\s*>", re.DOTALL | re.IGNORECASE)


def allowed_hosts(port: int) -> frozenset[str]:
    """The Host headers the stage answers to (lower case)."""
    return frozenset(f"{host}:{port}" for host in LOOPBACK_HOSTS)


def host_allowed(host: str | None, port: int) -> bool:
    return host is not None and host.strip().lower() in allowed_hosts(port)


def own_origins(port: int) -> frozenset[str]:
    return frozenset(f"http://{host}:{port}" for host in LOOPBACK_HOSTS)


def origin_allowed(origin: str | None, port: int) -> bool:
    """A WebSocket's Origin header: the stage's own, or none; never `null` or another site."""
    return origin is None or origin.strip().lower() in own_origins(port)


def inline_script_hashes(html: str) -> tuple[str, ...]:
    """The CSP source expressions ('sha256-…') of a page's inline scripts, as written (whitespace and all)."""
    out = []
    for body in _INLINE_SCRIPT.findall(html):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode("ascii")
        out.append(f"'sha256-{digest}'")
    return tuple(out)


def content_security_policy(host: str | None, script_hashes: tuple[str, ...] = ()) -> str:
    """The policy for a response to a request that came with `host` (an allowed Host header), or for the in-app
    view's own scheme (None: no socket to connect to)."""
    scripts = " ".join(("'self'", *script_hashes))
    sockets = f" ws://{host}" if host else ""
    return "; ".join((
        "default-src 'self'",
        f"script-src {scripts}",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "media-src 'self' data: blob:",
        f"connect-src 'self'{sockets} data: blob:",
        "worker-src 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'none'",
    ))


def web_request_allowed(scheme: str, host: str) -> bool:
    """May a page in the app's web view make this request? Loopback by name, or a scheme that stays local."""
    scheme = scheme.lower()
    if scheme in LOCAL_SCHEMES:
        return True
    return scheme in NETWORK_SCHEMES and host.lower() in WEB_HOSTS
