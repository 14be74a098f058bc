"""The stage in the app's window: a QWebEngineView on the stage server's own page (?client=app).

It shows exactly what OBS shows, because it is the same page fed in the same order; only the backdrop differs
(the app draws one behind a transparent background, so she is not floating on white). While the stage is off
or still starting, or its page has no WebGL to draw her with, a line says so instead.

The view opens no socket: its page's files come through the scheme app.stage.server names (LocalFiles answers
them with the server's own files and policy) and its messages through a Qt web channel (Bridge, the server's
local page), because any socket would start Chromium's resolver, which first probes an address on the internet
for IPv6, privacy mode or not.

In the main window the web view is made only once the window is up (make_stage(later=True)): making it starts
QtWebEngine's profile and processes, about a second on a slow machine, so the window shows first with the line
"The stage is starting…" and the view takes its place when the line has first been painted.

Nothing the page does reaches past this computer: a request interceptor on the view's profile (LoopbackOnly)
refuses every request whose host is not 127.0.0.1, localhost or [::1] by name (app.core.stage_guard), on top
of the stage server's Content-Security-Policy and the file check of app.stage.vrm. A .vrm that asks for a
texture on the internet gets it refused here, counted and logged (the host, never more).
"""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import quote

from app.core import stage_guard
from app.core.stage_guard import LOCAL_SCHEME
from app.skills.stage.skill import StageSkill
from app.stage.server import LOCAL_HOST, LocalPage
from app.widgets.event_words import skill_line
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QBuffer,
    QByteArray,
    QColor,
    QEvent,
    QFile,
    QIODevice,
    QLabel,
    QObject,
    QStackedWidget,
    Qt,
    QTimer,
    QUrl,
    QVBoxLayout,
    QWebChannel,
    QWebEnginePage,
    QWebEngineProfile,
    QWebEngineScript,
    QWebEngineUrlRequestInfo,
    QWebEngineUrlRequestInterceptor,
    QWebEngineUrlRequestJob,
    QWebEngineUrlSchemeHandler,
    QWebEngineView,
    QWidget,
    Signal,
    Slot,
    translate,
)

log = logging.getLogger(__name__)

BACKDROP = "#12111c"
# the stage page's own notices (stage/main.js, stage/notice.js), given to it in the window's language
PAGE_WORDS = (QT_TRANSLATE_NOOP("stage_page", "Waiting for Bea…"),
              QT_TRANSLATE_NOOP("stage_page", "No avatar yet: choose a .vrm file in the Stage dock."),
              QT_TRANSLATE_NOOP("stage_page", "Loading “{name}”…"),
              QT_TRANSLATE_NOOP("stage_page", "Her avatar cannot be drawn here: this view has no WebGL (3D "
                                              "graphics), so the stage stays empty ({why})."),
              QT_TRANSLATE_NOOP("stage_page", "The stage could not start: its three.js files are missing (run "
                                              "npm ci in the stage folder)."))


def page_words() -> str:
    """The URL fragment that gives the page its notices in the window's language (a JSON object, English ->
    shown; only those that differ)."""
    shown = {w: translate("stage_page", w) for w in PAGE_WORDS}
    return "#" + quote(json.dumps({k: v for k, v in shown.items() if v != k}, ensure_ascii=False))


class LoopbackOnly(QWebEngineUrlRequestInterceptor):
    """Every request of the profile's pages passes here: only loopback ones go on (refused counts the rest)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.refused = 0

    def interceptRequest(self, info: QWebEngineUrlRequestInfo) -> None:
        url = info.requestUrl()
        if stage_guard.web_request_allowed(url.scheme(), url.host()):
            return
        info.block(True)
        self.refused += 1
        log.warning("the stage view refused a request to %s://%s: it reaches only this computer",
                    url.scheme(), url.host() or "?")


def guard(profile: QWebEngineProfile) -> LoopbackOnly:
    """The profile's LoopbackOnly, installed the first time (the profile owns it)."""
    found = profile.findChild(LoopbackOnly)
    if isinstance(found, LoopbackOnly):
        return found
    made = LoopbackOnly(profile)
    profile.setUrlRequestInterceptor(made)
    return made


class LocalFiles(QWebEngineUrlSchemeHandler):
    """The view's scheme: each request answered with what the stage server would serve at that path."""

    def __init__(self, skill: StageSkill, parent: Any = None) -> None:
        super().__init__(parent)
        self.skill = skill

    def requestStarted(self, job: QWebEngineUrlRequestJob) -> None:  # noqa: N802 (Qt's name)
        url = job.requestUrl()
        found = self.skill.server.resource(url.path()) if url.host() == LOCAL_HOST else None
        if found is None:
            job.fail(QWebEngineUrlRequestJob.Error.UrlNotFound)
            return
        body = QBuffer(parent=job)
        body.setData(QByteArray(found.body))
        body.open(QIODevice.OpenModeFlag.ReadOnly)
        # a multimap: each name with the list of its values
        job.setAdditionalResponseHeaders({QByteArray(k.encode()): [QByteArray(v.encode())]
                                          for k, v in found.headers.items()})
        job.reply(found.content_type.encode(), body)


def local_files(profile: QWebEngineProfile, skill: StageSkill) -> None:
    """The profile answers the view's scheme from this skill's server (the profile lives as long as the process;
    the newest stage is the one it serves)."""
    handler = profile.urlSchemeHandler(LOCAL_SCHEME.encode())
    if isinstance(handler, LocalFiles):
        handler.skill = skill
    else:
        profile.installUrlSchemeHandler(LOCAL_SCHEME.encode(), LocalFiles(skill, profile))


class Bridge(QObject):
    """The page's end of its local page on the stage server (stage/bridge.js reads it as `stage`)."""
    down = Signal(str)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.local: LocalPage | None = None

    @Slot(str)
    def up(self, text: str) -> None:
        if self.local is not None:
            self.local.receive(text)


def channel_script() -> QWebEngineScript:
    """Qt's qwebchannel.js, in the page before its own scripts run."""
    source = QFile(":/qtwebchannel/qwebchannel.js")
    source.open(QIODevice.OpenModeFlag.ReadOnly)
    script = QWebEngineScript()
    script.setName("qwebchannel")
    script.setSourceCode(bytes(source.readAll()).decode("utf-8"))
    script.setInjectionPoint(QWebEngineScript.InjectionPoint.DocumentCreation)
    script.setWorldId(QWebEngineScript.ScriptWorldId.MainWorld)
    return script


class StagePage(QWebEnginePage):
    """The page's console goes to the log; it never navigates away from the stage server."""

    def javaScriptConsoleMessage(self, level: Any, message: str, line: int, source: str) -> None:
        where = f"{source.rsplit('/', 1)[-1]}:{line}"
        if level == QWebEnginePage.JavaScriptConsoleMessageLevel.ErrorMessageLevel:
            log.warning("stage page: %s (%s)", message, where)
        else:
            log.debug("stage page: %s (%s)", message, where)

    def acceptNavigationRequest(self, url: QUrl, kind: Any, _is_main_frame: bool) -> bool:
        own = (url.scheme() == LOCAL_SCHEME and url.host() == LOCAL_HOST) or url.host() == "127.0.0.1"
        return own and url.path().startswith("/stage")


class StageView(QWidget):
    changed = Signal()

    def __init__(self, skill: StageSkill, parent: QWidget | None = None, *, later: bool = False) -> None:
        super().__init__(parent)
        self.skill = skill
        self.setObjectName("stageView")
        self.web: QWebEngineView | None = None      # made at once, or (later) after the window is painted
        self.guard: LoopbackOnly | None = None
        self.bridge = Bridge(self)
        self.placeholder = QLabel(objectName="stagePlaceholder", wordWrap=True)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setStyleSheet(f"background: {BACKDROP}; color: #f1ecff; font-size: 13pt; "
                                       "padding: 24px;")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.placeholder)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self.url = ""
        self.changed.connect(self.sync)
        self._unsubscribe = skill.on_change(self.changed.emit)
        self.destroyed.connect(lambda *_: self._gone())
        self._soon = QTimer(self, singleShot=True, interval=0)   # once the event loop has painted the window
        self._soon.timeout.connect(self.make_web)
        if later:
            self.placeholder.installEventFilter(self)
        else:
            self.make_web()
        self.sync()

    def _gone(self) -> None:
        self._unsubscribe()
        if self.bridge.local is not None:
            self.bridge.local.close()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """The line's first paint means the window is on screen: the web view is made right after."""
        if watched is self.placeholder and event.type() == QEvent.Type.Paint and self.web is None:
            self._soon.start()
        return False

    def make_web(self) -> None:
        """The web view on the stage's page, made once (the slow part: QtWebEngine starts here)."""
        if self.web is not None:
            return
        self.placeholder.removeEventFilter(self)
        self.web = QWebEngineView(objectName="stageWeb")
        page = StagePage(self.web)
        self.guard = guard(page.profile())
        local_files(page.profile(), self.skill)
        page.scripts().insert(channel_script())
        self.bridge = Bridge(page)
        channel = QWebChannel(page)
        channel.registerObject("stage", self.bridge)
        page.setWebChannel(channel)
        self.web.setPage(page)
        self.web.page().setBackgroundColor(QColor(BACKDROP))
        self.web.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)
        self.stack.addWidget(self.web)
        log.debug("the stage's web view is made")
        self.sync()

    def sync(self) -> None:
        url = self.skill.app_url()
        if not url:
            self.url = ""
            self.placeholder.setText(
                translate("stage_view", "The stage is off (Settings → Stage).") if not self.skill.enabled
                                     else skill_line(self.skill, self.skill.server_error)
                                     or translate("stage_view", "The stage is starting…"))
            self.stack.setCurrentWidget(self.placeholder)
            return
        if self.web is None:   # the window is not up yet: the view comes right after it
            self.placeholder.setText(translate("stage_view", "The stage is starting…"))
            self.stack.setCurrentWidget(self.placeholder)
            return
        local = self.bridge.local
        if url != self.url or local is None or local.closed:
            self.url = url
            if local is not None:
                local.close()
            self.bridge.local = self.skill.server.open_local_page(self.bridge.down.emit)
            self.web.load(QUrl(url + page_words()))
        # the page stays loaded and connected behind the words: it reports again if things change
        problem = self.skill.drawing_problem()
        self.placeholder.setText(translate("stage_view", problem) if problem else "")
        self.stack.setCurrentWidget(self.placeholder if problem else self.web)

    def run_js(self, script: str, callback: Any = None) -> None:
        """Run script in the page (tests and the benchmark read window.stageState() this way)."""
        self.make_web()
        if callback is None:
            self.web.page().runJavaScript(script, 0)
        else:
            self.web.page().runJavaScript(script, 0, callback)


def make_stage(skill: Any, later: bool = False) -> StageView:
    """The Stage skill's view for the centre of the main window (later: its web view once the window is
    painted)."""
    return StageView(skill, later=later)
