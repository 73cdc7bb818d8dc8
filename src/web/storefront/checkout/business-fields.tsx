import { useMessages } from '../../i18n/feature-messages';
import { CountryChoice } from './country-choice';
import { purchaseMessages } from './messages';
import type { CheckoutForm } from './use-checkout-form';
import type { TaxQuote } from './use-tax-quote';

const inputClass = 'mt-1 h-11 w-full rounded-md border px-3 text-base';

/** "Invoice in the name of a business": its name and tax identifier, printed on the invoice. */
export function BusinessFields(props: { form: CheckoutForm }) {
  const t = useMessages(purchaseMessages);
  const { business, setBusiness } = props.form;
  return (
    <details className="rounded-md border border-stone-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium">{t('checkout.business')}</summary>
      <label className="mt-3 block">
        {t('checkout.businessName')}
        <input
          name="businessName"
          maxLength={120}
          autoComplete="organization"
          value={business.name}
          onChange={(event) => setBusiness({ ...business, name: event.target.value })}
          className={inputClass}
        />
      </label>
      <label className="mt-3 block">
        {t('checkout.taxId')}
        <input
          name="taxId"
          maxLength={40}
          value={business.taxId}
          onChange={(event) => setBusiness({ ...business, taxId: event.target.value })}
          className={inputClass}
        />
      </label>
    </details>
  );
}

/** What the tax and the invoice need beyond the buyer's name: the country when asked, a business. */
export function TaxAndInvoiceFields(props: { form: CheckoutForm; quote: TaxQuote | null }) {
  return (
    <>
      <CountryChoice form={props.form} quote={props.quote} />
      <BusinessFields form={props.form} />
    </>
  );
}
