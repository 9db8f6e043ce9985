// The table's WebSocket: a hello first (this seat's token and the last version
// seen, so the server sends what was missed), messages in and out, and
// reconnecting with backoff when the connection drops. A refusal (no such
// table, no seat of yours, the seat left) is final: no reconnecting.

import { hello } from "/static/seats.js";

const BACKOFF_MS = [300, 700, 1500, 3000, 6000, 10000];
// Close codes after which trying again cannot help (docs/protocol.md).
const FINAL = new Set([4000, 4400, 4403, 4404, 1008]);

export function connectTable(table, { onMessage, onStatus, onRefused, version, watch = false }) {
  let socket = null;
  let attempt = 0;
  let closedByUs = false;
  let refusal = null;
  let retry = null; // the timer of the next try, while disconnected

  // The browser knows when its network goes: say so at once and give the socket
  // up, rather than wait for a closing handshake that cannot cross a dead network
  // (its close event can take a minute); try again when the network is back.
  window.addEventListener("offline", () => {
    if (closedByUs || !socket || socket.readyState > WebSocket.OPEN) return;
    const dead = socket;
    socket = null; // its events are no longer heard
    dead.close(4999, "offline");
    lost();
  });
  window.addEventListener("online", () => {
    if (retry !== null && !closedByUs) {
      clearTimeout(retry);
      retry = null;
      attempt = 0;
      open();
    }
  });

  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const current = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(table)}`);
    socket = current;
    let viewed = false;
    current.addEventListener("open", () => {
      if (socket === current) current.send(JSON.stringify(hello(table, version(), watch)));
    });
    current.addEventListener("message", (event) => {
      if (socket !== current) return; // a socket given up
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "view" && !viewed) {
        // Only a connection that got as far as a view resets the backoff: one
        // accepted and then refused must not retry at once, forever.
        viewed = true;
        attempt = 0;
        onStatus("open");
      }
      if (message.type === "error" && message.version == null) refusal = message.reason;
      onMessage(message);
    });
    current.addEventListener("close", (event) => {
      if (closedByUs || socket !== current) return;
      socket = null;
      if (FINAL.has(event.code)) {
        onRefused(event.code, refusal || event.reason);
        return;
      }
      lost();
    });
  }

  // The connection is gone: say so, and try again after a growing wait.
  function lost() {
    onStatus("reconnecting");
    if (retry !== null) clearTimeout(retry);
    const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    attempt += 1;
    retry = setTimeout(() => {
      retry = null;
      open();
    }, wait);
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  open();
  return {
    send,
    close() {
      closedByUs = true;
      socket?.close();
    },
  };
}
