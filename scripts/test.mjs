// `npm test` after lint and types: the unit and API suite then the hardening suite, side by side with
// the browser suite, so neither core idles while the browser tests wait on pages. Each line is
// prefixed with its suite; the run fails if any suite fails, after all of them have finished.
// Arguments go to every suite (`npm test -- --bail=1`). See docs/decisions/026-test-suite-time.md.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const extra = process.argv.slice(2);
const vitest = (name, config) => ({
  name,
  args: ['vitest', 'run', ...(config ? ['--config', config] : []), ...extra],
});
const lanes = [
  [vitest('unit', undefined), vitest('hardening', 'vitest.hardening.config.ts')],
  [vitest('browser', 'vitest.e2e.config.ts')],
];

function run({ name, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ name, ok: code === 0, seconds });
    });
  });
}

async function runLane(suites) {
  const results = [];
  for (const suite of suites) results.push(await run(suite));
  return results;
}

const results = (await Promise.all(lanes.map(runLane))).flat();
console.log(
  `\n${results.map((r) => `${r.ok ? 'passed' : 'FAILED'}  ${r.name} (${r.seconds} s)`).join('\n')}`,
);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
