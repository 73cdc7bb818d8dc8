import { createMobileMoneyOrder } from '../../../shared/contracts/endpoints/checkout';
import type { CreateMobileMoneyOrderResponse } from '../../../shared/contracts/mobile-money';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import { checkoutClaimKey } from './claim-secrets';
import { purchaseMessages } from './messages';
import type { PlaceContext } from './use-purchase';

/** Mobile money: the order waits as pending; the dialog says how to pay and takes the payment proof. */
export async function payByMobileMoney(
  ctx: PlaceContext,
  placedOrder: (placed: CreateMobileMoneyOrderResponse) => void,
): Promise<void> {
  try {
    const placed = await ctx.api.call(createMobileMoneyOrder, {
      body: {
        ...ctx.form.customer,
        items: ctx.items,
        total: ctx.totalEuros,
        locale: ctx.locale,
        claimKey: checkoutClaimKey(),
        discountCode: ctx.discountCode,
      },
    });
    // settle is true exactly when the order is new to this browser (not `orderExists`).
    if (ctx.settle(placed, 'toast.mobileOrderExists.text') && !('orderExists' in placed)) placedOrder(placed);
  } catch (error) {
    if (ctx.form.showRefusedField(error) || ctx.discountRefused(error)) return;
    toast({
      title: ctx.t('toast.paymentError'),
      description: ctx.orderFailure(error),
      variant: 'destructive',
    });
  }
}

/** What the shopper is told before placing a mobile-money order. */
export function MobileMoneyNote(props: {
  config: { automaticMobileMoney: boolean; wave: boolean } | undefined;
}) {
  const t = useMessages(purchaseMessages);
  const note = props.config?.wave
    ? 'checkout.mobileNoteWave'
    : props.config?.automaticMobileMoney
      ? 'checkout.mobileNoteAuto'
      : 'checkout.mobileNote';
  return <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t(note)}</p>;
}
