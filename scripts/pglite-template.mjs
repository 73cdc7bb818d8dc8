// `node scripts/pglite-template.mjs <dir> [migrations-folder]`: a PGlite cluster, closed, in <dir>.
// The built server starts a new data folder as a copy of it (src/server/db/client.ts) instead of
// running initdb in its own process, and a plain copy takes a fraction of what unpacking a tarball
// through PGlite's file system did. With a migrations folder (the build passes its own), the cluster is
// also migrated, so a new shop's first start finds every migration applied instead of spending
// seconds on them; on an empty database the migrations write no dated row, only their
// own journal (`__drizzle_migrations`, stamped with each migration's date, not the build's).
// Made in this separate process so the build's memory is not the shop's.
import { rename, rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dir, migrationsFolder] = process.argv.slice(2);
if (!dir) throw new Error('usage: node scripts/pglite-template.mjs <dir> [migrations-folder]');
const partial = `${dir}.partial`;
await rm(partial, { recursive: true, force: true });
// The same extensions as the shop (pgliteExtensions in client.ts): the migrations create them.
const client = new PGlite({ dataDir: partial, extensions: { unaccent, pg_trgm, fuzzystrmatch } });
await client.waitReady;
if (migrationsFolder) await migrate(drizzle(client), { migrationsFolder });
await client.close();
await rm(dir, { recursive: true, force: true });
await rename(partial, dir);
