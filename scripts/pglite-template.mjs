// `node scripts/pglite-template.mjs <file>`: an empty PGlite cluster, dumped as a tarball. The built
// server starts a new data folder from it (src/server/db/client.ts) instead of running initdb in
// its own process. Made in this separate process so the build's memory is not the shop's.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/pglite-template.mjs <file.tar.gz>');
const dir = await mkdtemp(path.join(os.tmpdir(), 'pglite-template-'));
try {
  const client = new PGlite({ dataDir: path.join(dir, 'db') });
  await client.waitReady;
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
} finally {
  await rm(dir, { recursive: true, force: true });
}
