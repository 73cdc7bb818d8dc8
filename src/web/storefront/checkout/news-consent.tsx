import { CONSENT_WORDING, type ConsentChannel } from '../../../shared/consent';
import { useI18n } from '../../i18n';
import type { CheckoutForm } from './use-checkout-form';

/**
 * The two news boxes, unticked: by email, and by WhatsApp once a mobile number is typed. The words
 * are the ones the server stores with the consent (shared/consent.ts, docs/features/consent.md).
 */
export function NewsConsent(props: { form: CheckoutForm }) {
  const { locale } = useI18n();
  const { news, setNews, values } = props.form;
  const channels: ConsentChannel[] = values.mobile.trim() ? ['email', 'whatsapp'] : ['email'];
  return (
    <fieldset className="space-y-2">
      {channels.map((channel) => (
        <label key={channel} className="flex items-start gap-3 text-sm text-stone-700">
          <input
            type="checkbox"
            name={channel === 'email' ? 'newsByEmail' : 'newsByWhatsapp'}
            className="mt-0.5 h-5 w-5 shrink-0 accent-teal-700"
            checked={news[channel]}
            onChange={(event) => setNews({ ...news, [channel]: event.target.checked })}
          />
          <span>{CONSENT_WORDING[channel][locale]}</span>
        </label>
      ))}
    </fieldset>
  );
}
