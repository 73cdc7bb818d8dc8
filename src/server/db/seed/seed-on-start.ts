import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Database } from '../client';
import { catalogueIsEmpty } from './catalogue-empty';
import type { SeedResult } from './index';

export interface SeedOnStart {
  database: Database;
  files: FileStore;
  /** The built seeding process (`seed-child.js` beside the built server); absent under `--dev`. */
  childEntry?: string;
  /** The demo files the build made (`dist/server/demo-assets`, see demo-assets.ts); absent under `--dev`. */
  assetsDir?: string;
  /** Opens the database again after the child has seeded (PGlite admits one process at a time). */
  reopen(): Promise<Database>;
}

const NOTHING_SEEDED: SeedResult = { seeded: false, guides: 0, files: 0, contentBlocks: 0 };

function runChild(entry: string): Promise<SeedResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], {
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code !== 0)
        return reject(new Error(`Seeding the demo catalogue failed (${signal ?? `exit ${code}`})`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as SeedResult);
    });
  });
}

/**
 * Seeds a new, empty shop with the demo catalogue; the database handle to use afterwards is returned
 * (a new one on PGlite after a child, otherwise the same). With the build's demo files
 * seeding is copying files and writing rows, done here; without them but with the built child, the
 * child makes the files (sharp, pdf-lib, mupdf) so that their memory goes back to the system when it
 * exits. The seeding code is loaded only when the catalogue is empty: a restart never pays for it.
 */
export async function seedOnStart(
  deps: SeedOnStart,
): Promise<{ database: Database; result: SeedResult; inChild: boolean }> {
  if (!(await catalogueIsEmpty(deps.database.db))) {
    return { database: deps.database, result: NOTHING_SEEDED, inChild: false };
  }
  const prebuilt = deps.assetsDir && existsSync(path.join(deps.assetsDir, 'manifest.json'));
  if (prebuilt || !deps.childEntry || !existsSync(deps.childEntry)) {
    const { seedDemoData } = await import('./index');
    return {
      database: deps.database,
      result: await seedDemoData({ db: deps.database.db, files: deps.files, assetsDir: deps.assetsDir }),
      inChild: false,
    };
  }
  if (deps.database.kind !== 'pglite') {
    return { database: deps.database, result: await runChild(deps.childEntry), inChild: true };
  }
  await deps.database.close();
  const result = await runChild(deps.childEntry);
  return { database: await deps.reopen(), result, inChild: true };
}
