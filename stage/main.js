// Bea's stage: her VRM avatar with three.js and three-vrm, driven by messages from the app (bridge.js).
//
// One page for both viewers: the app's own view opens it with ?client=app, OBS as a browser source with no
// query (client "obs"). Both get the same messages from the same socket. What the page does:
// - load / unload the avatar; report its expressions back (loaded) or say clearly why it is not a VRM (error)
// - show the emotion expression Python picked for her mood, faded in and out
// - lip sync from the mouth levels Python streams (the vowel shape when given, else "aa")
// - blink, breathe and sway a little; frame the camera (full body, upper body, face)
// - play the streamer's .vrma clips (three-vrm-animation): the idle one looped, the others when asked (play)
// - a transparent background (OBS), a chroma-key colour or any colour
// - answer pings with the one-way delay it measured, and report its frame rate once a second

import * as THREE from "three";
import { GLTFLoader } from "three/addons/loaders/GLTFLoader.js";
import { VRMLoaderPlugin, VRMUtils } from "@pixiv/three-vrm";
import { VRMAnimationLoaderPlugin, VRMLookAtQuaternionProxy, createVRMAnimationClip }
  from "@pixiv/three-vrm-animation";
import { connect } from "./bridge.js";
import { Blinker, VISEMES, approach, frame, idlePose, smoothMouth } from "./motion.js";

const params = new URLSearchParams(location.search);
const client = (params.get("client") || "obs").slice(0, 64);
const showNotices = client === "app" || params.has("debug");
const NOT_EMOTIONS = new Set([...VISEMES, "blink", "blinkLeft", "blinkRight", "lookUp", "lookDown",
  "lookLeft", "lookRight"]);
const FOV = 30;

const state = {
  connected: false,
  config: { background: "transparent", color: "#00ff00", camera: "upper", blink: true, idle: true,
    fps_limit: 60, lip_gain: 1 },
  vrm: null,
  name: "",
  serial: null,
  loading: null,
  expressions: [],
  emotions: [],
  lip: [],
  weights: {},
  target: { name: "", weight: 0, mood: "", fade_ms: 300 },
  mouth: { goal: 0, viseme: "aa", at: 0, weights: {} },
  bounds: null,
  error: null,
  frames: 0,
  fps: 0,
  webgl: "",
  clips: new Map(),   // name -> {name, url, idle, status, animation, clip, duration, bones, error}
  mixer: null,        // the AnimationMixer on the avatar playing them
  idle: null,         // {name, action}: the idle clip looping
  oneShot: null,      // {name, action, duration, fade, stopAt}: the clip asked for, playing once
  fading: [],         // [{action, weight, fade}]: actions on their way out
};

const notice = document.getElementById("notice");
// The notices in the window's language: the app's view puts its words in the URL's #fragment (a JSON object,
// English -> shown; app/skills/stage/view.py); OBS's page has none and shows no notices anyway.
const words = (() => {
  try {
    return JSON.parse(decodeURIComponent(location.hash.slice(1)) || "{}");
  } catch {
    return {};
  }
})();
function t(text, values = {}) {
  const shown = typeof words[text] === "string" ? words[text] : text;
  return shown.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}
const NO_AVATAR = "No avatar yet: choose a .vrm file in the Stage dock.";
let webglNotice = "";
function say(text, kind = "info") {
  if (!showNotices || !text) {
    notice.hidden = true;
    return;
  }
  notice.textContent = text;
  notice.className = kind;
  notice.hidden = false;
}

// ---- three.js ---------------------------------------------------------------------------------------------
const canvas = document.getElementById("stage");
let renderer = null;
try {
  renderer = new THREE.WebGLRenderer({ canvas, alpha: true, antialias: true, premultipliedAlpha: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.outputColorSpace = THREE.SRGBColorSpace;
  const gl = renderer.getContext();
  const info = gl.getExtension("WEBGL_debug_renderer_info");
  state.webgl = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.VERSION))
    .slice(0, 500);
} catch (error) {
  const why = error.message || error;
  state.error = { code: "webgl", message: "Her avatar cannot be drawn here: this view has no WebGL (3D " +
    `graphics), so the stage stays empty (${why}).` };
  webglNotice = t("Her avatar cannot be drawn here: this view has no WebGL (3D graphics), so the stage stays " +
    "empty ({why}).", { why });
  say(webglNotice, "error");
}
const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(FOV, 1, 0.05, 50);
camera.position.set(0, 1.3, 2.5);
const look = new THREE.Vector3(0, 1.3, 0);
const light = new THREE.DirectionalLight(0xffffff, Math.PI);
light.position.set(1, 1.5, 2).normalize();
scene.add(light, new THREE.AmbientLight(0xffffff, 0.6));

function resize() {
  const width = window.innerWidth || 1;
  const height = window.innerHeight || 1;
  camera.aspect = width / height;
  camera.updateProjectionMatrix();
  if (renderer) renderer.setSize(width, height, false);
}
window.addEventListener("resize", resize);
resize();

function applyBackground() {
  const { background, color } = state.config;
  document.body.classList.toggle("backdrop", background === "transparent" && client === "app");
  if (!renderer) return;
  if (background === "transparent") renderer.setClearColor(0x000000, 0);
  else renderer.setClearColor(new THREE.Color(color), 1);
}

// ---- the avatar -------------------------------------------------------------------------------------------
function boneY(vrm, names, fallback) {
  const v = new THREE.Vector3();
  for (const name of names) {
    const node = vrm.humanoid && vrm.humanoid.getRawBoneNode(name);
    if (node) return node.getWorldPosition(v).y;
  }
  return fallback;
}

function measure(vrm) {
  vrm.scene.updateMatrixWorld(true);
  const box = new THREE.Box3().setFromObject(vrm.scene);
  const top = Number.isFinite(box.max.y) ? box.max.y : 1.6;
  const bottom = Number.isFinite(box.min.y) ? box.min.y : 0;
  const head = boneY(vrm, ["head"], bottom + (top - bottom) * 0.9);
  return {
    top: Math.max(top, head + 0.05), bottom, head,
    neck: boneY(vrm, ["neck"], head - 0.08),
    chest: boneY(vrm, ["upperChest", "chest", "spine"], bottom + (top - bottom) * 0.7),
    hips: boneY(vrm, ["hips"], bottom + (top - bottom) * 0.5),
  };
}

function clearAvatar() {
  unbindClips();
  if (state.vrm) {
    scene.remove(state.vrm.scene);
    VRMUtils.deepDispose(state.vrm.scene);
  }
  Object.assign(state, { vrm: null, expressions: [], emotions: [], lip: [], weights: {}, bounds: null });
  state.mouth.weights = {};
}

function whyNotVrm(name, error) {
  const text = String((error && error.message) || error || "");
  if (/HTTP|status|404|fetch/i.test(text) && !/JSON|glTF|magic|version/i.test(text)) {
    return { code: "load_failed", message: `The avatar “${name}” could not be read: ${text}` };
  }
  return { code: "invalid_vrm",
    message: `“${name}” is not a valid VRM avatar: ${text || "the file could not be read as glTF"}.` };
}

async function loadAvatar({ url, name, serial }) {
  if (!renderer) {   // nothing could draw her: keep saying why rather than "loading" an invisible avatar
    fail({ code: "webgl", message: state.error.message, serial });
    return;
  }
  state.loading = serial;
  say(t("Loading “{name}”…", { name }));
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMLoaderPlugin(parser));
  let gltf;
  try {
    gltf = await loader.loadAsync(url);
  } catch (error) {
    if (state.loading === serial) fail({ ...whyNotVrm(name, error), serial });
    return;
  }
  if (state.loading !== serial) return;   // a newer load came in meanwhile
  const vrm = gltf.userData.vrm;
  if (!vrm || !vrm.humanoid) {
    fail({ code: "invalid_vrm", serial,
      message: `“${name}” is a 3D model (glTF) but not a VRM avatar: it has no VRM data (humanoid ` +
        "bones, expressions). Export it as .vrm from VRoid Studio, UniVRM or Blender." });
    return;
  }
  clearAvatar();
  VRMUtils.removeUnnecessaryVertices(gltf.scene);
  VRMUtils.combineSkeletons(gltf.scene);
  VRMUtils.rotateVRM0(vrm);
  vrm.scene.traverse((object) => { object.frustumCulled = false; });
  if (vrm.lookAt) {   // what a clip's look-at track drives (three-vrm-animation looks for it by name)
    const proxy = new VRMLookAtQuaternionProxy(vrm.lookAt);
    proxy.name = "VRMLookAtQuaternionProxy";
    vrm.scene.add(proxy);
  }
  scene.add(vrm.scene);
  const manager = vrm.expressionManager;
  const expressions = manager ? manager.expressions.map((e) => e.expressionName) : [];
  Object.assign(state, { vrm, name, serial, error: null, expressions,
    emotions: expressions.filter((e) => !NOT_EMOTIONS.has(e)),
    lip: VISEMES.filter((v) => expressions.includes(v)) });
  state.bounds = measure(vrm);
  placeCamera(true);
  say("");
  const version = vrm.meta && vrm.meta.metaVersion === "0" ? "0" : "1";
  bridge.send({ type: "loaded", serial, name, vrm_version: version, expressions: expressions.slice(0, 256),
    lip_sync: state.lip, blink: expressions.includes("blink") });
  bindClips();
}

function fail(error) {
  state.error = error;
  state.loading = null;
  say(error.code === "webgl" && webglNotice ? webglNotice : error.message, "error");
  bridge.send({ type: "error", ...error });
}

// ---- animation clips (.vrma) ------------------------------------------------------------------------------
// The list comes whole (the clips message). Each clip is fetched and parsed once; it becomes an AnimationClip
// for the avatar on stage (again for each new avatar). Weights are set by hand every frame: a clip asked for
// fades in over the idle clip and out again before its end, so nothing pops.

function whyNotClip(name, error) {
  const text = String((error && error.message) || error || "");
  if (/HTTP|status|404|fetch/i.test(text) && !/JSON|glTF|magic|version/i.test(text)) {
    return `The clip “${name}” could not be read: ${text}`;
  }
  return `“${name}” is not a valid VRM animation: ${text || "the file could not be read as glTF"}.`;
}

function clipFailed(entry, message) {
  Object.assign(entry, { status: "error", error: message.slice(0, 2000), animation: null, clip: null });
  console.warn(`stage: ${message}`);
  bridge.send({ type: "error", code: "invalid_clip", message: entry.error, clip: entry.name });
}

async function loadClip(entry) {
  const loader = new GLTFLoader();
  loader.register((parser) => new VRMAnimationLoaderPlugin(parser));
  let gltf;
  try {
    gltf = await loader.loadAsync(entry.url);
  } catch (error) {
    if (state.clips.get(entry.name) === entry) clipFailed(entry, whyNotClip(entry.name, error));
    return;
  }
  if (state.clips.get(entry.name) !== entry) return;   // removed or replaced meanwhile
  const animation = gltf.userData.vrmAnimations && gltf.userData.vrmAnimations[0];
  if (!animation) {
    clipFailed(entry, `“${entry.name}” is a 3D model (glTF) but not a VRM animation: it has no ` +
      "VRMC_vrm_animation data (or no animation in it). Export it as .vrma.");
    return;
  }
  const h = animation.humanoidTracks;
  const bones = [...new Set([...h.rotation.keys(), ...h.translation.keys()])].slice(0, 64);
  Object.assign(entry, { status: "loaded", animation, duration: animation.duration, bones, error: null });
  bridge.send({ type: "clip_loaded", name: entry.name, duration: Math.max(0, animation.duration), bones });
  bindClips();
}

function dropAction(action) {
  if (!action) return;
  action.stop();
  state.fading = state.fading.filter((f) => f.action !== action);
}

function dropClip(entry) {
  if (state.mixer && entry.clip) {
    if (state.oneShot && state.oneShot.action.getClip() === entry.clip) state.oneShot = null;
    if (state.idle && state.idle.action.getClip() === entry.clip) state.idle = null;
    dropAction(state.mixer.existingAction(entry.clip));
    state.mixer.uncacheClip(entry.clip);
  }
  entry.clip = null;
}

function setClips(list) {
  const wanted = new Map(list.map((c) => [c.name, c]));
  for (const [name, entry] of [...state.clips]) {
    const want = wanted.get(name);
    if (!want || want.url !== entry.url) {
      dropClip(entry);
      state.clips.delete(name);
    }
  }
  for (const c of list) {
    const known = state.clips.get(c.name);
    if (known) {
      known.idle = c.idle;
      continue;
    }
    const entry = { name: c.name, url: c.url, idle: c.idle, status: "loading", animation: null, clip: null,
      duration: 0, bones: [], error: null };
    state.clips.set(c.name, entry);
    loadClip(entry);
  }
  updateIdle();
}

// Make the loaded clips playable on the avatar now on stage.
function bindClips() {
  const vrm = state.vrm;
  if (!vrm) return;
  if (!state.mixer) state.mixer = new THREE.AnimationMixer(vrm.scene);
  for (const entry of state.clips.values()) {
    if (!entry.animation || entry.clip) continue;
    try {
      entry.clip = createVRMAnimationClip(entry.animation, vrm);
      entry.clip.name = entry.name;
    } catch (error) {
      clipFailed(entry, `The clip “${entry.name}” cannot move this avatar: ${error.message || error}`);
    }
  }
  updateIdle();
}

function unbindClips() {
  if (state.mixer) {
    state.mixer.stopAllAction();
    if (state.vrm) state.mixer.uncacheRoot(state.vrm.scene);
  }
  for (const entry of state.clips.values()) entry.clip = null;
  Object.assign(state, { mixer: null, idle: null, oneShot: null, fading: [] });
}

function fadeAway(action, fade, weight = action.getEffectiveWeight()) {
  if (!action || weight <= 0 || fade <= 0) {
    dropAction(action);
    return;
  }
  state.fading = state.fading.filter((f) => f.action !== action);
  state.fading.push({ action, weight, fade });
}

// Loop the clip marked idle (none: the built-in idle pose alone).
function updateIdle(fade = 0.3) {
  const entry = [...state.clips.values()].find((e) => e.idle && e.clip) || null;
  const name = entry ? entry.name : "";
  if ((state.idle ? state.idle.name : "") === name) return;
  if (state.idle) fadeAway(state.idle.action, fade);
  state.idle = null;
  if (!entry || !state.mixer) return;
  const action = state.mixer.clipAction(entry.clip);
  state.fading = state.fading.filter((f) => f.action !== action);
  action.reset();
  action.setLoop(THREE.LoopRepeat, Infinity);
  action.setEffectiveWeight(0);
  action.play();
  state.idle = { name, action, weight: 0, fade };
}

// Play the clip called name once ("" stops the one playing).
function play(name, fade) {
  const shot = state.oneShot;
  if (!name) {
    if (shot && !shot.stopAt) shot.stopAt = shot.action.time;
    return;
  }
  const entry = state.clips.get(name);
  if (!entry || !entry.clip || !state.mixer) {
    console.warn(`stage: the clip “${name}” is not ready to play`);
    return;
  }
  if (state.idle && state.idle.name === name) {   // the idle clip asked for: it starts over
    state.idle.action.time = 0;
    if (shot && !shot.stopAt) shot.stopAt = shot.action.time;
    return;
  }
  if (shot) {
    const weight = shot.action.getEffectiveWeight();
    if (shot.action.getClip() === entry.clip) shot.action.stop();
    else fadeAway(shot.action, fade, weight);
  }
  const action = state.mixer.clipAction(entry.clip);
  state.fading = state.fading.filter((f) => f.action !== action);
  action.reset();
  action.setLoop(THREE.LoopOnce, 1);
  action.clampWhenFinished = true;
  action.setEffectiveWeight(0);
  action.play();
  state.oneShot = { name, action, duration: entry.clip.duration, fade: Math.min(fade, entry.clip.duration / 3),
    stopAt: null };
}

// Every frame, before the mixer runs: how much each playing clip counts.
function weighClips(dt) {
  let shotWeight = 0;
  const shot = state.oneShot;
  if (shot) {
    const t = shot.action.time;
    const f = Math.max(shot.fade, 1e-3);
    shotWeight = Math.min(1, t / f, (shot.duration - t) / f);
    if (shot.stopAt !== null) shotWeight = Math.min(shotWeight, 1 - (t - shot.stopAt) / f);
    if (shotWeight <= 0 && t > 0) {
      shot.action.stop();
      state.oneShot = null;
      shotWeight = 0;
    } else {
      shotWeight = Math.max(0, shotWeight);
      shot.action.setEffectiveWeight(shotWeight);
    }
  }
  if (state.idle) {
    const idle = state.idle;
    idle.weight = Math.min(1, idle.weight + dt / Math.max(idle.fade, 1e-3));
    idle.action.setEffectiveWeight(idle.weight * (1 - shotWeight));
  }
  for (const f of [...state.fading]) {
    f.weight -= dt / f.fade;
    if (f.weight <= 0) dropAction(f.action);
    else f.action.setEffectiveWeight(f.weight);
  }
}

// ---- camera -----------------------------------------------------------------------------------------------
const cameraGoal = { y: 1.3, distance: 2.5 };
function placeCamera(now = false) {
  if (!state.bounds) return;
  Object.assign(cameraGoal, frame(state.config.camera, state.bounds, FOV, camera.aspect));
  if (now) {
    camera.position.set(0, cameraGoal.y, cameraGoal.distance);
    look.set(0, cameraGoal.y, 0);
  }
}
window.addEventListener("resize", () => placeCamera(true));

// ---- messages from the app --------------------------------------------------------------------------------
function received(message) {
  switch (message.type) {
    case "config": {
      const cameraChanged = message.camera !== state.config.camera;
      state.config = { ...message };
      applyBackground();
      if (cameraChanged) placeCamera();
      break;
    }
    case "load":
      loadAvatar(message);
      break;
    case "unload":
      state.loading = null;
      clearAvatar();
      if (renderer) say(t(NO_AVATAR));
      break;
    case "expression":
      state.target = { ...message };
      break;
    case "mouth":
      state.mouth.goal = message.level;
      state.mouth.viseme = message.viseme || "aa";
      state.mouth.at = performance.now();
      break;
    case "clips":
      setClips(message.clips);
      break;
    case "play":
      play(message.name, message.fade_ms / 1000);
      break;
    case "ping":
      bridge.send({ type: "pong", id: message.id,
        latency_ms: performance.timeOrigin + performance.now() - message.t });
      break;
    default:
      break;  // captions are for the captions page
  }
}

const bridge = await connect({
  page: "stage",
  client,
  onMessage: received,
  onStatus: (up) => {
    state.connected = up;
    if (!up) say(t("Waiting for Bea…"));
    else if (!state.vrm && !state.error) say(t(NO_AVATAR));
    if (up && state.error && state.error.code === "webgl") {
      say(webglNotice || state.error.message, "error");
      bridge.send({ type: "error", ...state.error });
    }
  },
  hello: () => (state.webgl ? { webgl: state.webgl } : {}),
});

// ---- every frame ------------------------------------------------------------------------------------------
const blinker = new Blinker();
let last = null;
let elapsed = 0;
let sinceFrame = 0;
let statsFrames = 0;
let statsStart = performance.now();

function animate(vrm, dt, t) {
  const manager = vrm.expressionManager;
  if (manager) {
    const tau = Math.max(state.target.fade_ms / 3000, 0.001);
    for (const name of state.emotions) {
      const goal = name === state.target.name ? state.target.weight : 0;
      const weight = approach(state.weights[name] || 0, goal, dt, tau);
      state.weights[name] = weight < 1e-4 ? 0 : weight;
      manager.setValue(name, state.weights[name]);
    }
    if (performance.now() - state.mouth.at > 300) state.mouth.goal = 0;   // the voice went quiet
    const open = Math.min(1, state.mouth.goal * state.config.lip_gain);
    // the vowel asked for, or "aa" when the model lacks it
    const shape = state.lip.includes(state.mouth.viseme) ? state.mouth.viseme : "aa";
    for (const viseme of state.lip) {
      const goal = viseme === shape ? open : 0;
      const weight = smoothMouth(state.mouth.weights[viseme] || 0, goal, dt);
      state.mouth.weights[viseme] = weight;
      manager.setValue(viseme, weight);
    }
    if (state.expressions.includes("blink")) {
      manager.setValue("blink", state.config.blink ? blinker.update(dt) : 0);
    }
  }
  const pose = idlePose(t, state.config.idle ? 1 : 0);
  const flip = vrm.meta && vrm.meta.metaVersion === "0" ? -1 : 1;
  for (const [bone, r] of Object.entries(pose)) {
    const node = vrm.humanoid.getNormalizedBoneNode(bone);
    if (node) node.rotation.set(r.x * flip, r.y, r.z * flip);
  }
  if (state.mixer) {   // clips win over the built-in idle pose, for the bones they move
    weighClips(dt);
    state.mixer.update(dt);
  }
  vrm.update(dt);
}

function tick(now) {
  requestAnimationFrame(tick);
  const dt = last === null ? 0 : Math.min((now - last) / 1000, 0.1);
  last = now;
  sinceFrame += dt;
  if (sinceFrame < 1 / state.config.fps_limit - 0.002) return;
  const step = sinceFrame;
  sinceFrame = 0;
  elapsed += step;
  if (state.vrm) animate(state.vrm, step, elapsed);
  camera.position.y = approach(camera.position.y, cameraGoal.y, step, 0.25);
  camera.position.z = approach(camera.position.z, cameraGoal.distance, step, 0.25);
  look.y = approach(look.y, cameraGoal.y, step, 0.25);
  camera.lookAt(look);
  if (renderer) renderer.render(scene, camera);
  state.frames += 1;
  statsFrames += 1;
  if (now - statsStart >= 1000) {
    state.fps = (statsFrames * 1000) / (now - statsStart);
    bridge.send({ type: "stats", fps: Math.round(state.fps * 10) / 10, frames: state.frames });
    statsFrames = 0;
    statsStart = now;
  }
}
applyBackground();
requestAnimationFrame(tick);

// What the tests (and a curious streamer in DevTools) can read.
window.stageState = () => ({
  client, connected: state.connected, name: state.name, serial: state.serial, expressions: state.expressions,
  emotions: state.emotions, lip: state.lip, weights: { ...state.weights }, mouth: { ...state.mouth.weights },
  target: state.target, config: state.config, camera: { y: camera.position.y, z: camera.position.z },
  error: state.error, frames: state.frames, fps: state.fps, webgl: state.webgl,
  notice: notice.hidden ? "" : notice.textContent,
  clips: Object.fromEntries([...state.clips.values()].map((e) => [e.name, {
    url: e.url, idle: e.idle, status: e.status, duration: e.duration, bones: e.bones, error: e.error,
    bound: Boolean(e.clip) }])),
  playing: state.oneShot && !state.oneShot.stopAt ? state.oneShot.name : "",
  idleClip: state.idle ? state.idle.name : "",
});
// A normalized humanoid bone's rotation now, as a quaternion [x, y, z, w] (null without that bone).
window.stageBone = (name) => {
  const node = state.vrm && state.vrm.humanoid && state.vrm.humanoid.getNormalizedBoneNode(name);
  return node ? node.quaternion.toArray() : null;
};
