import { type FormEvent, useState } from 'react';
import * as invoices from '../../../shared/contracts/endpoints/invoices';
import type { Order } from '../../../shared/contracts/orders';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { useApi } from '../../lib/deps';
import { queries } from '../../lib/queries';
import { useQueryClient } from '../../lib/use-query';
import { purchaseMessages } from '../checkout/messages';

const input = 'mt-1 h-10 w-full rounded-md border border-stone-300 px-3';

/**
 * The business to invoice, named after ordering (docs/features/invoices.md): an invoice already
 * issued is cancelled by a credit note and replaced by one in the business's name.
 */
export function InvoiceBusiness({ order }: { order: Pick<Order, 'id'> }) {
  const t = useMessages(purchaseMessages);
  const api = useApi();
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setRefused(null);
    setBusy(true);
    try {
      await api.call(invoices.orderBusinessDetails, {
        params: { id: order.id },
        body: { businessName: text('businessName'), taxId: text('taxId') },
      });
      toast({ title: t('order.businessDone') });
      await queryClient.invalidateQueries({ queryKey: queries.order(api, order.id).queryKey });
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      setRefused({ field, message: error instanceof ApiError ? error.serverMessage : String(error) });
    } finally {
      setBusy(false);
    }
  };
  const invalid = (name: string) => (refused?.field === name ? { 'aria-invalid': true } : {});
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-semibold text-teal-800">{t('checkout.business')}</summary>
      <form onSubmit={submit} className="mt-2 max-w-md space-y-2">
        <label className="block">
          {t('checkout.businessName')}
          <input
            name="businessName"
            required
            maxLength={120}
            className={input}
            {...invalid('businessName')}
          />
        </label>
        <label className="block">
          {t('checkout.taxId')}
          <input name="taxId" maxLength={40} className={input} {...invalid('taxId')} />
        </label>
        <p className="text-xs text-stone-600">{t('order.businessNote')}</p>
        {refused && (
          <p role="alert" className="text-red-700">
            {refused.message}
          </p>
        )}
        <button
          type="submit"
          disabled={busy}
          className="h-10 rounded-md bg-teal-800 px-4 font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
        >
          {t('order.businessSave')}
        </button>
      </form>
    </details>
  );
}
