// Times from the server (epoch seconds, or ISO text) in the player's words.

/** A Date from epoch seconds, epoch milliseconds or ISO text; null if none. */
export function toDate(value) {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "number" ? new Date(value < 1e11 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "3 minutes ago", "yesterday": how long ago `value` was. */
export function sinceWhen(value) {
  const date = toDate(value);
  if (!date) return "";
  const words = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  const steps = [[60, "second"], [60, "minute"], [24, "hour"], [7, "day"], [4.35, "week"], [12, "month"]];
  let amount = (date.getTime() - Date.now()) / 1000;
  for (const [size, unit] of steps) {
    if (Math.abs(amount) < size) return words.format(Math.round(amount), unit);
    amount /= size;
  }
  return words.format(Math.round(amount), "year");
}

/** "30 Nov 2026" (or "30 Nov" this year): a calendar date in the player's locale. */
export function calendarDate(value) {
  const date = toDate(value);
  if (!date) return "";
  const thisYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString(undefined, { day: "numeric", month: "short", year: thisYear ? undefined : "numeric" });
}

/** "5:07" or "1:02:03": a duration in seconds as a clock shows it. */
export function clockTime(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}
