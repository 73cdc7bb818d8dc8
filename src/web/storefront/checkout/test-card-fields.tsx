import { useMessages } from '../../i18n/feature-messages';
import { purchaseMessages } from './messages';

export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** Test mode only (no Stripe keys): a card form clearly labelled as a test, confirmed by the shop's Stripe fake. */
export function TestCardFields(props: { value: TestCard; onChange(card: TestCard): void }) {
  const t = useMessages(purchaseMessages);
  const set = (key: keyof TestCard) => (event: React.ChangeEvent<HTMLInputElement>) =>
    props.onChange({ ...props.value, [key]: event.target.value });
  return (
    <fieldset className="space-y-3 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4">
      <legend className="px-1 text-sm font-bold text-amber-900">{t('checkout.testMode')}</legend>
      <p className="text-xs text-amber-900">{t('checkout.testModeHelp')}</p>
      <label className="block text-sm font-medium">
        {t('checkout.cardNumber')}
        <input
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          value={props.value.number}
          onChange={set('number')}
          className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
        />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="block text-sm font-medium">
          {t('checkout.cardExpiry')}
          <input
            name="cardExpiry"
            autoComplete="off"
            value={props.value.expiry}
            onChange={set('expiry')}
            className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
          />
        </label>
        <label className="block text-sm font-medium">
          {t('checkout.cardCvc')}
          <input
            name="cardCvc"
            inputMode="numeric"
            autoComplete="off"
            value={props.value.cvc}
            onChange={set('cvc')}
            className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
          />
        </label>
      </div>
    </fieldset>
  );
}
