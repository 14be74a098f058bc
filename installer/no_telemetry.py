"""PyInstaller runtime hook (build.spec): onnxruntime's native telemetry off before anything in the bundle runs.

app/__init__.py sets the same switch for `python -m app`; here it is set before the first import of all, so no
hook or module the bundle loads early can start Microsoft's event collector (it reads the switch at import only).
"""

import os

os.environ["ORT_DISABLE_TELEMETRY"] = "1"
