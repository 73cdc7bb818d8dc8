import { formatEuros, toCents } from '../../../shared/money';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { purchaseMessages } from './messages';

/** "Réduction (BIENVENUE10) : −2,50 €" under an order's total, when a promo code was used (issue 18). */
export function OrderDiscount(props: { order: { discountCode: string | null; discountAmount: string } }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const { discountCode, discountAmount } = props.order;
  const cents = toCents(discountAmount);
  if (!discountCode || cents === 0) return null;
  return (
    <p className="mt-1 text-sm text-teal-800" data-discount={discountCode}>
      {t('discount.orderLine', { code: discountCode, amount: formatEuros(cents, locale) })}
    </p>
  );
}
