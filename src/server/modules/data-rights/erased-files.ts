import { z } from 'zod';
import { jobKind } from '../jobs/registry';

/** A file an erasure or a retention pass removed from the database: deleted from the store, retried until gone. */
export const deleteErasedFile = jobKind('data-rights.delete-file', z.object({ key: z.string().min(1) }));
