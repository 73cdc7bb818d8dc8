import { useEffect, useState } from 'react';
import * as settings from '../../../shared/contracts/endpoints/admin-settings';
import type { TaxSettingsInput } from '../../../shared/contracts/endpoints/admin-settings.schemas';
import * as invoices from '../../../shared/contracts/endpoints/invoices';
import { toast } from '../../components/ui/toast';
import { adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { ExportButton } from '../shell/export-button';
import { useAdminData } from '../shell/use-admin-data';
import { RetentionSettings } from './retention-settings';

interface RateRow {
  country: string;
  /** Percent as typed: "18", "5.5". */
  percent: string;
  label: string;
}

/** "18" → 1800 basis points; null when it is not a percent with at most two decimals. */
export function percentToBp(percent: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(percent.trim());
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** The rows as the server takes them, or what is wrong with the first bad one. */
function ratesOf(rows: RateRow[]): TaxSettingsInput['rates'] | string {
  const rates: TaxSettingsInput['rates'] = [];
  for (const [i, row] of rows.entries()) {
    const rateBp = percentToBp(row.percent);
    if (rateBp === null) return `Row ${i + 1}: the rate must be a percent such as 18 or 5.5`;
    rates.push({ country: row.country, rateBp, label: row.label.trim() || null });
  }
  return rates;
}

const input = 'h-9 rounded-md border border-stone-300 px-2 text-sm';

/**
 * The Settings tab (docs/features/taxes.md): a tax rate per buyer country with an optional label,
 * and whether catalogue prices include tax. A change applies to orders placed after it.
 */
export function SettingsTab() {
  const saved = useAdminData(settings.readTaxSettings);
  const [rows, setRows] = useState<RateRow[]>([]);
  const [included, setIncluded] = useState(true);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!saved.data) return;
    setIncluded(saved.data.pricesIncludeTax);
    setRows(
      saved.data.rates.map((r) => ({
        country: r.country,
        percent: `${r.rateBp / 100}`,
        label: r.label ?? '',
      })),
    );
  }, [saved.data]);

  const change = (i: number, patch: Partial<RateRow>) =>
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...patch } : row)));

  const save = async () => {
    const rates = ratesOf(rows);
    if (typeof rates === 'string') return showAdminError(rates);
    setSaving(true);
    try {
      await adminCall(settings.saveTaxSettings, { body: { pricesIncludeTax: included, rates } });
      toast({ title: 'Saved', description: 'Orders placed from now on use these rates.' });
      await saved.reload();
    } catch (error) {
      showAdminError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="max-w-3xl space-y-4">
      <TaxesIntro />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="pricesIncludeTax"
          checked={included}
          onChange={(event) => setIncluded(event.target.checked)}
          className="h-4 w-4 accent-teal-700"
        />
        Catalogue prices include tax (consumer prices)
      </label>
      <RatesTable
        rows={rows}
        change={change}
        remove={(i) => setRows((all) => all.filter((_, j) => j !== i))}
      />
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => setRows((all) => [...all, { country: '', percent: '', label: '' }])}
          className="rounded-md border border-stone-300 px-4 py-2 text-sm font-semibold"
        >
          Add a country
        </button>
        <button
          type="button"
          disabled={saving || saved.pending}
          onClick={save}
          className="rounded-md bg-teal-800 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
        >
          Save taxes
        </button>
      </div>
      <TaxExports />
      <RetentionSettings />
    </div>
  );
}

/** The invoice register and the tax report for a period of issue days (docs/features/invoices.md). */
function TaxExports() {
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const dates = 'h-9 rounded-md border border-stone-300 px-2 text-sm';
  return (
    <div className="space-y-2 border-t border-stone-200 pt-4">
      <h3 className="text-lg font-semibold">Invoices and tax report</h3>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label>
          From{' '}
          <input
            type="date"
            name="from"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className={dates}
          />
        </label>
        <label>
          to{' '}
          <input type="date" name="to" value={to} onChange={(e) => setTo(e.target.value)} className={dates} />
        </label>
        <ExportButton
          endpoint={invoices.invoiceRegister}
          query={{ from, to }}
          label="Invoice register (CSV)"
          done="Register downloaded"
          fallbackName="invoices.csv"
        />
        <ExportButton
          endpoint={invoices.taxReport}
          query={{ from, to }}
          label="Tax report (CSV)"
          done="Tax report downloaded"
          fallbackName="tax-report.csv"
        />
      </div>
    </div>
  );
}

/** One line per country: its code, its rate in percent, its label on documents. */
function RatesTable(props: {
  rows: RateRow[];
  change(i: number, patch: Partial<RateRow>): void;
  remove(i: number): void;
}) {
  return (
    <table className="w-full text-sm" data-testid="tax-rates">
      <thead>
        <tr className="text-left text-stone-600">
          <th className="py-1">Country (ISO code)</th>
          <th className="py-1">Rate %</th>
          <th className="py-1">Label on documents</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity until saved
          <tr key={i}>
            <td className="py-1 pr-2">
              <input
                aria-label="Country"
                name={`country-${i}`}
                value={row.country}
                maxLength={2}
                onChange={(event) => props.change(i, { country: event.target.value.toUpperCase() })}
                className={`${input} w-20 uppercase`}
              />
            </td>
            <td className="py-1 pr-2">
              <input
                aria-label="Rate in percent"
                name={`rate-${i}`}
                inputMode="decimal"
                value={row.percent}
                onChange={(event) => props.change(i, { percent: event.target.value })}
                className={`${input} w-24`}
              />
            </td>
            <td className="py-1 pr-2">
              <input
                aria-label="Label"
                name={`label-${i}`}
                value={row.label}
                maxLength={40}
                placeholder="TVA 18 %"
                onChange={(event) => props.change(i, { label: event.target.value })}
                className={`${input} w-full`}
              />
            </td>
            <td className="py-1">
              <button
                type="button"
                onClick={() => props.remove(i)}
                className="rounded-md border px-2 py-1 text-xs"
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TaxesIntro() {
  return (
    <div>
      <h3 className="text-lg font-semibold">Taxes</h3>
      <p className="text-xs text-stone-600">
        A rate per buyer country. The buyer's country is the one their connection and mobile number agree on,
        otherwise the one they choose at checkout. With no rate, no tax is charged. Each order keeps the rate
        it was placed with.
      </p>
    </div>
  );
}
