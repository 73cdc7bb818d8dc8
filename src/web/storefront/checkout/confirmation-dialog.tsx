import { Link } from 'wouter';
import type { Order } from '../../../shared/contracts/orders';
import { Dialog } from '../../components/ui/dialog';
import { useMessages } from '../../i18n/feature-messages';
import { paths } from '../../lib/paths';
import { purchaseMessages } from './messages';

/** Opens after a card or free order (spec §2); the shopper's current language (a deviation from "random"). */
export function ConfirmationDialog(props: { order: Order | null; onClose(): void }) {
  const t = useMessages(purchaseMessages);
  const order = props.order;
  return (
    <Dialog open={order !== null} onClose={props.onClose} title={t('confirm.title')}>
      {order ? (
        <>
          <p className="text-sm text-stone-700">
            {t('confirm.text', { number: order.orderNumber, email: order.email })}
          </p>
          <Link
            href={paths.order(order.id)}
            className="block h-11 rounded-md bg-amber-500 text-center leading-11 font-semibold text-stone-950 hover:bg-amber-400"
          >
            {t('confirm.viewOrder')}
          </Link>
          <button
            type="button"
            onClick={props.onClose}
            className="h-11 w-full rounded-md border border-stone-300 font-semibold hover:bg-stone-50"
          >
            {t('confirm.close')}
          </button>
        </>
      ) : null}
    </Dialog>
  );
}
