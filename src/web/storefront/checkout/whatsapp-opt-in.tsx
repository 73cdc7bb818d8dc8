import { useMessages } from '../../i18n/feature-messages';
import { useQuery } from '../../lib/use-query';
import { purchaseMessages } from './messages';
import { NewsConsent } from './news-consent';
import type { CheckoutForm } from './use-checkout-form';
import type { PlaceContext } from './use-purchase';

/**
 * "Get my guides on WhatsApp" under the mobile number: shown only when the shop has
 * the WhatsApp Cloud API configured, which the checkout's config says.
 */
export function WhatsAppOptIn(props: { form: CheckoutForm; calls: PlaceContext['calls'] }) {
  const t = useMessages(purchaseMessages);
  const config = useQuery({
    queryKey: ['checkout-config'],
    queryFn: props.calls.config,
    staleTime: Infinity,
  });
  if (config.data?.whatsapp !== true) return null;
  const { whatsapp, setWhatsapp } = props.form;
  return (
    <label className="flex items-start gap-3 rounded-md border border-stone-200 p-3 text-sm">
      <input
        type="checkbox"
        name="whatsapp"
        className="mt-0.5 h-5 w-5 shrink-0 accent-teal-700"
        checked={whatsapp}
        onChange={(event) => setWhatsapp(event.target.checked)}
        aria-describedby="whatsapp-note"
      />
      <span>
        <span className="font-medium">{t('checkout.whatsapp')}</span>
        <span id="whatsapp-note" className="mt-0.5 block text-xs text-stone-600">
          {t('checkout.whatsappNote')}
        </span>
      </span>
    </label>
  );
}

/** What the buyer chooses to receive: the guides on WhatsApp, and news (docs/features/consent.md). */
export function MessageChoices(props: { form: CheckoutForm; calls: PlaceContext['calls'] }) {
  return (
    <>
      <WhatsAppOptIn form={props.form} calls={props.calls} />
      <NewsConsent form={props.form} />
    </>
  );
}
