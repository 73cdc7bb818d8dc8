import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Database } from '../client';
import { catalogueIsEmpty, type SeedResult, seedDemoData } from './index';

export interface SeedOnStart {
  database: Database;
  files: FileStore;
  /** The built seeding process (`seed-child.js` beside the built server); absent under `--dev`. */
  childEntry?: string;
  /** Opens the database again after the child has seeded (PGlite admits one process at a time). */
  reopen(): Promise<Database>;
}

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
 * Seeds a new, empty shop with the demo catalogue, in a separate process when the server is built:
 * the database handle to use afterwards is returned (a new one on PGlite, the same on PostgreSQL).
 */
export async function seedOnStart(
  deps: SeedOnStart,
): Promise<{ database: Database; result: SeedResult; inChild: boolean }> {
  if (!deps.childEntry || !existsSync(deps.childEntry)) {
    return {
      database: deps.database,
      result: await seedDemoData({ db: deps.database.db, files: deps.files }),
      inChild: false,
    };
  }
  if (!(await catalogueIsEmpty(deps.database.db))) {
    return {
      database: deps.database,
      result: { seeded: false, guides: 0, files: 0, contentBlocks: 0 },
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
