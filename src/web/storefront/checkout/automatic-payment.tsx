import { useState } from 'react';
import { mobileMoneyCheckout, mobileMoneyStatus } from '../../../shared/contracts/endpoints/checkout';
import { waveCheckout } from '../../../shared/contracts/endpoints/wave';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import { useApi } from '../../lib/deps';
import { useQuery } from '../../lib/use-query';
import { purchaseMessages } from './messages';

/**
 * Automatic mobile money: the shopper pays on the provider's hosted page and comes back to
 * the order page, which asks the shop how the payment stands until it is settled.
 */

/** How often the order page asks while a payment is waiting (the server asks the provider at most every 5 s). */
const POLL_MS = 3_000;

export const mobileMoneyStatusKey = (orderId: string) => ['mobile-money-status', orderId];

/**
 * The live payment state of an undecided mobile-money order; polled while it is waiting, and asked
 * again after a failed fetch (a shopper back from the hosted page on a poor connection).
 */
export function useMobileMoneyStatus(orderId: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: mobileMoneyStatusKey(orderId),
    queryFn: () => api.call(mobileMoneyStatus, { params: { id: orderId } }),
    enabled,
    retry: 2,
    refetchInterval: (query) =>
      query.state.data?.paymentState === 'waiting' || query.state.status === 'error' ? POLL_MS : false,
    refetchOnWindowFocus: true,
  });
}

/**
 * 'Pay now with mobile money' (CinetPay) or 'Pay with Wave' (Wave Checkout, docs/features/wave.md):
 * starts the payment (or resumes the one waiting, or starts a new one after a refusal) and sends the
 * browser to the provider's page. The amount is the server's.
 */
export function PayNowButton(props: {
  orderId: string;
  label: 'mm.payNow' | 'mm.payAgain' | 'mm.resume' | 'mm.payWave' | 'mm.payWaveAgain' | 'mm.resumeWave';
  variant?: 'primary' | 'secondary';
  via?: 'cinetpay' | 'wave';
}) {
  const api = useApi();
  const t = useMessages(purchaseMessages);
  const [going, setGoing] = useState(false);
  const go = async () => {
    setGoing(true);
    try {
      const endpoint = props.via === 'wave' ? waveCheckout : mobileMoneyCheckout;
      const started = await api.call(endpoint, { params: { id: props.orderId } });
      window.location.assign(started.paymentUrl);
    } catch (error) {
      console.error('mobile-money checkout failed', error);
      setGoing(false);
      toast({
        title: t('mm.autoError'),
        // Never the server's English on a French page.
        description: t('mm.autoErrorText'),
        variant: 'destructive',
      });
    }
  };
  return (
    <button
      type="button"
      onClick={go}
      disabled={going}
      className={`h-12 w-full rounded-md px-4 font-semibold text-stone-950 disabled:opacity-60 ${
        props.variant === 'secondary'
          ? 'border border-stone-300 bg-white hover:bg-stone-50'
          : 'bg-amber-500 hover:bg-amber-400'
      }`}
    >
      {going ? t('mm.redirecting') : t(props.label)}
    </button>
  );
}

/** The fallback under the automatic option: pay outside the shop, then send the payment proof. */
export function ProofFallback(props: { children: React.ReactNode; open?: boolean }) {
  const t = useMessages(purchaseMessages);
  return (
    <details open={props.open} className="group rounded-lg border border-stone-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-4 py-2 text-sm font-semibold">
        {t('mm.alreadyPaid')}
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="space-y-4 border-t border-stone-200 p-4">{props.children}</div>
    </details>
  );
}
