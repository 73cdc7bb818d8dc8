import type { AdminDiscount } from '../../../shared/contracts/endpoints/admin-discounts.schemas';
import type { Column } from '../shell/admin-table';
import { DiscountActions } from './discount-actions';
import { discountLabel } from './discount-form';
import { codeStates, countryName, plural } from './discount-words';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB');

function Limits({ code }: { code: AdminDiscount }) {
  const parts = [
    code.minimumCart ? `min. €${code.minimumCart}` : null,
    code.validFrom ? `from ${day(code.validFrom)}` : null,
    code.validUntil ? `until ${day(code.validUntil)}` : null,
    code.maxUses !== null ? plural(code.maxUses, 'use') : null,
    code.maxUsesPerEmail !== null ? `${plural(code.maxUsesPerEmail, 'use')} per email` : null,
  ].filter(Boolean);
  return <span className="text-xs text-stone-700">{parts.length > 0 ? parts.join(' · ') : 'None'}</span>;
}

function AppliesTo({ code, guideTitle }: { code: AdminDiscount; guideTitle(id: string): string }) {
  const parts = [
    code.guideIds.length > 0 ? code.guideIds.map(guideTitle).join(', ') : null,
    code.countries.length > 0 ? code.countries.map(countryName).join(', ') : null,
    code.locale ? `${code.locale.toUpperCase()} guides` : null,
  ].filter(Boolean);
  return (
    <span className="text-xs text-stone-700">{parts.length > 0 ? parts.join(' · ') : 'Every guide'}</span>
  );
}

/** The Discounts tab's columns. */
export function discountColumns(ctx: {
  guideTitle(id: string): string;
  onEdit(code: AdminDiscount): void;
  onChanged(): Promise<void>;
}): Column<AdminDiscount>[] {
  return [
    {
      header: 'Code',
      cell: (code) => (
        <span className="font-mono font-semibold">
          {code.code}
          {codeStates(code).map((state) => (
            <span
              key={state}
              data-testid="discount-state"
              className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 font-sans text-xs text-amber-900"
            >
              {state}
            </span>
          ))}
        </span>
      ),
    },
    { header: 'Discount', className: 'whitespace-nowrap', cell: discountLabel },
    { header: 'Limits', cell: (code) => <Limits code={code} /> },
    { header: 'Applies to', cell: (code) => <AppliesTo code={code} guideTitle={ctx.guideTitle} /> },
    {
      header: 'Uses',
      className: 'whitespace-nowrap',
      cell: (code) => (
        <span data-testid="discount-uses">
          {code.uses.used} used{code.uses.held > 0 ? ` · ${code.uses.held} held` : ''}
        </span>
      ),
    },
    {
      header: 'Actions',
      cell: (code) => (
        <DiscountActions code={code} onEdit={() => ctx.onEdit(code)} onChanged={ctx.onChanged} />
      ),
    },
  ];
}
