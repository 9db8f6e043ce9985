// The table's WebSocket: a hello first (this seat's token and the last version
// seen, so the server sends what was missed), messages in and out, and
// reconnecting with backoff when the connection drops. A refusal (no such
// table, no seat of yours, the seat left) is final: no reconnecting. The trick
// tables and the Klondike page both talk to their table through it.

import { hello } from "/static/seats.js";

const BACKOFF_MS = [300, 700, 1500, 3000, 6000, 10000];
// Close codes after which trying again cannot help (docs/protocol.md).
const FINAL = new Set([4000, 4400, 4403, 4404, 1008]);

/**
 * Opens the table's connection. `onStatus` hears "open" (a view came) and
 * "reconnecting"; `onRefused(code, reason)` a refusal, after which nothing more
 * is tried. `finalBeforeView`: a page that is nothing without its table takes any
 * close before its first view as a refusal. Besides `send`, it answers `isOpen()`,
 * `close(reason)` (for good), and `pause(reason)`/`resume()`: a page that is not
 * being looked at gives its connection up (the server stops the deal's clock) and
 * opens a new one when it is looked at again.
 */
export function connectTable(table, { onMessage, onStatus, onRefused, version, watch = false, finalBeforeView = false }) {
  let socket = null;
  let attempt = 0;
  let ended = false; // closed by the page, or refused: never opened again
  let paused = false;
  let viewed = false; // a view came, on any connection
  let refusal = null;
  let retry = null; // the timer of the next try, while disconnected

  // The browser knows when its network goes: say so at once and give the socket
  // up, rather than wait for a closing handshake that cannot cross a dead network
  // (its close event can take a minute); try again when the network is back.
  // (Before the first view of a page that takes a close then as final, the
  // socket's own close decides.)
  window.addEventListener("offline", () => {
    if (ended || !socket || socket.readyState > WebSocket.OPEN || (finalBeforeView && !viewed)) return;
    giveUp(4999, "offline");
    lost();
  });
  window.addEventListener("online", () => {
    if (retry !== null && !ended) {
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
    let answered = false;
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
      if (message.type === "view" && !answered) {
        // Only a connection that got as far as a view resets the backoff: one
        // accepted and then refused must not retry at once, forever.
        answered = true;
        viewed = true;
        attempt = 0;
        onStatus("open");
      }
      if (message.type === "error" && message.version == null) refusal = message.reason;
      onMessage(message);
    });
    current.addEventListener("close", (event) => {
      if (ended || socket !== current) return;
      socket = null;
      if (FINAL.has(event.code) || (finalBeforeView && !viewed)) {
        ended = true;
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

  // The socket is closed on purpose: its late events are no longer heard, and no
  // try is waiting.
  function giveUp(code, reason) {
    const dead = socket;
    socket = null;
    dead?.close(code, reason);
    clearTimeout(retry);
    retry = null;
  }

  function isOpen() {
    return socket?.readyState === WebSocket.OPEN;
  }

  function send(message) {
    if (!isOpen()) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  open();
  return {
    send,
    isOpen,
    close(reason) {
      ended = true;
      giveUp(1000, reason);
    },
    pause(reason) {
      if (ended || paused) return;
      paused = true;
      giveUp(1000, reason);
    },
    resume() {
      if (ended || !paused) return;
      paused = false;
      open();
    },
  };
}
