import type { Order } from '../../../shared/contracts/orders';
import { toast } from '../../components/ui/toast';
import { checkoutClaimKey } from './claim-secrets';
import type { PlaceContext } from './use-purchase';

/** Nothing to pay: the order is placed and delivered at once. */
export async function getFreeGuides(ctx: PlaceContext): Promise<void> {
  try {
    const placed = await ctx.calls.createFreeOrder({
      ...ctx.form.customer,
      items: ctx.items,
      total: 0,
      locale: ctx.locale,
      claimKey: checkoutClaimKey(),
      discountCode: ctx.discountCode,
    });
    if (ctx.settle(placed, 'toast.orderExists.text')) ctx.confirm(placed as Order, 'free');
  } catch (error) {
    if (ctx.form.showRefusedField(error) || ctx.discountRefused(error)) return;
    toast({
      title: ctx.t('toast.orderError'),
      description: ctx.orderFailure(error),
      variant: 'destructive',
    });
  }
}
