"""Reviewed allow-list for the dead-code check: names vulture flags that a caller's signature requires."""

time_info  # noqa  sounddevice's stream callback signature (app/senses/voice/devices.py)
is_main_frame  # noqa  QWebEnginePage.acceptNavigationRequest's signature (app/stage/view.py)
