import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { toast } from '../../components/ui/toast';
import { showAdminError } from '../shell/admin-toast';
import {
  AdminApiError,
  adminSession,
  DEFAULT_KEY_LIFETIME_MINUTES,
  KEY_LIFETIMES_MINUTES,
  type SignOutReason,
  verifyAdminKey,
} from './admin-session';

const LIFETIME_LABELS: Record<(typeof KEY_LIFETIMES_MINUTES)[number], string> = {
  5: '5 minutes',
  15: '15 minutes',
  30: '30 minutes',
  60: '1 hour',
  240: '4 hours',
};

/** Why the operator is asked for the key again (spec admin §8: "Invalid admin API key"). */
const REASON_TEXTS: Record<SignOutReason, string> = {
  expired: 'Your admin session expired. Enter the key again to continue.',
  rejected: 'Invalid admin API key. The server refused the key in use: enter the current key.',
};

/** The access gate that wraps the whole admin area (spec: admin §2, §5, §8). */
export function AdminGate() {
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [minutes, setMinutes] = useState<number>(DEFAULT_KEY_LIFETIME_MINUTES);
  const [checking, setChecking] = useState(false);
  const reason = useSyncExternalStore(adminSession.subscribe, adminSession.reason, () => null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = key.trim();
    if (!candidate) {
      showAdminError('API key is required');
      return;
    }
    setChecking(true);
    try {
      // The key is used only once the server has accepted it: the dashboard's calls never carry a typo.
      await verifyAdminKey(candidate);
      adminSession.signIn(candidate, remember ? minutes : null);
      toast({
        title: remember
          ? `Admin access granted (persistent for ${minutes} minutes)`
          : 'Admin access granted (memory only)',
      });
    } catch (error) {
      const message =
        error instanceof AdminApiError && error.status === 401
          ? 'Invalid API key'
          : (error as Error).message || 'Invalid API key';
      showAdminError(message);
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="flex min-h-[70vh] items-center justify-center bg-stone-100 px-4">
      <form
        onSubmit={submit}
        aria-labelledby="admin-gate-title"
        className="w-full max-w-md space-y-4 rounded-xl bg-white p-6 shadow-lg"
      >
        <h1 id="admin-gate-title" className="text-xl font-bold">
          Admin Authentication Required
        </h1>
        {reason ? <ReasonAlert reason={reason} /> : null}
        <label className="block text-sm font-medium">
          Admin API Key
          <input
            type="password"
            name="adminKey"
            autoComplete="current-password"
            value={key}
            onChange={(event) => setKey(event.target.value)}
            className="mt-1 h-11 w-full rounded-md border border-stone-300 px-3"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          Remember key (persist in localStorage)
        </label>
        {remember ? <KeyLifetime minutes={minutes} onChange={setMinutes} /> : null}
        <button
          type="submit"
          disabled={checking}
          className="h-11 w-full rounded-md bg-teal-800 font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
        >
          Access Dashboard
        </button>
      </form>
    </div>
  );
}

function ReasonAlert({ reason }: { reason: SignOutReason }) {
  return (
    <p
      role="alert"
      data-testid="admin-gate-reason"
      className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      {REASON_TEXTS[reason]}
    </p>
  );
}

/** A remembered key: the warning about local storage, and how long the key is kept. */
function KeyLifetime(props: { minutes: number; onChange(minutes: number): void }) {
  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p role="note">
        Security warning: a key kept in local storage can be read by any script that runs on this site
        (cross-site scripting) and is shared by every tab of this browser. Only use this on your own device.
      </p>
      <label className="block font-medium">
        Expires after
        <select
          name="keyLifetime"
          value={props.minutes}
          onChange={(event) => props.onChange(Number(event.target.value))}
          className="mt-1 h-10 w-full rounded-md border border-stone-300 bg-white px-2"
        >
          {KEY_LIFETIMES_MINUTES.map((m) => (
            <option key={m} value={m}>
              {LIFETIME_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
