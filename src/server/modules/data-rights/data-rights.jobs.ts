import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { enqueueJob } from '../jobs/jobs.service';
import { defineJob, type JobDefinition } from '../jobs/registry';
import { deleteErasedFile } from './erased-files';
import { applyRetention, retentionJobFor, retentionPass } from './retention';

export const dataRightsJobs: JobDefinition<{ db: Db; files: FileStore }>[] = [
  defineJob(deleteErasedFile, async (deps: { files: FileStore }, { key }) => {
    // Deleting what is already gone succeeds: the job is idempotent.
    if (await deps.files.exists(key)) await deps.files.delete(key);
  }),
  defineJob(retentionPass, async (deps: { db: Db; files: FileStore }) => {
    await applyRetention(deps);
    // Tomorrow's pass; several instances queue it once (its key is the day).
    await enqueueJob(deps.db, retentionJobFor(new Date()));
  }),
];
