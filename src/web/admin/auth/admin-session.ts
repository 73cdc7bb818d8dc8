/**
 * The operator's key, held in memory, or also in localStorage with an expiry when "Remember key"
 * is ticked (spec: admin §4). A remembered key's expiry holds in the open tab too: a timer signs
 * out when it comes, and a key read after it is forgotten. Any 401 logs out every open admin tab
 * through a broadcast. Why the last sign-out happened is kept for the gate to say.
 */
import * as admin from '../../../shared/contracts/endpoints/admin';
import type { ParamsOf, ResponseOf, Route } from '../../../shared/contracts/endpoints/define';
import { type ApiClient, ApiError, createApiClient } from '../../lib/api';
import { isAbortError, type UploadOptions as ProgressOptions, upload } from '../../lib/upload';

export const ADMIN_KEY_STORAGE = 'adminKey';
export const KEY_LIFETIMES_MINUTES = [5, 15, 30, 60, 240] as const;
export const DEFAULT_KEY_LIFETIME_MINUTES = 15;

/** Why the operator is at the gate: the remembered key expired, or the server refused the key. */
export type SignOutReason = 'expired' | 'rejected';

interface StoredKey {
  key: string;
  expiresAt: number;
}

type Listener = (key: string | null) => void;

/** The key in use and, for a remembered key, when it expires (null: memory only, until the tab closes). */
let memory: { key: string; expiresAt: number | null } | null = null;
let reason: SignOutReason | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('admin-auth');

function emit() {
  for (const listener of listeners) listener(memory?.key ?? null);
}

/** A persisted key past its expiry is forgotten when read, and the gate says it expired. */
function readStoredKey(now = Date.now()): StoredKey | null {
  try {
    const raw = localStorage.getItem(ADMIN_KEY_STORAGE);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredKey>;
    if (typeof stored.key !== 'string' || typeof stored.expiresAt !== 'number') {
      localStorage.removeItem(ADMIN_KEY_STORAGE);
      return null;
    }
    if (stored.expiresAt <= now) {
      localStorage.removeItem(ADMIN_KEY_STORAGE);
      reason = 'expired';
      return null;
    }
    return { key: stored.key, expiresAt: stored.expiresAt };
  } catch {
    return null;
  }
}

/** Signs out when a remembered key expires. Timers longer than 2^31 ms fire at once, so wait in steps. */
function scheduleExpiry() {
  clearTimeout(expiryTimer);
  if (memory?.expiresAt == null) return;
  const left = memory.expiresAt - Date.now();
  expiryTimer = setTimeout(
    () => {
      if (memory?.expiresAt != null && memory.expiresAt <= Date.now()) expire();
      else scheduleExpiry();
    },
    Math.max(0, Math.min(left, 60 * 60_000)),
  );
}

function expire() {
  adminSession.signOut({ broadcast: false, reason: 'expired' });
}

/** The key, unless it was remembered and its time is up (the timer may come late in a background tab). */
function currentKey(): string | null {
  if (memory?.expiresAt != null && memory.expiresAt <= Date.now()) return null;
  return memory?.key ?? null;
}

export const adminSession = {
  /** The key in use: from memory, else a persisted one that has not expired. */
  key(): string | null {
    if (!memory) {
      const stored = readStoredKey();
      if (stored) {
        memory = stored;
        scheduleExpiry();
      }
    }
    return currentKey();
  },
  /** Why the last sign-out happened, for the gate; null after a Logout or a sign-in. */
  reason(): SignOutReason | null {
    return reason;
  },
  signIn(key: string, persistMinutes: number | null) {
    reason = null;
    if (persistMinutes) {
      const record: StoredKey = { key, expiresAt: Date.now() + persistMinutes * 60_000 };
      localStorage.setItem(ADMIN_KEY_STORAGE, JSON.stringify(record));
      memory = record;
    } else {
      localStorage.removeItem(ADMIN_KEY_STORAGE);
      memory = { key, expiresAt: null };
    }
    scheduleExpiry();
    emit();
  },
  /**
   * Logs out here and, unless the order came from another tab, in every other admin tab. With a
   * reason, the gate says why (every tab: the reason travels with the broadcast).
   */
  signOut(options: { broadcast?: boolean; reason?: SignOutReason } = {}) {
    memory = null;
    reason = options.reason ?? null;
    clearTimeout(expiryTimer);
    localStorage.removeItem(ADMIN_KEY_STORAGE);
    if (options.broadcast !== false) channel?.postMessage({ type: 'logout', reason });
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

channel?.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; reason?: unknown } | null;
  if (data?.type !== 'logout') return;
  const why = data.reason === 'expired' || data.reason === 'rejected' ? data.reason : undefined;
  adminSession.signOut({ broadcast: false, reason: why });
});

// A tab woken from sleep (a phone's screen off) checks the expiry at once rather than at its timer.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (memory?.expiresAt != null && memory.expiresAt <= Date.now()) expire();
  });
}

/** A refused admin call: the server's message, and the field and code it named, if any. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The field at fault (`amount`, `countries.0`), for a form that shows the refusal under it. */
    readonly field?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A 401 logs out everywhere; any other failure carries the server's message. */
function failure(status: number, text: string): AdminApiError {
  if (status === 401) {
    adminSession.signOut({ reason: 'rejected' });
    return new AdminApiError(401, 'Invalid admin API key');
  }
  return refusal(status, text);
}

/** A refused call with the server's message, field and code read from its error body. */
function refusal(status: number, text: string): AdminApiError {
  const answer = new ApiError(status, text, '');
  return new AdminApiError(status, answer.serverMessage || `HTTP ${status}`, answer.field, answer.code);
}

/** The key for a call; a remembered key whose time is up signs out instead of being sent. */
function requireKey(): string {
  const key = adminSession.key();
  if (key) return key;
  if (memory) {
    expire();
    throw new AdminApiError(401, 'Your admin session expired');
  }
  throw new AdminApiError(401, 'Admin API key required');
}

/** Fetch, looked up at call time (tests replace the global). */
const fetchNow: typeof fetch = (input, init) => fetch(input, init);

/** The typed client of the admin: every call sends the key, no caching; a 401 logs out everywhere. */
export const adminApi = createApiClient(fetchNow, {
  headers: () => ({ 'x-admin-key': requireKey() }),
  error: (status, text) => failure(status, text),
});

/** Calls a declared admin endpoint (`admin.*` of the catalogue) with the key. */
export const adminCall: ApiClient['call'] = (endpoint, ...input) => adminApi.call(endpoint, ...input);

/** Uploads to a declared multipart admin endpoint with the key, reporting progress. */
export const adminUploadTo = <E extends Route & { readonly body: 'multipart' }>(
  endpoint: E,
  input: { params?: ParamsOf<E>; body: FormData },
  options?: ProgressOptions,
): Promise<ResponseOf<E>> => upload(adminApi, endpoint, input, options);

/**
 * Asks the server whether a typed key is right, without signing in with it: nothing else is sent
 * with a key the server has not accepted (one typo is one failed attempt, not one per tab's call),
 * and a wrong key typed here does not log out the other admin tabs.
 */
export async function verifyAdminKey(key: string): Promise<void> {
  const probe = createApiClient(fetchNow, {
    headers: () => ({ 'x-admin-key': key }),
    error: refusal,
  });
  await probe.call(admin.session);
}

/**
 * GETs a URL with the key, for an answer read as a Response (a file, or headers that matter): a
 * declared endpoint's `urlOf`, or a link the server gave (a payment proof's URL). No caching; a 401 logs
 * out everywhere.
 */
export async function adminOpen(url: string): Promise<Response> {
  const key = requireKey();
  const response = await fetch(url, { cache: 'no-store', headers: { 'x-admin-key': key } });
  if (!response.ok) throw failure(response.status, await response.text());
  return response;
}

/** A POST answered with a file (a customer's data ZIP): the key sent, the body as JSON. */
export async function adminPostForFile(url: string, body: unknown): Promise<Response> {
  const key = requireKey();
  const response = await fetch(url, {
    method: 'POST',
    cache: 'no-store',
    headers: { 'x-admin-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw failure(response.status, await response.text());
  return response;
}

export { isAbortError };
