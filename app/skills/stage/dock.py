"""The Stage dock, where the registry (and build.spec's module list) looks for it."""

from app.stage.dock import StageDock, make_dock

__all__ = ["StageDock", "make_dock"]
