import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * mupdf is synchronous WASM: it cannot be interrupted in place, and its heap grows and never
 * shrinks. Work on an untrusted or large PDF runs in a worker thread of its own, given the absolute
 * URL of mupdf (the server is bundled, so the worker is plain JavaScript run with eval), ended when
 * it answers or after a time limit, its memory going with it.
 */

let mupdfUrl: string | undefined;

/** mupdf's module URL as the main thread resolves it, for a worker's `import()`. */
export function resolveMupdf(): string {
  mupdfUrl ??= pathToFileURL(createRequire(import.meta.url).resolve('mupdf')).href;
  return mupdfUrl;
}

/**
 * Runs `source` in a new worker with `workerData` (plus `mupdfUrl`) and resolves its first message;
 * rejects with `fail(reason)` when it takes longer than `timeoutMs`, throws or exits first.
 * `transfer` moves those buffers to the worker instead of copying them (a large PDF held once).
 */
export function runMupdfOnce<T>(
  source: string,
  workerData: Record<string, unknown>,
  timeoutMs: number,
  fail: (reason: string) => Error,
  transfer: ArrayBuffer[] = [],
): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, {
      eval: true,
      // mupdf prints its repair warnings for every odd file; they say nothing the answer does not.
      stdout: true,
      stderr: true,
      workerData: { ...workerData, mupdfUrl: resolveMupdf() },
      transferList: transfer,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(fail(`took longer than ${timeoutMs} ms`))), timeoutMs);
    worker.once('message', (answer: T) => finish(() => resolve(answer)));
    worker.once('error', (error) => finish(() => reject(fail(error.message))));
    worker.once('exit', (code) => finish(() => reject(fail(`worker exited with ${code}`))));
  });
}
