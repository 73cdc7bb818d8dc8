// One measured process of bench/stamping.ts (bundled and run by plain node; see bench/node-child.ts):
//   node stamping-child.mjs <input.pdf> <output.pdf> <warm calls> <buyer as JSON>
// Reads the PDF as the delivery job does (files.read), stamps it once (cold), writes the result, then
// stamps it <warm> more times; prints one JSON line.
import { readFile, writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type BuyerStamp, stampLine, stampPdf } from '../src/server/modules/downloads/stamp-pdf';
import { memory, resetPeak } from './node-child';

export interface StampingChildReport {
  inputBytes: number;
  outputBytes: number;
  readMs: number;
  /** ms of the first stampPdf() call in this process, then of each warm call. */
  coldMs: number;
  warmMs: number[];
  /** Bytes: RSS with the input read, before stamping; peak during the cold call; peak during all calls. */
  rssBefore: number;
  peakCold: number;
  peakAll: number;
  peakReset: boolean;
  /** Longest event-loop delay while stamping, ms: the shop stamps in its own process. */
  maxLoopDelayMs: number;
}

const [input, output, warmArg, buyerArg] = process.argv.slice(2);
if (!input || !output || !buyerArg) {
  throw new Error('usage: stamping-child <input.pdf> <output.pdf> <warm> <buyer JSON>');
}
let started = performance.now();
const bytes = await readFile(input);
const readMs = performance.now() - started;
const line = stampLine(JSON.parse(buyerArg) as BuyerStamp);
const rssBefore = memory().rss;
const peakReset = resetPeak();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
started = performance.now();
const stamped = await stampPdf(bytes, line);
const coldMs = performance.now() - started;
const peakCold = memory().peak;
await writeFile(output, stamped);
const warmMs: number[] = [];
for (let i = 0; i < Number(warmArg ?? 0); i++) {
  started = performance.now();
  await stampPdf(bytes, line);
  warmMs.push(performance.now() - started);
}
loop.disable();
const report: StampingChildReport = {
  inputBytes: bytes.length,
  outputBytes: stamped.length,
  readMs,
  coldMs,
  warmMs,
  rssBefore,
  peakCold,
  peakAll: memory().peak,
  peakReset,
  maxLoopDelayMs: loop.max / 1e6,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
