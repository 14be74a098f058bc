"""A saved avatar whose VRM 0.x expressions are not a list (a damaged file, found by the parser fuzz) no longer
stops the Stage skill at every launch: the stage starts, says what is wrong with the file where the streamer
looks, and gives its port back when it stops."""

import json
import socket

from app.core.events import EventKind
from tests.stage.conftest import HAPPY_VRM
from tests.stage.test_skill import free_port, run
from tests.stage.vrmfiles import chunks, glb, write


def test_a_saved_avatar_with_broken_expressions_is_reported_and_the_stage_starts(bea, tmp_path):
    doc, binary = chunks(HAPPY_VRM.read_bytes())
    doc["extensions"] = {"VRM": {"meta": {"title": "Broken"}, "blendShapeMaster": {"blendShapeGroups": 7}}}
    bad = write(tmp_path / "broken.vrm", glb(doc, binary))
    port = free_port()
    bea.settings.update({"skills.stage.port": port, "skills.stage.vrm_path": str(bad)})
    errors = []
    bea.bus.subscribe(errors.append, kinds=[EventKind.ERROR])
    skill = bea.skills["stage"]

    async def main():
        await skill.start()
        try:
            assert skill.running
            assert "blendShapeGroups" in skill.problem() and "broken.vrm" in skill.problem()
        finally:
            await skill.stop()
    run(main())
    assert any("blendShapeGroups" in e.text and e.data.get("setting") == "skills.stage" for e in errors), \
        json.dumps([e.text for e in errors])
    with socket.socket() as s:  # the port is free again: no server left behind
        s.bind(("127.0.0.1", port))
