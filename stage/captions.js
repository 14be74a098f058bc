// The captions overlay (OBS browser source: http://127.0.0.1:<port>/stage/captions): what she says, as she
// says it, cleared after the hold. ?size=<px> sets the text size, ?align=left|center|right its alignment.

import { connect } from "./bridge.js";

const params = new URLSearchParams(location.search);
const box = document.getElementById("caption");
const size = Number(params.get("size"));
if (size >= 8 && size <= 400) box.style.fontSize = `${size}px`;
if (["left", "center", "right"].includes(params.get("align"))) box.style.textAlign = params.get("align");

let timer = null;
const state = { text: "", mood: "", shown: 0 };

function show({ text, mood, hold_ms: hold }) {
  clearTimeout(timer);
  state.text = text;
  state.mood = mood;
  state.shown += 1;
  box.textContent = text;
  box.dataset.mood = mood;
  box.classList.toggle("on", Boolean(text));
  if (text && hold > 0) {
    timer = setTimeout(() => show({ text: "", mood: "", hold_ms: 0 }), hold);
  }
}

await connect({
  page: "captions",
  client: (params.get("client") || "obs").slice(0, 64),
  onMessage: (message) => {
    if (message.type === "caption") show(message);
  },
});

window.captionState = () => ({ ...state, visible: box.classList.contains("on") });
