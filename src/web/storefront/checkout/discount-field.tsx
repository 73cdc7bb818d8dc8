import type { FormEvent } from 'react';
import { formatEuros } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { purchaseMessages } from './messages';
import type { CheckoutDiscount } from './use-discount';

/**
 * "Code promo" / "Promo code" under the order summary: the server checks it and prices the cart.
 * `disabled` until the app has read the cart: drawn by the server so that nothing moves when the
 * cart appears, but a code typed before the app runs would not be applied.
 */
export function DiscountField(props: { discount: CheckoutDiscount; disabled?: boolean }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const { discount } = props;
  const { current } = discount;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!discount.checking) void discount.apply(discount.input);
  };
  if (current) {
    return (
      <p
        className="mt-4 flex flex-wrap items-center justify-between gap-2 rounded-md bg-teal-50 p-3 text-sm text-teal-900"
        role="status"
      >
        <span>
          {t('discount.applied', { code: current.code, amount: formatEuros(current.discountCents, locale) })}
        </span>
        <Button variant="link" onClick={discount.remove}>
          {t('discount.remove')}
        </Button>
      </p>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mt-4 flex items-start gap-2">
      <div className="min-w-0 flex-1">
        <Field
          name="discountCode"
          label={t('discount.label')}
          value={discount.input}
          onChange={(event) => discount.setInput(event.target.value)}
          disabled={props.disabled}
          error={discount.problem ? t(discount.problem) : undefined}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
        />
      </div>
      <Button
        type="submit"
        variant="outline"
        disabled={props.disabled || discount.checking || discount.input.trim() === ''}
        className="mt-6 h-11 px-4"
      >
        {discount.checking ? t('discount.applying') : t('discount.apply')}
      </Button>
    </form>
  );
}
