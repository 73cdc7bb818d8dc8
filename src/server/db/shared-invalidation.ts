import { randomUUID } from 'node:crypto';
import type { Database } from './client';

/**
 * A process-local cache kept in step with the other processes on the same database: `invalidate()`
 * clears this one at once and NOTIFYs the rest on `channel`, which clear theirs when they hear it.
 */
export function sharedInvalidation(options: {
  channel: string;
  database: Pick<Database, 'subscribe' | 'publish'>;
  clearLocal(): void;
  onError(error: unknown): void;
}) {
  const instance = randomUUID();
  let unsubscribe: (() => Promise<void>) | undefined;
  return {
    invalidate(): void {
      options.clearLocal();
      options.database.publish(options.channel, instance).catch(options.onError);
    },
    /** Starts listening to the other processes' changes. */
    async start(): Promise<void> {
      unsubscribe = await options.database.subscribe(options.channel, (from) => {
        if (from !== instance) options.clearLocal();
      });
    },
    async stop(): Promise<void> {
      // The database may already be closed (main.ts closes it in its own hook): nothing left to stop then.
      await unsubscribe?.().catch(() => {});
      unsubscribe = undefined;
    },
  };
}
