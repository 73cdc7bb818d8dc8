import { Link } from 'wouter';
import type { Order } from '../../../shared/contracts/orders';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { KeepTogether } from '../../components/ui/keep-together';
import { useMessages } from '../../i18n/feature-messages';
import { paths } from '../../lib/paths';
import { purchaseMessages } from './messages';
import { OrderTaxLine } from './order-discount';

/** Opens after a card or free order (spec §2); the shopper's current language (a deviation from "random"). */
export function ConfirmationDialog(props: { order: Order | null; onClose(): void }) {
  const t = useMessages(purchaseMessages);
  const order = props.order;
  return (
    <Dialog open={order !== null} onClose={props.onClose} title={t('confirm.title')}>
      {order ? (
        <>
          <p className="text-sm text-stone-700">
            <KeepTogether
              text={t('confirm.text', { number: order.orderNumber, email: order.email })}
              part={order.orderNumber}
            />
          </p>
          <OrderTaxLine order={order} />
          <Link
            href={paths.order(order.id)}
            className={buttonClass('primary', 'block h-11 text-center leading-11')}
          >
            {t('confirm.viewOrder')}
          </Link>
          <Button variant="secondary" onClick={props.onClose} className="h-11 w-full">
            {t('confirm.close')}
          </Button>
        </>
      ) : null}
    </Dialog>
  );
}
