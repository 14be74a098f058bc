// The page's end of the stage's messages: in a browser (OBS) one socket to /stage/ws on the server that served the
// page, reconnecting by itself; in the app's own view (its bea-stage: scheme) the Qt web channel's `stage` object,
// so that view opens no socket at all. Every message both ways is checked against messages.schema.json.

import { load as loadSchema } from "./messages.js";

function received(schema, text, send, onMessage) {
  let message;
  try {
    message = JSON.parse(text);
  } catch (error) {
    send({ type: "error", code: "bad_message", message: `not JSON: ${error}` });
    return;
  }
  const problem = schema.validate(message, "down");
  if (problem) {
    send({ type: "error", code: "bad_message", message: problem });
    return;
  }
  onMessage(message);
}

function overChannel(schema, { page, client, onMessage, onStatus, hello }) {
  return new Promise((resolve) => {
    // eslint-disable-next-line no-undef -- Qt injects QWebChannel and qt.webChannelTransport into the app's view
    new QWebChannel(qt.webChannelTransport, (channel) => {
      const stage = channel.objects.stage;
      function send(message) {
        const problem = schema.validate(message, "up");
        if (problem) {
          console.error(`stage: not sent (${problem})`);
          return false;
        }
        stage.up(JSON.stringify(message));
        return true;
      }
      stage.down.connect((text) => received(schema, text, send, onMessage));
      resolve({ send, schema });
      // after the caller has its end of the bridge (a socket opens later too): only then say ready
      setTimeout(() => {
        send({ type: "ready", page, client, version: schema.version, ...hello() });
        onStatus(true);
      }, 0);
    });
  });
}

export async function connect({ page, client, onMessage, onStatus = () => {}, hello = () => ({}) }) {
  const schema = await loadSchema();
  if (location.protocol === "bea-stage:" && typeof QWebChannel !== "undefined") {
    return overChannel(schema, { page, client, onMessage, onStatus, hello });
  }
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/stage/ws`;
  let socket = null;
  let delay = 250;

  function send(message) {
    const problem = schema.validate(message, "up");
    if (problem) {
      console.error(`stage: not sent (${problem})`);
      return false;
    }
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  function open() {
    socket = new WebSocket(url);
    socket.onopen = () => {
      delay = 250;
      send({ type: "ready", page, client, version: schema.version, ...hello() });
      onStatus(true);
    };
    socket.onmessage = (event) => received(schema, event.data, send, onMessage);
    socket.onclose = () => {
      onStatus(false);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 4000);
    };
  }

  open();
  return { send, schema };
}
