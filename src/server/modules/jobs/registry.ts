import { z } from 'zod';
import type { JobInput } from './jobs.service';
import { type JobContext, type JobHandler, PermanentJobError } from './worker';

/**
 * Modules own their jobs: each declares the kinds it queues (a name and the payload's
 * schema) and the handlers that run them; `jobs` only stores, claims and runs. The composition root
 * (src/server/job-catalogue.ts) hands every module's definitions to `jobHandlers`.
 */
export interface JobKind<P> {
  kind: string;
  payload: z.ZodType<P>;
  /** The row to enqueue: `dedupeKey` makes one logical job, `runAfter` delays it. */
  input(payload: P, options: { dedupeKey: string; runAfter?: Date }): JobInput;
}

export function jobKind<P extends Record<string, unknown>>(kind: string, payload: z.ZodType<P>): JobKind<P> {
  return {
    kind,
    payload,
    input: (value, { dedupeKey, runAfter }) => ({ kind, payload: value, dedupeKey, runAfter }),
  };
}

/** A kind and how to run it, with the dependencies `D` its module needs. */
export interface JobDefinition<D> {
  kind: string;
  handle(deps: D, payload: unknown, context: JobContext): Promise<void>;
}

/** Runs `handle` with the payload parsed by the kind's schema; a malformed payload is never retried. */
export function defineJob<P, D>(
  kind: JobKind<P>,
  handle: (deps: D, payload: P, context: JobContext) => Promise<void>,
): JobDefinition<D> {
  return {
    kind: kind.kind,
    handle: async (deps, payload, context) => {
      const parsed = kind.payload.safeParse(payload);
      if (!parsed.success) throw new PermanentJobError(`Malformed job payload: ${parsed.error.message}`);
      return handle(deps, parsed.data, context);
    },
  };
}

/** What the outbox worker knows how to do; a kind declared twice is a bug at startup, not at run time. */
export function jobHandlers<D>(deps: D, definitions: JobDefinition<D>[]): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const definition of definitions) {
    if (handlers[definition.kind]) throw new Error(`Job kind ${definition.kind} is declared twice`);
    handlers[definition.kind] = (payload, context) => definition.handle(deps, payload, context);
  }
  return handlers;
}

/** The payload of a job that needs none (a sweep): anything given is ignored. */
export const emptyPayload = z.object({});
