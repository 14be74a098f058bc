"""The PyInstaller entry script for the bundle: the same main() and exit that `python -m app` runs."""

from app.__main__ import exit_now, main

exit_now(main())
