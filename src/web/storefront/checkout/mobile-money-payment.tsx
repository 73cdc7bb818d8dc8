import type { CreateMobileMoneyOrderResponse } from '../../../shared/contracts/mobile-money';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import type { OrderExists } from '../../lib/checkout-api';
import { checkoutClaimKey } from './claim-secrets';
import { purchaseMessages } from './messages';
import type { PlaceContext } from './use-purchase';

/** Mobile money: the order waits as pending; the dialog says how to pay and takes the receipt. */
export async function payByMobileMoney(
  ctx: PlaceContext,
  placedOrder: (placed: CreateMobileMoneyOrderResponse) => void,
): Promise<void> {
  try {
    const placed = await ctx.api.send<CreateMobileMoneyOrderResponse | OrderExists>(
      'POST',
      '/api/create-djamo-order',
      {
        ...ctx.form.customer,
        items: ctx.items,
        total: ctx.totalEuros,
        locale: ctx.locale,
        claimKey: checkoutClaimKey(),
      },
    );
    if (ctx.settle(placed, 'toast.mobileOrderExists.text'))
      placedOrder(placed as CreateMobileMoneyOrderResponse);
  } catch (error) {
    if (ctx.form.showRefusedField(error)) return;
    toast({
      title: ctx.t('toast.paymentError'),
      description: ctx.orderFailure(error),
      variant: 'destructive',
    });
  }
}

/** What the shopper is told before placing a mobile-money order. */
export function MobileMoneyNote(props: { automatic: boolean }) {
  const t = useMessages(purchaseMessages);
  return (
    <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      {t(props.automatic ? 'checkout.mobileNoteAuto' : 'checkout.mobileNote')}
    </p>
  );
}
