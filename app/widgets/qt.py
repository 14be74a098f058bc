"""The one gateway to PySide6. Everything Qt the app uses is imported here and from here.

QtWebEngineWidgets is imported first, on purpose: it must be loaded before the QApplication exists (it sets
up OpenGL context sharing), and importing this module is the only way the app reaches Qt.
"""

from PySide6 import QtWebEngineWidgets  # noqa: F401  (must precede the QApplication)
from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QBuffer,
    QByteArray,
    QCoreApplication,
    QDateTime,
    QEvent,
    QFile,
    QIODevice,
    QLibraryInfo,
    QLocale,
    QModelIndex,
    QObject,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QTranslator,
    QUrl,
    Signal,
    Slot,
)
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QColor,
    QDesktopServices,
    QFont,
    QFontDatabase,
    QIcon,
    QImage,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
    QTextCursor,
)
from PySide6.QtWebChannel import QWebChannel
from PySide6.QtWebEngineCore import (
    QWebEnginePage,
    QWebEngineProfile,
    QWebEngineScript,
    QWebEngineUrlRequestInfo,
    QWebEngineUrlRequestInterceptor,
    QWebEngineUrlRequestJob,
    QWebEngineUrlScheme,
    QWebEngineUrlSchemeHandler,
)
from PySide6.QtWebEngineWidgets import QWebEngineView
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSlider,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDockWidget,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QScrollBar,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QStatusBar,
    QSystemTrayIcon,
    QTabBar,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from app.core.stage_guard import LOCAL_SCHEME

__all__ = [
    "QAbstractItemView", "QAbstractScrollArea", "QAbstractSlider", "QAbstractSpinBox", "QScrollBar",
    "QAbstractTableModel", "QModelIndex", "QPoint", "QScrollArea", "QTableView", "QAction", "QActionGroup",
    "QApplication", "QCheckBox", "QCloseEvent", "QColor", "QEvent", "QKeyEvent", "QComboBox", "QDesktopServices",
    "QDialog", "QDialogButtonBox", "QDockWidget", "QDoubleSpinBox", "QFileDialog", "QFont", "QFontDatabase",
    "QFormLayout", "QFrame", "QGridLayout",
    "QHBoxLayout", "QHeaderView", "QIcon", "QImage", "QInputDialog", "QKeySequence", "QLabel", "QLineEdit",
    "QListWidget", "QListWidgetItem",
    "QMainWindow", "QMenu", "QMessageBox", "QObject", "QPainter", "QPainterPath", "QPaintEvent", "QPen", "QPixmap",
    "QPlainTextEdit", "QProgressBar", "QPointF", "QPushButton", "QRectF", "QSize",
    "QSpinBox", "QSplitter", "QStackedWidget", "QStatusBar", "QSystemTrayIcon", "QTableWidget", "QTableWidgetItem",
    "QTabBar", "QTabWidget", "QTextBrowser", "QTextCursor", "QTimer", "QUrl", "QVBoxLayout", "QWidget",
    "Qt", "Signal", "Slot", "QWebEnginePage", "QWebEngineProfile", "QWebEngineUrlRequestInfo",
    "QWebEngineUrlRequestInterceptor", "QWebEngineView", "QWebChannel", "QWebEngineScript", "QWebEngineUrlRequestJob",
    "QWebEngineUrlScheme", "QWebEngineUrlSchemeHandler", "QBuffer", "QByteArray", "QFile", "QIODevice",
    "QT_TRANSLATE_NOOP", "QDateTime", "QLibraryInfo", "QLocale", "QTranslator", "translate", "local_date",
]

# The stage's in-app view reads its files from a scheme of its own (app.stage.server rule 1), registered here
# because Qt WebEngine takes a scheme only before any of its objects exists, and every way to them passes here.
_local = QWebEngineUrlScheme(LOCAL_SCHEME.encode())
_local.setSyntax(QWebEngineUrlScheme.Syntax.Host)
_local.setFlags(QWebEngineUrlScheme.Flag.SecureScheme | QWebEngineUrlScheme.Flag.CorsEnabled
                | QWebEngineUrlScheme.Flag.FetchApiAllowed)
QWebEngineUrlScheme.registerScheme(_local)

# Every user-visible string goes through translate("<context>", "text") (or QT_TRANSLATE_NOOP for a constant
# translated where it is shown): pyside6-lupdate finds these calls by name (installer/i18n.py), and the window's
# language is the translator app/ui/language.py installs at start.
translate = QCoreApplication.translate


def local_date(ts: float, fmt: str) -> str:
    """A moment as a date in the window's language (QLocale's format: "ddd dd MMM", "dd MMM yyyy")."""
    return QLocale().toString(QDateTime.fromSecsSinceEpoch(int(ts)), fmt)
