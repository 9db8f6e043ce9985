// The table's WebSocket: messages in and out, and reconnecting with backoff
// when the connection drops (the server replays the table from its store).

const BACKOFF_MS = [300, 700, 1500, 3000, 6000, 10000];

export function connectTable(table, { onMessage, onStatus }) {
  let socket = null;
  let attempt = 0;
  let closedByUs = false;

  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(table)}`);
    socket.addEventListener("open", () => {
      attempt = 0;
      onStatus("open");
      // The server sends a view on connecting; asking again is harmless and
      // covers a server that waits to be asked.
      send({ type: "sync" });
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(message);
    });
    socket.addEventListener("close", () => {
      if (closedByUs) return;
      onStatus("reconnecting");
      const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
      attempt += 1;
      setTimeout(open, wait);
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
