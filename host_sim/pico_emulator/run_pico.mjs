#!/usr/bin/env node
// Run a MicroPython script on an emulated Raspberry Pi Pico: rp2040js (npm) running a
// MicroPython firmware image for RPI_PICO. Used by host_sim/picoemu.py; see README
// "Performance" (make calibrate).
//
// usage: node run_pico.mjs SCRIPT.py --firmware FW.bin --bootrom BOOTROM.bin
//          [--fs-image IMG] [--max-seconds N] [--xip-miss CYCLES] [--then SCRIPT2] [--quiet]
//
// --fs-image: a littlefs image (host_sim/pico_emulator/mkfs_image.py) put at the Pico's
//   filesystem offset; rp2040js does not emulate flash programming, so it is read-only.
// --xip-miss: a model of the RP2040's XIP cache (16 KB, 2-way, 8-byte lines): each
//   flash read that misses costs this many extra cycles (off by default: flash as
//   fast as RAM).
// --then: SCRIPT ends in a soft reset (machine.soft_reset()); the firmware starts again
//   (MicroPython set up anew, _boot.py mounting the filesystem) and SCRIPT2 runs in the
//   raw REPL that comes back. Between the two outputs a line `{"soft_reset_us": N}`: the
//   emulated time from SCRIPT's end to that REPL (main.py would start there).
// The script goes to MicroPython's raw REPL over the emulated USB CDC; its output goes
// to stdout, a traceback to stderr (exit 1); an emulator problem or time-out exits 2.
// Statistics (wall time, emulated time, cycles) go to stderr unless --quiet.
import { readFileSync } from 'node:fs';
import { Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const args = process.argv.slice(2);
function opt(name, dflt) {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}
const quiet = args.includes('--quiet');
if (quiet) args.splice(args.indexOf('--quiet'), 1);
const fwPath = opt('--firmware', null);
const bootromPath = opt('--bootrom', null);
const maxEmuSeconds = Number(opt('--max-seconds', '600'));
const xipMiss = Number(opt('--xip-miss', '0'));
const fsImage = opt('--fs-image', null);
const thenPath = opt('--then', null);
const scriptPath = args[0];
if (!scriptPath || !fwPath || !bootromPath) {
  console.error('usage: node run_pico.mjs SCRIPT.py --firmware FW.bin --bootrom BOOTROM.bin [--fs-image IMG] [--max-seconds N] [--xip-miss CYCLES] [--quiet]');
  process.exit(2);
}
const code = readFileSync(scriptPath);
const thenCode = thenPath ? readFileSync(thenPath) : null;

const wall0 = performance.now();
const sim = new Simulator();
const mcu = sim.rp2040;
const clock = sim.clock;
mcu.logger = new ConsoleLogger(LogLevel.Error);
const rom = readFileSync(bootromPath);
mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.byteLength / 4)); // also resets core + erases flash
mcu.flash.set(readFileSync(fwPath), 0); // .bin image linked at 0x10000000 (boot2 first)
// Start at boot2 in flash, as rp2040js' own MicroPython demo does: the bootrom's reset path
// parks the core (it reads an unimplemented VREG/chip-reset register). The bootrom stays
// mapped for the ROM functions (flash ops, float/int helpers) that the SDK calls.
mcu.core.PC = 0x10000000;
const FS_FLASH_OFFSET = 0xa0000; // RPI_PICO: 352 x 4 KiB blocks at the top of the 2 MiB flash
if (fsImage) mcu.flash.set(readFileSync(fsImage), FS_FLASH_OFFSET);

const cdc = new USBCDC(mcu.usbCtrl);
let rx = ''; // everything received (latin1)
let connected = false;
cdc.onDeviceConnected = () => { connected = true; };
cdc.onSerialData = (buf) => { rx += Buffer.from(buf).toString('latin1'); };
// rp2040js' USBCDC answers every OUT-endpoint read with an immediate (possibly empty) packet;
// with an empty FIFO that is an endless stream of zero-length packets = a USB interrupt storm
// that eats most of the CPU. A real host NAKs instead: so hold the read until there is data.
const usbRead = mcu.usbCtrl.onEndpointRead;
let pendingRead = null;
mcu.usbCtrl.onEndpointRead = (ep, size) => {
  if (ep === cdc.outEndpoint && cdc.txFIFO.empty) pendingRead = [ep, size];
  else usbRead(ep, size);
};
function flushRead() {
  if (pendingRead && !cdc.txFIFO.empty) { const [ep, size] = pendingRead; pendingRead = null; usbRead(ep, size); }
}

const core = mcu.core;
const CYCLE_NS = 1e9 / 125e6; // rp2040js Simulator runs the core at a fixed 125 MHz
const maxNanos = maxEmuSeconds * 1e9;

// Optional crude model of the RP2040 XIP cache (16 KB, 2-way, 8-byte lines) in front of the QSPI
// flash: every flash read (instruction fetch or data) that misses costs `xipMiss` extra cycles.
let xipStall = 0, xipMisses = 0, xipHits = 0;
if (xipMiss > 0) {
  const tags = new Int32Array(2048).fill(-1); // [set*2 + way]
  const lru = new Uint8Array(1024); // way to evict next
  const flush = () => tags.fill(-1);
  const access = (addr) => {
    const region = addr >>> 24;
    if (region < 0x10 || region > 0x13) return;
    if (region >= 0x12) { xipStall += xipMiss; xipMisses++; return; } // uncached aliases
    const line = (addr & 0xffffff) >>> 3, set = line & 1023, tag = line >>> 10, i = set * 2;
    if (tags[i] === tag) { lru[set] = 1; xipHits++; return; }
    if (tags[i + 1] === tag) { lru[set] = 0; xipHits++; return; }
    xipStall += xipMiss; xipMisses++;
    if (region === 0x10) { const w = lru[set]; tags[i + w] = tag; lru[set] = w ^ 1; } // 0x11 = no-allocate alias
  };
  const r32 = core.readUint32.bind(core), r16 = core.readUint16.bind(core), r8 = core.readUint8.bind(core);
  const w32 = core.writeUint32.bind(core);
  core.readUint32 = (a) => { access(a >>> 0); return r32(a); };
  core.readUint16 = (a) => { access(a >>> 0); return r16(a); };
  core.readUint8 = (a) => { access(a >>> 0); return r8(a); };
  core.writeUint32 = (a, v) => { if ((a >>> 0) === 0x14000004) flush(); w32(a, v); }; // XIP_CTRL FLUSH
}

// Run the emulator until pred() is true (checked every `chunk` instructions).
function runUntil(pred, what, chunk = 20000) {
  while (!pred()) {
    if (clock.nanos > maxNanos) {
      throw new Error(`emulated time limit (${maxEmuSeconds}s) reached while waiting for ${what}; received so far: ${JSON.stringify(rx.slice(-300))}`);
    }
    for (let i = 0; i < chunk; i++) {
      if (core.waiting) {
        const dt = clock.nanosToNextAlarm;
        clock.tick(dt > 0 ? dt : 1000); // idle (WFI/WFE): jump to the next timer alarm
        i += dt / CYCLE_NS;
      } else {
        const c = core.executeInstruction() + xipStall;
        xipStall = 0;
        clock.tick(c * CYCLE_NS);
      }
    }
  }
}

function send(bytes) {
  // push into the host->device FIFO as the device drains it
  let pos = 0;
  runUntil(() => {
    while (pos < bytes.length && cdc.txFIFO.itemCount < cdc.txFIFO.size) {
      cdc.sendSerialByte(bytes[pos++]);
    }
    flushRead();
    return pos >= bytes.length;
  }, 'host->device transfer', 5000);
}

function stats() {
  return { wallMs: +(performance.now() - wall0).toFixed(0), emuUs: +(clock.nanos / 1000).toFixed(1), cycles: core.cycles };
}
function log(...a) { if (!quiet) console.error('[pico]', ...a); }

// Send one script to the raw REPL and run it to its end markers: its output to stdout,
// an error to stderr (status 1); returns what came after the end markers.
function runScript(text) {
  rx = '';
  send(text);
  const c0 = core.cycles, n0 = clock.nanos, w0 = performance.now();
  send(Buffer.from([4]));
  runUntil(() => rx.startsWith('OK') ? (rx.match(/\x04/g) || []).length >= 2 : rx.length > 2, 'script end');
  const w1 = performance.now();
  if (!rx.startsWith('OK')) throw new Error('raw REPL did not accept the code: ' + JSON.stringify(rx));
  const body = rx.slice(2);
  const i1 = body.indexOf('\x04');
  const out = body.slice(0, i1);
  const i2 = body.indexOf('\x04', i1 + 1);
  const err = body.slice(i1 + 1, i2);
  process.stdout.write(Buffer.from(out.replace(/\r\n/g, '\n'), 'latin1'));
  if (err) { process.stderr.write(Buffer.from(err.replace(/\r\n/g, '\n'), 'latin1')); status = 1; }
  log('run (compile+exec, from Ctrl-D to end marker):', JSON.stringify({
    cycles: core.cycles - c0, emuUs: +((clock.nanos - n0) / 1000).toFixed(1), wallMs: +(w1 - w0).toFixed(0),
  }), 'total:', JSON.stringify(stats()), xipMiss ? `xip: ${xipMisses} misses, ${xipHits} hits` : '');
  return body.slice(i2 + 1);
}

let status = 0;
try {
  // 1. boot to the friendly REPL prompt
  runUntil(() => connected, 'USB enumeration');
  send(Buffer.from('\r\n'));
  runUntil(() => rx.includes('>>> '), 'REPL prompt');
  const boot = stats();
  log('booted:', JSON.stringify(boot), 'banner:', JSON.stringify(rx.trim().split('\n').find((l) => l.includes('MicroPython'))));

  // 2. enter raw REPL
  rx = '';
  send(Buffer.from([3, 3, 1]));
  runUntil(() => rx.endsWith('raw REPL; CTRL-B to exit\r\n>'), 'raw REPL');

  // 3. send the code and execute it (then the second script, after a soft reset)
  const after = runScript(code);
  if (thenCode && status === 0) {
    const n0 = clock.nanos;
    rx = after;
    runUntil(() => rx.endsWith('raw REPL; CTRL-B to exit\r\n>'), 'raw REPL after the soft reset');
    process.stdout.write(JSON.stringify({ soft_reset_us: Math.round((clock.nanos - n0) / 1000) }) + '\n');
    runScript(thenCode);
  }
} catch (e) {
  console.error('[pico] error:', e.message);
  status = 2;
}
process.exitCode = status;
