// The page's end of the stage WebSocket: one socket to /stage/ws on the server that served the page,
// reconnecting by itself; every frame both ways is checked against messages.schema.json.

import { load as loadSchema } from "./messages.js";

export async function connect({ page, client, onMessage, onStatus = () => {}, hello = () => ({}) }) {
  const schema = await loadSchema();
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
    socket.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
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
    };
    socket.onclose = () => {
      onStatus(false);
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 4000);
    };
  }

  open();
  return { send, schema };
}
