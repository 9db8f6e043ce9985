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

  // The browser knows when its network goes: say so at once and close, rather
  // than wait for a socket that may hang for minutes; try again when it is back.
  window.addEventListener("offline", () => {
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(4999, "offline");
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
    socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(table)}`);
    let viewed = false;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify(hello(table, version(), watch)));
    });
    socket.addEventListener("message", (event) => {
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
    socket.addEventListener("close", (event) => {
      if (closedByUs) return;
      if (FINAL.has(event.code)) {
        onRefused(event.code, refusal || event.reason);
        return;
      }
      onStatus("reconnecting");
      const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
      attempt += 1;
      retry = setTimeout(() => {
        retry = null;
        open();
      }, wait);
    });
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
