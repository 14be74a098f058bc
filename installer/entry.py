"""The PyInstaller entry script for the bundle: the same main() that `python -m app` runs."""

import sys

from app.__main__ import main

sys.exit(main())
