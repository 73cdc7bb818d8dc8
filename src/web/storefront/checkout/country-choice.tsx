import { useEffect, useMemo } from 'react';
import { BUYER_COUNTRIES } from '../../../shared/calling-codes';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { purchaseMessages } from './messages';
import type { CheckoutForm } from './use-checkout-form';
import type { TaxQuote } from './use-tax-quote';

/**
 * "Country you live in": asked only when the client address and the mobile number do not agree on
 * it and a rate is set (docs/features/taxes.md), prefilled with the server's suggestion.
 */
export function CountryChoice(props: { form: CheckoutForm; quote: TaxQuote | null }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const { country, setCountry } = props.form;
  const needed = props.quote?.countryNeeded === true || country !== '';
  const suggested = props.quote?.suggestedCountry ?? '';
  // Prefilled once asked: the buyer confirms or changes it.
  useEffect(() => {
    if (props.quote?.countryNeeded && country === '' && suggested) setCountry(suggested);
  }, [props.quote?.countryNeeded, country, suggested, setCountry]);
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return BUYER_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, locale),
    );
  }, [locale]);
  if (!needed) return null;
  return (
    <label className="block text-sm">
      <span className="font-medium">{t('checkout.country')}</span>
      <select
        name="country"
        value={country}
        onChange={(event) => setCountry(event.target.value)}
        aria-describedby="country-note"
        className="mt-1 h-11 w-full rounded-md border bg-white px-3 text-base"
      >
        <option value="" disabled>
          —
        </option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <span id="country-note" className="mt-1 block text-xs text-stone-600">
        {t('checkout.countryNote')}
      </span>
    </label>
  );
}
