import { type FormEvent, useState } from 'react';
import * as settings from '../../../shared/contracts/endpoints/admin-settings';
import type { RetentionSettingsInput } from '../../../shared/contracts/endpoints/admin-settings.schemas';
import { toast } from '../../components/ui/toast';
import { AdminApiError, adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { useAdminData } from '../shell/use-admin-data';

const FIELDS: {
  name: keyof RetentionSettingsInput;
  label: string;
  unit: string;
  min: number;
  max: number;
}[] = [
  {
    name: 'proofMonths',
    label: 'Payment-proof images, after the decision',
    unit: 'months',
    min: 1,
    max: 120,
  },
  {
    name: 'libraryDays',
    label: 'Expired "My guides" sign-in links and sessions',
    unit: 'days',
    min: 1,
    max: 3650,
  },
  {
    name: 'analyticsDays',
    label: 'Raw analytics events (daily totals are kept)',
    unit: 'days',
    min: 30,
    max: 3650,
  },
];

/** How long the shop keeps what it no longer needs (docs/features/data-rights.md); a daily job applies it. */
export function RetentionSettings() {
  const saved = useAdminData(settings.readRetentionSettings);
  const [refused, setRefused] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(
      FIELDS.map((f) => [f.name, Number(form.get(f.name))]),
    ) as RetentionSettingsInput;
    setRefused(null);
    setSaving(true);
    try {
      await adminCall(settings.saveRetentionSettings, { body });
      toast({ title: 'Saved', description: 'The next daily clean-up keeps data this long.' });
      await saved.reload();
    } catch (error) {
      if (error instanceof AdminApiError) setRefused({ field: error.field, message: error.message });
      else showAdminError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={save} className="space-y-2 border-t border-stone-200 pt-4" aria-label="Keeping data">
      <h3 className="text-lg font-semibold">Keeping data</h3>
      <p className="text-sm text-stone-600">
        What the shop no longer needs is deleted every day after these periods. Invoices are kept.
      </p>
      {saved.data &&
        FIELDS.map((f) => (
          <label key={f.name} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-64">{f.label}</span>
            <input
              type="number"
              name={f.name}
              min={f.min}
              max={f.max}
              required
              defaultValue={saved.data?.[f.name]}
              aria-invalid={refused?.field === f.name || undefined}
              className="h-9 w-24 rounded-md border border-stone-300 px-2 text-sm"
            />
            {f.unit}
          </label>
        ))}
      {refused && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refused.message}
        </p>
      )}
      <button
        type="submit"
        disabled={saving || saved.pending}
        className="rounded-md bg-teal-800 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
      >
        Save periods
      </button>
    </form>
  );
}
