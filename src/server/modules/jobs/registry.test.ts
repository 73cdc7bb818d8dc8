import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { defineJob, jobHandlers, jobKind } from './registry';
import { PermanentJobError } from './worker';

const context = { jobId: 'j1', attempt: 1, signal: new AbortController().signal };
const greet = jobKind('greet', z.object({ name: z.string() }));

describe('job registry', () => {
  test('a kind builds the row to enqueue', () => {
    expect(greet.input({ name: 'Awa' }, { dedupeKey: 'greet:Awa' })).toEqual({
      kind: 'greet',
      payload: { name: 'Awa' },
      dedupeKey: 'greet:Awa',
      runAfter: undefined,
    });
  });

  test('a handler gets its deps and the parsed payload; a malformed payload is permanent', async () => {
    const seen: string[] = [];
    const handlers = jobHandlers({ prefix: 'hi ' }, [
      defineJob(greet, async (deps: { prefix: string }, { name }) => {
        seen.push(deps.prefix + name);
      }),
    ]);
    await handlers.greet!({ name: 'Awa' }, context);
    expect(seen).toEqual(['hi Awa']);
    await expect(handlers.greet!({ name: 42 }, context)).rejects.toBeInstanceOf(PermanentJobError);
  });

  test('a kind declared twice is refused at startup', () => {
    const twice = defineJob(greet, async () => {});
    expect(() => jobHandlers({}, [twice, twice])).toThrow(/declared twice/);
  });
});
