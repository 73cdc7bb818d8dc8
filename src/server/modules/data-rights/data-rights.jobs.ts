import { z } from 'zod';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { defineJob, type JobDefinition, jobKind } from '../jobs/registry';

/** A file an erasure removed from the database: deleted from the store, retried until it is gone. */
export const deleteErasedFile = jobKind('data-rights.delete-file', z.object({ key: z.string().min(1) }));

export const dataRightsJobs: JobDefinition<{ db: Db; files: FileStore }>[] = [
  defineJob(deleteErasedFile, async (deps: { files: FileStore }, { key }) => {
    // Deleting what is already gone succeeds: the job is idempotent.
    if (await deps.files.exists(key)) await deps.files.delete(key);
  }),
];
