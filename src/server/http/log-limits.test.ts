import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { boundLogFields, boundText, serializeErrorForLog } from './log-limits';

/** A pino logger set up as buildApp sets it up, writing into an array. */
function capturedLog() {
  const lines: string[] = [];
  const log = pino(
    { serializers: { err: serializeErrorForLog, msg: boundText }, formatters: { log: boundLogFields } },
    { write: (line: string) => void lines.push(line) },
  );
  return { log, lines };
}

describe('log line bounds', () => {
  test("a failed query's error keeps its statement and never its parameters", () => {
    const { log, lines } = capturedLog();
    const rows = 'row'.repeat(300_000);
    const cause = Object.assign(new Error('Unicode low surrogate must follow a high surrogate.'), {
      code: '22P02',
    });
    const failed = Object.assign(new Error(`Failed query: insert into t values ($1)\nparams: ${rows}`), {
      query: 'insert into t values ($1)',
      params: [rows],
      cause,
    });
    log.error({ err: failed, events: 5000 }, 'analytics events could not be written');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(4096);
    expect(lines[0]).not.toContain('rowrow');
    const logged = JSON.parse(lines[0]!).err;
    expect(logged.message).toBe('Failed query: insert into t values ($1)');
    expect(logged.cause).toMatchObject({ code: '22P02', message: cause.message });
  });

  test('long messages, strings, arrays and buffers are cut', () => {
    const { log, lines } = capturedLog();
    log.info('m'.repeat(100_000));
    log.error(new Error('e'.repeat(100_000)));
    log.info({
      text: 't'.repeat(100_000),
      list: Array.from({ length: 10_000 }, (_, i) => i),
      data: Buffer.alloc(1e6),
    });
    for (const line of lines) expect(line.length).toBeLessThan(4096);
    expect(JSON.parse(lines[2]!).list).toHaveLength(21);
  });
});
