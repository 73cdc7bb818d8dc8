import pino from 'pino';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import type { Db } from '../../src/server/db/client';
import { jobHandlers } from '../../src/server/modules/jobs/registry';
import { createJobWorker } from '../../src/server/modules/jobs/worker';
import { lightJobs } from '../../src/server/modules/light/light-copies.service';

/**
 * Runs the light-copy jobs the seed queued, as a shop's worker would after its first
 * start: a template made with it gives every test shop its light editions from the first request.
 */
export async function makeSeededLightCopies(deps: { db: Db; files: FileStore }): Promise<number> {
  const worker = createJobWorker(
    { db: deps.db, log: pino({ level: 'silent' }) },
    jobHandlers(deps, lightJobs),
  );
  return worker.runDueJobs();
}
