// All benchmarks, one after the other (`npm run bench`):
//   npx tsx bench/index.ts [--no-build]
//     [--only js-weight,lighthouse,catalogue-throughput,startup,order-creation,stamping,zip,
//            analytics-ingest,analytics-dashboard,analytics-tab,multi-instance,cinetpay-delivery,customers]
// Builds once (node scripts/build.mjs, as `npm run build`), snapshots dist/ (see prepareBuild in
// bench/shop.ts) and runs each benchmark as its own process on that snapshot, so that a rebuild
// of dist/ by someone else cannot change the build in the middle of a run. Exits 1 if any failed.
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { prepareBuild, printTable, ROOT } from './shop';

const BENCHMARKS = [
  'js-weight',
  'lighthouse',
  'catalogue-throughput',
  'startup',
  // The purchase flow.
  'order-creation',
  'stamping',
  'zip',
  // Visitor analytics: run from the sources (buildApp), not from the build.
  'analytics-ingest',
  'analytics-dashboard',
  // The Analytics tab in Chromium over the seeded data (the production build as a process).
  'analytics-tab',
  // Two instances on one PostgreSQL database against one; starts its own cluster.
  'multi-instance',
  // Automatic mobile money: provider's confirmation → delivery email in the outbox.
  'cinetpay-delivery',
  // The admin Customers tab over 100,000 orders; PostgreSQL with DATABASE_URL.
  'customers',
];

function run(name: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', `${name}.ts`)], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
    child.once('exit', (code) => resolve({ code, ms: performance.now() - started }));
  });
}

const { values } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, only: { type: 'string' } },
});
const selected = values.only ? values.only.split(',') : BENCHMARKS;
const unknown = selected.filter((name) => !BENCHMARKS.includes(name));
if (unknown.length)
  throw new Error(`Unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHMARKS.join(', ')}`);

const chromium = execFileSync('/usr/bin/chromium', ['--version'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
}).trim();
console.log(
  `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; Node ${process.version}; ${chromium}`,
);
const build = await prepareBuild({ build: !values['no-build'] });
console.log(
  `Build: ${build.built ? `built now in ${build.buildMs} ms` : 'existing dist/'} (${build.builtAt}), ` +
    `git ${build.gitHead}${build.gitStatus.length ? ` + ${build.gitStatus.length} uncommitted change(s)` : ''}; ` +
    `running from ${build.dir}`,
);

const env = { ...process.env, BENCH_BUILD_DIR: build.dir };
const outcomes: Array<[string, string, string]> = [];
for (const name of selected) {
  console.log(`\n======== ${name} ========\n`);
  const { code, ms } = await run(name, env);
  outcomes.push([name, code === 0 ? 'ok' : `FAILED (exit ${code})`, `${(ms / 1000).toFixed(0)} s`]);
}
console.log('\n======== summary ========\n');
printTable(['benchmark', 'result', 'time'], outcomes);
process.exitCode = outcomes.every(([, result]) => result === 'ok') ? 0 : 1;
