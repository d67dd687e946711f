// Pocket Table in a web page. MicroPython's WebAssembly port runs the device's own app
// (firmware/, shared_rules/, boards/web.py); this script only loads it, feeds it the
// buttons a frame at a time from the browser's timer, draws the panel's framebuffer on
// the canvas and keeps the app's files in the browser's storage.
import { loadMicroPython } from "./micropython.mjs";

const UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8, A = 16, B = 32, AB = A | B;
// The simulator's keys (host_sim/terminal.py), by KeyboardEvent.key.
const KEYS = {
  ArrowUp: UP, ArrowDown: DOWN, ArrowLeft: LEFT, ArrowRight: RIGHT,
  w: UP, s: DOWN, a: LEFT, d: RIGHT,
  "8": UP, "2": DOWN, "4": LEFT, "6": RIGHT,
  "7": UP | LEFT, "9": UP | RIGHT, "1": DOWN | LEFT, "3": DOWN | RIGHT,
  Home: UP | LEFT, PageUp: UP | RIGHT, End: DOWN | LEFT, PageDown: DOWN | RIGHT,
  z: A, j: A, x: B, k: B,
};
const W = 128, H = 64, SCALE = 5; // canvas pixels a panel pixel: a dot and a gap
const STORE = "pocket-table/saves/"; // one localStorage entry a file, base64
const OPEN_GAME = "pocket-table/open"; // the game open when the page was left
const APP_DIR = "/app", DATA = "/data", REPLAY_DATA = "/replay";
const REPLAY_MAX = 4 * 1024 * 1024; // as host_sim's replay command
const VERSION = document.getElementById("version").textContent;
const MANUAL = new URLSearchParams(location.search).has("manual"); // frames on request only

const ui = {};
for (const id of ["panel", "status", "download", "share", "open", "mine", "link"]) {
  ui[id] = document.getElementById(id);
}
const ctx = ui.panel.getContext("2d");
const image = ctx.createImageData(W * SCALE, H * SCALE);
const pixels = new Uint32Array(image.data.buffer);

let mp = null, runner = null, frameFn = null;
let frameMs = 25, chordFrames = 20;
let latched = 0, holdLeft = 0;
const keysDown = new Map(), touchDown = new Map();
let timer = null, due = 0;
let replaying = false, replayLeftLast = -1;
let stored = {}, lastPrint = "", storageFull = false;
let audio = null;
let closedGame = false; // the game was saved and left as the page closed
const timing = {};
const frameTimes = [];

// ---- the page's services to the board (boards/web.py) -------------------------

const host = {
  tone(freq, ms) {
    if (!audio || audio.state !== "running") return;
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.type = "square";
    osc.frequency.value = freq;
    gain.gain.value = 0.04;
    osc.connect(gain).connect(audio.destination);
    const t = audio.currentTime;
    osc.start(t);
    osc.stop(t + ms / 1000);
  },
  entropy() {
    return crypto.getRandomValues(new Uint32Array(1))[0] >>> 1;
  },
};

function unlockAudio() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    audio = new Ctx();
  }
  if (audio.state === "suspended") audio.resume();
}

// ---- status line -------------------------------------------------------------

function say(text, bad = false) {
  ui.status.textContent = text;
  ui.status.classList.toggle("bad", bad);
}

function firstLine(e) {
  const text = String((e && e.message) || e || "error");
  const lines = text.trim().split("\n");
  return lines[lines.length - 1].slice(0, 120);
}

// ---- bytes and base64 ------------------------------------------------------------

function toBase64(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin);
}

function fromBase64(text) {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function unpack(data) {
  const bytes = fromBase64(data.replace(/-/g, "+").replace(/_/g, "/"));
  const reader = new Blob([bytes]).stream()
    .pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > REPLAY_MAX) throw new Error("it unpacks to more than 4 MB");
    parts.push(value);
  }
  return new TextDecoder("utf-8", { fatal: true }).decode(await new Blob(parts).arrayBuffer());
}

// ---- the app's files in the browser's storage ---------------------------------------

function savesDir(root) {
  return root + "/saves";
}

function restoreFiles() {
  const dir = savesDir(DATA);
  mp.FS.mkdirTree(dir);
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(STORE)) continue;
    const name = key.slice(STORE.length);
    if (!/^[^/]+$/.test(name) || name === "." || name === "..") continue;
    const value = localStorage.getItem(key);
    let bytes;
    try {
      bytes = fromBase64(value);
    } catch {
      bytes = new TextEncoder().encode(value); // damaged: the app sets it aside with a notice
    }
    mp.FS.writeFile(dir + "/" + name, bytes);
    stored[name] = value;
  }
  lastPrint = fingerprint();
}

function savedFiles() {
  const dir = savesDir(DATA);
  const out = [];
  for (const name of mp.FS.readdir(dir)) {
    if (name === "." || name === ".." || name.endsWith(".tmp")) continue;
    const st = mp.FS.stat(dir + "/" + name);
    if (mp.FS.isFile(st.mode)) out.push([name, st]);
  }
  return out;
}

function fingerprint() {
  let text = "";
  for (const [name, st] of savedFiles()) text += name + ":" + st.size + ":" + +st.mtime + "|";
  return text;
}

// After a frame in which the app wrote, renamed or removed a file (its own saves are
// temp file then rename, never per frame), the files go to the browser's storage.
function persist() {
  const print = fingerprint();
  if (print === lastPrint) return;
  lastPrint = print;
  const dir = savesDir(DATA);
  const seen = {};
  for (const [name] of savedFiles()) {
    seen[name] = true;
    const value = toBase64(mp.FS.readFile(dir + "/" + name));
    if (stored[name] === value) continue;
    try {
      localStorage.setItem(STORE + name, value);
      stored[name] = value;
    } catch {
      if (!storageFull) say("The browser's storage is full: saves last only until the page closes.", true);
      storageFull = true;
    }
  }
  for (const name of Object.keys(stored)) {
    if (!seen[name]) {
      localStorage.removeItem(STORE + name);
      delete stored[name];
    }
  }
}

// ---- the panel ------------------------------------------------------------------

const GAP = 0xff000000; // between the dots: black (ABGR in a little-endian Uint32Array)

function rgb(r, g, b) {
  return (0xff << 24) | (b << 16) | (g << 8) | r;
}

function clearPanel() {
  pixels.fill(GAP);
}

function draw() {
  const hex = runner.screen_hex();
  const look = runner.look();
  const inverted = look >= 256;
  const k = 0.55 + (0.45 * (look & 255)) / 255; // the contrast setting as brightness
  const lit = rgb(Math.round(205 * k), Math.round(238 * k), Math.round(255 * k));
  const dark = rgb(10, 13, 18);
  const rowLen = W * SCALE;
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < W; x++) {
      const i = page * W + x;
      const byte = parseInt(hex.substr(2 * i, 2), 16);
      for (let bit = 0; bit < 8; bit++) {
        const on = ((byte >> bit) & 1) !== (inverted ? 1 : 0);
        const colour = on ? lit : dark;
        const y = page * 8 + bit;
        let p = y * SCALE * rowLen + x * SCALE;
        for (let dy = 0; dy < SCALE - 1; dy++, p += rowLen) {
          pixels.fill(colour, p, p + SCALE - 1);
        }
      }
    }
  }
  ctx.putImageData(image, 0, 0);
  if (timing.launcher === undefined) timing.launcher = performance.now();
}

// What the canvas shows, read back: a panel pixel is lit where its dot is bright. The
// 1,024 bytes in the panel's layout (MONO_VLSB pages), as hex (tests compare them).
function canvasHex() {
  const data = ctx.getImageData(0, 0, W * SCALE, H * SCALE).data;
  const out = [];
  for (let page = 0; page < 8; page++) {
    for (let x = 0; x < W; x++) {
      let byte = 0;
      for (let bit = 0; bit < 8; bit++) {
        const y = page * 8 + bit;
        const red = data[4 * ((y * SCALE + 1) * W * SCALE + x * SCALE + 1)];
        if (red > 40) byte |= 1 << bit;
      }
      out.push(byte.toString(16).padStart(2, "0"));
    }
  }
  return out.join("");
}

// ---- the frame loop -------------------------------------------------------------

function heldMask() {
  let held = 0;
  for (const m of keysDown.values()) held |= m;
  for (const m of touchDown.values()) held |= m;
  return held;
}

function stepWith(pressed, held) {
  const t0 = performance.now();
  const shown = frameFn(pressed, held);
  if (shown) draw();
  if (replaying) replayStatus();
  else persist();
  const ms = performance.now() - t0;
  frameTimes.push(ms);
  if (frameTimes.length > 2000) frameTimes.shift();
  return ms;
}

function step() {
  let pressed = latched, held = heldMask();
  latched = 0;
  if (holdLeft > 0) { // Esc in a game: A+B held for the chord, as on the device
    if (holdLeft === chordFrames) pressed |= AB;
    held |= AB;
    holdLeft--;
  }
  try {
    stepWith(pressed, held);
  } catch (e) {
    stop();
    say("The app stopped: " + firstLine(e), true);
  }
}

function tick() {
  step();
  if (timer === null) return;
  due += frameMs;
  const now = performance.now();
  if (now - due > 4 * frameMs) due = now; // fell far behind: no catching up
  timer = setTimeout(tick, Math.max(0, due - now));
}

function start() {
  if (MANUAL || timer !== null || runner === null || document.hidden) return;
  due = performance.now() + frameMs;
  timer = setTimeout(tick, frameMs);
}

function stop() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
}

// ---- MicroPython and the app ---------------------------------------------------------

async function loadModules() {
  const res = await fetch("modules.json?v=" + encodeURIComponent(VERSION));
  if (!res.ok) throw new Error("modules.json: " + res.status);
  const bundle = await res.json();
  for (const [path, data] of Object.entries(bundle.files)) {
    const full = APP_DIR + "/" + path;
    mp.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    mp.FS.writeFile(full, fromBase64(data));
  }
}

function startRunner(root) {
  mp.globals.set("pt_host", host);
  mp.runPython(`
import sys
if "${APP_DIR}" not in sys.path:
    sys.path.insert(0, "${APP_DIR}")
from boards import web as pt_web
pt_runner = pt_web.Runner(pt_host, "${root}", ${MANUAL ? "0" : "None"})
`);
  runner = mp.globals.get("pt_runner");
  frameFn = runner.frame;
  frameMs = runner.frame_ms;
  chordFrames = runner.chord_frames;
}

function checkReplay(text) {
  mp.globals.set("pt_text", text);
  mp.runPython("pt_error = pt_web.check_replay(pt_text)");
  return mp.globals.get("pt_error");
}

function startMine() {
  restoreFiles();
  startRunner(DATA);
  const open = localStorage.getItem(OPEN_GAME);
  if (open) runner.resume(open);
}

function startReplay(text) {
  stop();
  replaying = true;
  startRunner(REPLAY_DATA);
  const error = runner.start_replay(text);
  if (error) throw new Error(error);
  ui.mine.hidden = false;
  replayStatus();
}

function replayStatus() {
  const left = runner.replay_left();
  if (left === replayLeftLast) return;
  replayLeftLast = left;
  if (left > 0) {
    if (left % 40 === 0 || left < 40) say("Watching a replay: " + Math.ceil(left * frameMs / 1000) + " s to go.");
  } else {
    say("The replay is over: play on from here (not saved), or go back to your games.");
  }
}

// The page is closing or reloading: a game in play is saved and left as the A+B hold
// does it (the hold's frames run now, so the journal holds them and a replay stays
// exact), and the next page load opens it again.
function saveHere() {
  if (runner === null || replaying || closedGame) return;
  const gid = runner.game();
  if (gid) {
    for (let i = 0; i < chordFrames; i++) stepWith(i === 0 ? AB : 0, AB);
    closedGame = true;
    localStorage.setItem(OPEN_GAME, gid);
  } else {
    localStorage.removeItem(OPEN_GAME);
  }
  persist();
}

async function replayFromAddress() {
  const m = /^#replay=(.*)$/.exec(location.hash);
  if (!m) return null;
  try {
    return { text: await unpack(m[1]) };
  } catch (e) {
    return { error: "This replay link is damaged (" + firstLine(e) + "): here are your own games." };
  }
}

async function boot() {
  timing.start = performance.now();
  mp = await loadMicroPython({ heapsize: 4 * 1024 * 1024, stdout: console.log, stderr: console.error });
  timing.runtime = performance.now();
  await loadModules();
  mp.runPython(`import sys\nsys.path.insert(0, "${APP_DIR}")\nfrom boards import web as pt_web`);
  timing.modules = performance.now();
  const replay = await replayFromAddress();
  let error = replay && replay.error;
  if (replay && replay.text !== undefined) {
    error = checkReplay(replay.text);
    if (!error) startReplay(replay.text);
  }
  if (!replaying) {
    startMine();
    say(error || "Ready. Your games and settings stay in this browser.", Boolean(error));
  }
  timing.app = performance.now();
  start();
}

async function openReplay(text) {
  const error = checkReplay(text);
  if (error) {
    say(error, true);
    return;
  }
  saveHere();
  try {
    startReplay(text);
  } catch (e) {
    say(firstLine(e), true);
  }
  start();
}

// ---- buttons ----------------------------------------------------------------------

function escape() {
  if (replaying && runner.replay_left() > 0) return;
  if (runner.leave()) holdLeft = chordFrames;
}

addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey || runner === null) return;
  if (e.target instanceof HTMLInputElement) return;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  unlockAudio();
  if (key === "Escape") {
    if (!e.repeat) escape();
    e.preventDefault();
  } else if (key === "p") {
    if (!e.repeat) screenshot();
  } else if (KEYS[key]) {
    e.preventDefault();
    if (!e.repeat) {
      keysDown.set(e.code || key, KEYS[key]);
      latched |= KEYS[key];
    }
  }
});
addEventListener("keyup", (e) => keysDown.delete(e.code || e.key));
addEventListener("blur", () => {
  keysDown.clear();
  touchDown.clear();
});

for (const button of document.querySelectorAll("#pads button")) {
  const mask = Number(button.dataset.mask);
  const release = (e) => {
    touchDown.delete(e.pointerId);
    button.classList.remove("down");
  };
  button.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    unlockAudio();
    touchDown.set(e.pointerId, mask);
    latched |= mask;
    button.classList.add("down");
    try {
      button.setPointerCapture(e.pointerId); // the finger may slide off: still held
    } catch {
      // a pointer the browser no longer knows: held until its pointerup
    }
  });
  button.addEventListener("pointerup", release);
  button.addEventListener("pointercancel", release);
  button.addEventListener("lostpointercapture", release);
  button.addEventListener("contextmenu", (e) => e.preventDefault());
}

// ---- replays: download, share, open, drop ------------------------------------------

function currentReplay() {
  const text = runner ? runner.replay_file() : "";
  if (!text) {
    say("No replay yet: play a game first.", true);
    return null;
  }
  const cut = text.indexOf("\n");
  return { name: text.slice(0, cut), text: text.slice(cut + 1) };
}

function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function screenshot() {
  ui.panel.toBlob((blob) => download(blob, "pocket-table.png"));
}

ui.download.addEventListener("click", () => {
  const rep = currentReplay();
  if (rep) download(new Blob([rep.text], { type: "text/plain" }), rep.name);
});

ui.share.addEventListener("click", async () => {
  const rep = currentReplay();
  if (!rep) return;
  const link = location.origin + location.pathname + "#replay=" + (await pack(rep.text));
  ui.link.hidden = false;
  ui.link.value = link;
  ui.link.select();
  try {
    await navigator.clipboard.writeText(link);
    say("The link is copied: whoever opens it watches this game.");
  } catch {
    say("Copy the link below: whoever opens it watches this game.");
  }
});

async function openFile(file) {
  if (!file) return;
  if (file.size > REPLAY_MAX) {
    say(file.name + " is not a replay (over 4 MB).", true);
    return;
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    say(file.name + " is not a replay (not text).", true);
    return;
  }
  await openReplay(text);
}

ui.open.addEventListener("change", () => openFile(ui.open.files[0]));
ui.mine.addEventListener("click", () => {
  location.href = location.pathname + location.search;
});
addEventListener("dragover", (e) => {
  e.preventDefault();
  document.body.classList.add("dropping");
});
addEventListener("dragleave", () => document.body.classList.remove("dropping"));
addEventListener("drop", (e) => {
  e.preventDefault();
  document.body.classList.remove("dropping");
  openFile(e.dataTransfer.files[0]);
});

// Hidden, the game waits where it is (its files are in storage already); closed or
// reloaded, it is saved and left (saveHere); back from the browser's page cache, it opens
// again.
document.addEventListener("visibilitychange", () => (document.hidden ? stop() : start()));
addEventListener("pagehide", () => {
  stop();
  saveHere();
});
addEventListener("pageshow", (e) => {
  if (!e.persisted || !closedGame || runner === null) return;
  closedGame = false;
  runner.resume(localStorage.getItem(OPEN_GAME) || "");
  start();
});

// ---- for the tests and the bench (make test, make bench-web) --------------------------

const ready = (async () => {
  clearPanel();
  ctx.putImageData(image, 0, 0);
  try {
    await boot();
  } catch (e) {
    say("Cannot start: " + firstLine(e), true);
    throw e;
  }
})();

window.pocketTable = {
  ready,
  timing,
  frameTimes,
  stepWith,
  canvasHex,
  openReplay,
  step,
  py(code, name) {
    mp.runPython(code);
    return name ? mp.globals.get(name) : undefined;
  },
  get runner() {
    return runner;
  },
  get held() {
    return heldMask() | latched;
  },
};
