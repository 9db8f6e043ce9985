// Seat tokens: the secret that holds your seat at a table, kept in this
// browser only (a link to a table is not a seat). The server sent it when you
// opened the table or took a seat; every connection says it in its hello.

const key = (table) => `parlour.seat.${table}`;

export function seatToken(table) {
  try {
    return localStorage.getItem(key(table));
  } catch {
    return null;
  }
}

export function keepSeat(table, token) {
  if (!token) return;
  try {
    localStorage.setItem(key(table), token);
  } catch {
    // storage refused: the seat lasts as long as this page
  }
}

/** The next table of a rematch keeps the same seats: the same token. */
export function carrySeat(from, to) {
  keepSeat(to, seatToken(from));
}

/** The first message of a table's socket. */
export function hello(table, version, watch = false) {
  const token = watch ? null : seatToken(table);
  return { type: "hello", token, version: version ?? null, watch: watch || !token };
}

/** A table answered by the server ({table, url, token}): keep the seat, go there. */
export function goToTable(answer) {
  keepSeat(answer.table, answer.token);
  location.assign(answer.url);
}
