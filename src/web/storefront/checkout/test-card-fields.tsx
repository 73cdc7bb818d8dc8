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
  const field = (name: string, key: keyof TestCard, label: string, inputMode?: 'numeric') => (
    <label className="block text-sm font-medium">
      {label}
      <input
        name={name}
        inputMode={inputMode}
        autoComplete="off"
        value={props.value[key]}
        onChange={set(key)}
        className="mt-1 h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-base"
      />
    </label>
  );
  return (
    <fieldset className="space-y-3 rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4">
      <legend className="px-1 text-sm font-bold text-amber-900">{t('checkout.testMode')}</legend>
      <p className="text-xs text-amber-900">{t('checkout.testModeHelp')}</p>
      {field('cardNumber', 'number', t('checkout.cardNumber'), 'numeric')}
      <div className="grid grid-cols-2 gap-3">
        {field('cardExpiry', 'expiry', t('checkout.cardExpiry'))}
        {field('cardCvc', 'cvc', t('checkout.cardCvc'), 'numeric')}
      </div>
    </fieldset>
  );
}
