"""The Stage skill: her avatar on a local page (skill.py), its dock, its settings page and the app's stage view
(view.py). The stage's engine (the page server, VRM and VRMA files, lip sync) is app.stage."""
