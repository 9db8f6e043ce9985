// The table's sounds, made by the page (Web Audio): no files to fetch. Each is
// short and quiet: a card laid down, a trick gathered, your turn, a hand made
// or set, a game won or lost. Muted by the header's toggle (site.js).
//
// The last sound played is kept on <html data-sound> with a count
// (data-sounds), so a test or a tool can tell a sound was made.

import { soundOn } from "/static/site.js";

let context = null;

function audio() {
  if (!context) {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// A burst of filtered noise: the snap of a card on the cloth.
function snap(ctx, at, { length = 0.06, frequency = 2200, gain = 0.25 } = {}) {
  const frames = Math.ceil(ctx.sampleRate * length);
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  const source = ctx.createBufferSource();
  source.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = frequency;
  filter.Q.value = 0.8;
  const level = ctx.createGain();
  level.gain.value = gain;
  source.connect(filter).connect(level).connect(ctx.destination);
  source.start(at);
}

// A soft bell-like note.
function note(ctx, at, frequency, { length = 0.25, gain = 0.12, type = "sine" } = {}) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.value = frequency;
  const level = ctx.createGain();
  level.gain.setValueAtTime(0.0001, at);
  level.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  level.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(level).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const SOUNDS = {
  card: (ctx, t) => snap(ctx, t),
  trick: (ctx, t) => {
    snap(ctx, t, { length: 0.12, frequency: 900, gain: 0.18 });
    snap(ctx, t + 0.05, { length: 0.1, frequency: 1300, gain: 0.12 });
  },
  turn: (ctx, t) => {
    note(ctx, t, 660);
    note(ctx, t + 0.12, 880);
  },
  made: (ctx, t) => [523, 659, 784].forEach((f, i) => note(ctx, t + i * 0.1, f, { length: 0.35 })),
  set: (ctx, t) => [392, 330, 262].forEach((f, i) => note(ctx, t + i * 0.12, f, { length: 0.4, type: "triangle" })),
  win: (ctx, t) => [523, 659, 784, 1047].forEach((f, i) => note(ctx, t + i * 0.11, f, { length: 0.5, gain: 0.14 })),
  lose: (ctx, t) => [330, 294, 247].forEach((f, i) => note(ctx, t + i * 0.16, f, { length: 0.5, type: "triangle" })),
};

/** Play the named sound, unless the player muted the table. */
export function play(name) {
  if (!soundOn() || !SOUNDS[name]) return;
  const root = document.documentElement;
  root.dataset.sound = name;
  root.dataset.sounds = String(Number(root.dataset.sounds ?? 0) + 1);
  const ctx = audio();
  if (!ctx) return;
  try {
    SOUNDS[name](ctx, ctx.currentTime + 0.01);
  } catch {
    // a browser without some node: silence, never an error on the table
  }
}
