// Helpers for the child processes that bench/stamping.ts and bench/zip.ts measure.
//
// Memory is read from /proc/self/status (VmRSS, VmHWM), not from process.resourceUsage().maxRSS: a
// child made by fork + exec inherits its parent's peak in ru_maxrss (Linux copies the forked memory
// map's high-water mark into the process's maxrss at exec), so a child of a benchmark that had just
// generated 100 MB of PDFs reported the parent's peak, not its own. VmHWM belongs to the child's own
// memory map, and writing 5 to /proc/self/clear_refs resets it to the current RSS, so the peak of
// the measured work alone can be read.
//
// The children run as plain `node` on a bundle of their entry (built with Vite's SSR build, as
// scripts/build.mjs builds the server; dependencies stay in node_modules), not under tsx: tsx's
// loader runs on an extra thread that adds ~50 MB of RSS the shop's own process does not have.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** VmRSS and VmHWM of this process, in bytes. */
export function memory(): { rss: number; peak: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

/** Resets VmHWM to the current RSS; false where the kernel does not allow it. */
export function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

export interface NodeBundle {
  file: string;
  remove(): Promise<void>;
}

/** Bundles `entry` (a file under the repository) into one ES module run by plain node. */
export async function bundleForNode(root: string, entry: string): Promise<NodeBundle> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-child-'));
  // The bundle imports its dependencies (pdf-lib, yazl…) from node_modules, as dist/server/main.js does.
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const { build } = await import('vite');
  await build({
    logLevel: 'warn',
    configFile: false,
    root,
    build: {
      ssr: entry,
      outDir: path.join(dir, 'out'),
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node20',
      rollupOptions: { output: { format: 'es', entryFileNames: '[name].mjs' } },
    },
  });
  return {
    file: path.join(dir, 'out', `${path.basename(entry).replace(/\.ts$/, '')}.mjs`),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Runs `node <file> ...args` and parses the last line of its stdout as JSON. */
export function runJsonChild<T>(file: string, args: string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [file, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
    });
    proc.once('error', reject);
    proc.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`${path.basename(file)} exited ${code}: ${out}`));
      else resolve(JSON.parse(last) as T);
    });
  });
}
