// `npm test` after lint and types, on two lanes, one per core:
//   lane 1: browser files, one at a time;
//   lane 2: the unit and API suite, then the hardening suite, then browser files too.
// The browser files are one queue, longest first (vitest's own order: by the last run's times, else
// by size), and each lane takes the next file when it is free. So at most two suites run at once,
// and neither core idles once the fast suites are done. Each lane's browser files run in a vitest
// of their own (a child process of this script, with its own shop template). Each line is prefixed
// with its suite; the run fails if any suite fails, after all of them have finished. Arguments go
// to every suite (`npm test -- --bail=1`). See docs/decisions/026-test-suite-time.md.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

const extra = process.argv.slice(2);
const elapsed = (since) => Math.round((Date.now() - since) / 1000);

/** Runs a command, its lines prefixed with `name`; `onMessage` gets what a Node child sends. */
function run(name, command, args, onMessage) {
  const started = Date.now();
  return new Promise((resolve) => {
    const stdio = ['ignore', 'pipe', 'pipe', ...(onMessage ? ['ipc'] : [])];
    const child = spawn(command, args, { stdio, env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    if (onMessage) child.on('message', (message) => onMessage(message, child));
    child.on('close', (code) => resolve({ name, ok: code === 0, seconds: elapsed(started) }));
  });
}

// A file named in the arguments may be in another suite: a suite with none of them passes.
const suite = (name, config) =>
  run(name, 'npx', ['vitest', 'run', '--passWithNoTests', ...(config ? ['--config', config] : []), ...extra]);

/** The queue of browser files both lanes take from: the first lane's ordered list. */
let queue = null;
let firstDone;
const firstFileRun = new Promise((resolve) => {
  firstDone = resolve;
});

/** A browser lane: this script again, as a vitest of its own that asks this process for each file. */
const browserLane = (name) =>
  run(name, process.execPath, [import.meta.filename, ...extra], (message, child) => {
    if (message.files) queue ??= message.files;
    if (message.ran) firstDone();
    if (message.next) child.send({ file: queue?.shift() ?? null });
  }).finally(firstDone);

/** Inside a browser lane: run the files the parent hands out, one at a time, then stop. */
async function laneChild() {
  const { BaseSequencer, createVitest, parseCLI } = await import('vitest/node');
  const { filter, options } = parseCLI(['vitest', 'run', ...extra]);
  const vitest = await createVitest('test', {
    ...options,
    config: 'vitest.e2e.config.ts',
    watch: false,
    run: true,
  });
  const ask = () =>
    new Promise((resolve) => {
      process.once('message', (message) => resolve(message.file));
      process.send({ next: true });
    });
  let ok = true;
  try {
    await vitest.standalone(); // reporters ready, no test run yet
    const found = await vitest.globTestSpecifications(filter);
    await vitest.cache.stats.populateStats(vitest.config.root, found); // sizes, for a first run
    const specs = await new BaseSequencer(vitest).sort(found);
    process.send({ files: specs.map((spec) => spec.moduleId) });
    for (let file = await ask(); file; file = await ask()) {
      const result = await vitest.runTestFiles([file]);
      process.send({ ran: file });
      ok &&= result.unhandledErrors.length === 0 && result.testModules.every((module) => module.ok());
    }
  } finally {
    await vitest.close();
  }
  process.exit(ok ? 0 : 1);
}

if (process.send) {
  await laneChild();
} else {
  // Both lanes run one production build: the first lane's first file makes it, then the second
  // lane may start (each lane seeds its own template from it).
  const ownBuild = !process.env.E2E_BUILD_DIR;
  if (ownBuild) process.env.E2E_BUILD_DIR = path.resolve('.test-data', `e2e-dist-${process.pid}`);
  const lanes = [
    (async () => [await browserLane('browser')])(),
    (async () => {
      const fast = [await suite('unit'), await suite('hardening', 'vitest.hardening.config.ts')];
      await firstFileRun;
      return [...fast, await browserLane('browser 2')];
    })(),
  ];
  const results = (await Promise.all(lanes)).flat();
  if (ownBuild) await rm(process.env.E2E_BUILD_DIR, { recursive: true, force: true });
  console.log(
    `\n${results.map((r) => `${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds} s)`).join('\n')}`,
  );
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}
