/**
 * A download that survives the network: the file is fetched in the page and its bytes
 * kept on the phone as they arrive (a PartStore); after a cut, or once its 15-minute link has
 * expired (410), a fresh link is asked for and the transfer continues with `Range: bytes=N-` and
 * `If-Range: <etag>`, so a changed file starts again instead of being spliced. Nothing the buyer
 * already has is downloaded again.
 */

/** What the link-making endpoint answers (the full edition, its companion, or a light variant). */
export interface FileLink {
  downloadUrl: string;
  fileName: string;
}

/** The bytes of unfinished downloads, kept between attempts and page loads. */
export interface PartStore {
  state(key: string): Promise<{ received: number; etag: string | null }>;
  /** Appends bytes that follow the ones kept; one write, so a crash keeps all of them or none. */
  append(key: string, bytes: Blob, etag: string | null): Promise<void>;
  /** Forgets the bytes kept (a new file behind the link) and starts over for `etag`. */
  restart(key: string, etag: string | null): Promise<void>;
  assemble(key: string, type: string): Promise<Blob>;
  clear(key: string): Promise<void>;
}

export interface DownloadProgress {
  received: number;
  total: number | null;
  /** Waiting for the network to come back (or for the next try) rather than receiving. */
  waiting: boolean;
}

export interface ResumableDownload {
  key: string;
  fetchLink(): Promise<FileLink>;
  store: PartStore;
  fetch?: typeof fetch;
  onProgress?(progress: DownloadProgress): void;
  signal?: AbortSignal;
  /** Resolves when it is time to try again (default: backoff, cut short by the `online` event). */
  waitToRetry?(attempt: number, signal?: AbortSignal): Promise<void>;
  /** Bytes gathered in memory before they are written down (default 256 KiB). */
  flushBytes?: number;
}

export type DownloadResult =
  | { kind: 'done'; blob: Blob; fileName: string; total: number; resumedFrom: number }
  /** The file is served from elsewhere (a bucket's presigned URL): the browser must fetch it itself. */
  | { kind: 'plain-link'; url: string; fileName: string };

/** The shop refused the file for good (revoked access, unknown order): retrying will not help. */
export class DownloadRefused extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
  ) {
    super(serverMessage ?? `The download was refused (${status})`);
  }
}

/** A failure worth trying again: the network, the shop restarting, a server busy. */
class Retryable extends Error {}

const MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s, ±20 %; an `online` event ends the wait at once. */
export function backoffUntilOnline(attempt: number, signal?: AbortSignal): Promise<void> {
  const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt) * (0.8 + Math.random() * 0.4);
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      done();
      reject(signal?.reason);
    };
    const timer = setTimeout(done, delay);
    globalThis.addEventListener?.('online', done);
    signal?.addEventListener('abort', aborted);
  });
}

async function refusal(response: Response): Promise<DownloadRefused> {
  let message: string | undefined;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string')
      message = body.message;
  } catch {
    // not our JSON error
  }
  return new DownloadRefused(response.status, message);
}

/** `bytes 100-199/200` → { start: 100, total: 200 }. */
function contentRange(header: string | null): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(header ?? '');
  if (!match) return null;
  return { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

type Answer =
  | { kind: 'plain-link' | 'fresh-link' | 'restart' }
  | {
      kind: 'read';
      body: ReadableStream<Uint8Array>;
      total: number | null;
      etag: string | null;
      whole: boolean;
    };

/** What an answer to a (ranged) request means for the download; throws when it is a refusal or worth a retry. */
async function readAnswer(response: Response, received: number, expiredInARow: number): Promise<Answer> {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    return { kind: 'plain-link' };
  if (response.status === 410 || response.status === 403) {
    // An expired link (or one signed by a secret since replaced): a fresh one continues the same file.
    if (expiredInARow >= 2) {
      if (response.status === 403) throw await refusal(response);
      throw new Retryable('links keep expiring');
    }
    await response.body?.cancel();
    return { kind: 'fresh-link' };
  }
  // 416: what is kept is longer than the file, so it cannot be the start of it.
  if (response.status === 416) return { kind: 'restart' };
  if (response.status >= 500 || response.status === 429) throw new Retryable(String(response.status));
  if (!response.ok || !response.body) throw await refusal(response);
  const range = response.status === 206 ? contentRange(response.headers.get('content-range')) : null;
  if (response.status === 206 && range?.start !== received) {
    await response.body.cancel();
    return { kind: 'restart' };
  }
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return {
    kind: 'read',
    body: response.body,
    total: range ? range.total : Number.isFinite(length) ? length : null,
    // The whole file came back: a first try, or the file changed since (If-Range did not match).
    whole: response.status === 200,
    etag: response.headers.get('etag'),
  };
}

function request(
  fetchFn: typeof fetch,
  url: string,
  kept: { received: number; etag: string | null },
  signal?: AbortSignal,
) {
  const headers: Record<string, string> = {};
  if (kept.received > 0) {
    headers.range = `bytes=${kept.received}-`;
    if (kept.etag) headers['if-range'] = kept.etag;
  }
  return fetchFn(url, { headers, signal, cache: 'no-store', redirect: 'manual' }).catch((error: unknown) => {
    if (signal?.aborted) throw error;
    throw new Retryable(String(error));
  });
}

/** Runs the download to its end, trying again for as long as it takes; throws DownloadRefused or on abort. */
export async function downloadResumably(options: ResumableDownload): Promise<DownloadResult> {
  const { key, store, signal } = options;
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const wait = options.waitToRetry ?? backoffUntilOnline;
  const kept = await store.state(key);
  /** Where the answer that ended the download started: above 0, the download was resumed there. */
  let resumedFrom = 0;
  let link: FileLink | null = null;
  let attempt = 0;
  let expiredInARow = 0;
  let total: number | null = null;
  const report = (bytes: number, waiting = false) =>
    options.onProgress?.({ received: bytes, total, waiting });

  for (;;) {
    signal?.throwIfAborted();
    try {
      link ??= await options.fetchLink().catch((error: unknown) => {
        if (error instanceof TypeError) throw new Retryable(error.message);
        throw error;
      });
      const { downloadUrl, fileName } = link;
      const answer = await readAnswer(
        await request(fetchFn, downloadUrl, kept, signal),
        kept.received,
        expiredInARow,
      );
      expiredInARow = answer.kind === 'fresh-link' ? expiredInARow + 1 : 0;
      if (answer.kind === 'plain-link') return { kind: 'plain-link', url: downloadUrl, fileName };
      if (answer.kind === 'fresh-link') link = null;
      if (answer.kind !== 'read') {
        if (answer.kind === 'restart') await restart(null);
        continue;
      }
      total = answer.total;
      if (answer.whole) await restart(answer.etag);
      resumedFrom = kept.received;
      kept.received = await pump(answer.body, {
        flushBytes: options.flushBytes ?? 256 * 1024,
        received: kept.received,
        write: (bytes) => store.append(key, bytes, kept.etag),
        progress: (bytes) => report(bytes),
        onProgressMade: () => {
          attempt = 0;
        },
      });
      if (total !== null && kept.received < total) throw new Retryable('the answer ended early');
      const blob = await store.assemble(key, 'application/pdf');
      if (total !== null && blob.size !== total) {
        await restart(null);
        throw new Retryable('the kept bytes do not add up');
      }
      return { kind: 'done', blob, fileName, total: blob.size, resumedFrom };
    } catch (error) {
      if (!(error instanceof Retryable) || signal?.aborted) throw error;
      kept.received = (await store.state(key)).received;
      report(kept.received, true);
      await wait(attempt++, signal);
    }
  }

  async function restart(etag: string | null) {
    kept.received = 0;
    kept.etag = etag;
    await store.restart(key, etag);
  }
}

/**
 * Reads the body to its end, writing what arrives every `flushBytes`. On a cut, what was read is
 * written first (it is good data, in order), then the error goes up with `received` up to date.
 */
async function pump(
  body: ReadableStream<Uint8Array>,
  io: {
    flushBytes: number;
    received: number;
    write(bytes: Blob): Promise<void>;
    progress(received: number): void;
    onProgressMade(): void;
  },
): Promise<number> {
  const reader = body.getReader();
  let buffered: Uint8Array[] = [];
  let bufferedBytes = 0;
  let received = io.received;
  const flush = async () => {
    if (bufferedBytes === 0) return;
    const chunk = new Blob(buffered as BlobPart[]);
    buffered = [];
    const size = bufferedBytes;
    bufferedBytes = 0;
    await io.write(chunk);
    received += size;
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered.push(value);
      bufferedBytes += value.byteLength;
      io.onProgressMade();
      if (bufferedBytes >= io.flushBytes) await flush();
      io.progress(received + bufferedBytes);
    }
  } catch (error) {
    await flush();
    throw new Retryable(String(error));
  }
  await flush();
  return received;
}
