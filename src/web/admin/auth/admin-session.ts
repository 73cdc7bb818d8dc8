/**
 * The operator's key, held in memory, or also in localStorage with an expiry when "Remember key"
 * is ticked (spec: admin §4). Any 401 logs out every open admin tab through a broadcast.
 */
export const ADMIN_KEY_STORAGE = 'adminKey';
export const KEY_LIFETIMES_MINUTES = [5, 15, 30, 60, 240] as const;
export const DEFAULT_KEY_LIFETIME_MINUTES = 15;

interface StoredKey {
  key: string;
  expiresAt: number;
}

type Listener = (key: string | null) => void;

let memoryKey: string | null = null;
const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('admin-auth');

function emit() {
  for (const listener of listeners) listener(memoryKey);
}

/** A persisted key past its expiry is forgotten when read. */
function readStoredKey(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(ADMIN_KEY_STORAGE);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredKey>;
    if (typeof stored.key !== 'string' || typeof stored.expiresAt !== 'number' || stored.expiresAt <= now) {
      localStorage.removeItem(ADMIN_KEY_STORAGE);
      return null;
    }
    return stored.key;
  } catch {
    return null;
  }
}

export const adminSession = {
  /** The key in use: from memory, else a persisted one that has not expired. */
  key(): string | null {
    memoryKey ??= readStoredKey();
    return memoryKey;
  },
  signIn(key: string, persistMinutes: number | null) {
    memoryKey = key;
    if (persistMinutes) {
      const record: StoredKey = { key, expiresAt: Date.now() + persistMinutes * 60_000 };
      localStorage.setItem(ADMIN_KEY_STORAGE, JSON.stringify(record));
    } else {
      localStorage.removeItem(ADMIN_KEY_STORAGE);
    }
    emit();
  },
  /** Logs out here and, unless the order came from another tab, in every other admin tab. */
  signOut(options: { broadcast?: boolean } = {}) {
    memoryKey = null;
    localStorage.removeItem(ADMIN_KEY_STORAGE);
    if (options.broadcast !== false) channel?.postMessage('logout');
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

channel?.addEventListener('message', (event) => {
  if (event.data === 'logout') adminSession.signOut({ broadcast: false });
});

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The server's message from an error body: its JSON `message`, else the text, else 'HTTP {status}'. */
function errorMessage(status: number, text: string): string {
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: the text itself
  }
  return text || `HTTP ${status}`;
}

/** A 401 logs out everywhere; any other failure carries the server's message. */
function failure(status: number, text: string): AdminApiError {
  if (status === 401) {
    adminSession.signOut();
    return new AdminApiError(401, 'Invalid admin API key');
  }
  return new AdminApiError(status, errorMessage(status, text));
}

function requireKey(): string {
  const key = adminSession.key();
  if (!key) throw new AdminApiError(401, 'Admin API key required');
  return key;
}

/**
 * Asks the server whether a typed key is right, without signing in with it: nothing else is sent
 * with a key the server has not accepted (one typo is one failed attempt, not one per tab's call),
 * and a wrong key typed here does not log out the other admin tabs.
 */
export async function verifyAdminKey(key: string): Promise<void> {
  const response = await fetch('/api/admin/session', { cache: 'no-store', headers: { 'x-admin-key': key } });
  if (!response.ok)
    throw new AdminApiError(response.status, errorMessage(response.status, await response.text()));
}

/** Every admin call: the key in x-admin-key, no caching; a 401 logs out everywhere. */
export async function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const key = requireKey();
  const response = await fetch(path, {
    ...init,
    cache: 'no-store',
    headers: { ...(init.headers as Record<string, string> | undefined), 'x-admin-key': key },
  });
  if (!response.ok) throw failure(response.status, await response.text());
  return response;
}

export interface UploadOptions {
  method: 'POST' | 'PUT';
  body: FormData;
  /** Fraction of the request body sent so far, 0 to 1. */
  onProgress?(fraction: number): void;
  signal?: AbortSignal;
}

/**
 * A multipart admin upload that reports its progress, which fetch cannot do for request bodies.
 * Aborting the signal cancels the transfer and rejects with an AbortError.
 */
export function adminUpload<T>(path: string, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const key = requireKey();
    const request = new XMLHttpRequest();
    request.open(options.method, path);
    request.setRequestHeader('x-admin-key', key);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as T);
        } catch {
          reject(new AdminApiError(request.status, 'The server sent an unreadable answer'));
        }
      } else {
        reject(failure(request.status, request.responseText));
      }
    };
    request.onerror = () =>
      reject(new AdminApiError(0, 'Network error: the upload did not reach the server'));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(options.body);
  });
}

export const isAbortError = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';
