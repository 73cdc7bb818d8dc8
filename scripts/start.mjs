// `npm start`: builds when the sources are newer than the last build, then runs the built server.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'scripts/build.mjs'];

function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

let stamp = 0;
try {
  stamp = statSync('dist/.build-stamp').mtimeMs;
} catch {
  // never built
}
const sources = Math.max(...INPUTS.map(newestMtime));
if (sources > stamp) {
  console.log(
    stamp ? 'Sources changed since the last build: rebuilding…' : 'First start: building the shop…',
  );
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(new URL('../dist/server/main.js', import.meta.url).href);
