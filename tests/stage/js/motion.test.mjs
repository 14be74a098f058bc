// node --test tests/stage/js: the page's motion helpers, outside any browser.
import assert from "node:assert/strict";
import test from "node:test";
import { Blinker, approach, frame, idlePose, smoothMouth } from "../../../stage/motion.js";

test("approach is frame-rate independent", () => {
  let a = 0;
  for (let i = 0; i < 60; i++) a = approach(a, 1, 1 / 60, 0.2);
  let b = 0;
  for (let i = 0; i < 30; i++) b = approach(b, 1, 1 / 30, 0.2);
  assert.ok(Math.abs(a - b) < 1e-9);
  assert.equal(approach(0.3, 1, 0.1, 0), 1);
});

test("the mouth opens faster than it closes", () => {
  const opening = smoothMouth(0, 1, 0.03);
  const closing = 1 - smoothMouth(1, 0, 0.03);
  assert.ok(opening > closing);
});

test("blinks come every few seconds and close the eyes fully", () => {
  let n = 0;
  const random = () => [0.5, 0.9, 0.1, 0.7][n++ % 4];
  const blinker = new Blinker(random);
  const weights = [];
  for (let i = 0; i < 60 * 20; i++) weights.push(blinker.update(1 / 60));
  const closed = weights.filter((w) => w === 1).length;
  const starts = weights.filter((w, i) => w > 0 && (i === 0 || weights[i - 1] === 0)).length;
  assert.ok(closed > 0, "the eyes close");
  assert.ok(starts >= 3 && starts <= 12, `blinks in 20 s: ${starts}`);
  assert.ok(weights.every((w) => w >= 0 && w <= 1));
});

test("idle pose keeps the arms down and stays still without energy", () => {
  const pose = idlePose(3.3, 0);
  assert.equal(pose.head.y, 0);
  assert.ok(pose.leftUpperArm.z < -1 && pose.rightUpperArm.z > 1);
});

test("framing: the face is closer than the upper body, the upper body than the full body", () => {
  const b = { top: 1.6, head: 1.45, neck: 1.38, chest: 1.2, hips: 0.9, bottom: 0 };
  const face = frame("face", b, 30, 16 / 9);
  const upper = frame("upper", b, 30, 16 / 9);
  const full = frame("full", b, 30, 16 / 9);
  assert.ok(face.distance < upper.distance && upper.distance < full.distance);
  assert.ok(face.y > upper.y && upper.y > full.y);
  assert.ok(frame("full", b, 30, 0.5).distance > full.distance, "a narrow view steps back");
});
