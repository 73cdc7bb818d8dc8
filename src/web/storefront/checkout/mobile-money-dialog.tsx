import { Link } from 'wouter';
import type { CreateMobileMoneyOrderResponse } from '../../../shared/contracts/mobile-money';
import { displayPrice } from '../../../shared/money';
import { Button, buttonClass } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { paths } from '../../lib/paths';
import { PayNowButton, ProofFallback } from './automatic-payment';
import { purchaseMessages } from './messages';
import { OrderDiscount } from './order-discount';
import { ProofUpload } from './proof-upload';

/**
 * Opens after a mobile-money order (spec §2 "Mobile-money order dialog"). With a payment aggregator
 * configured, 'Pay now with mobile money' comes first and the payment proof flow is the
 * fallback, folded under 'I already paid / upload a receipt'; without one, the payment proof flow alone.
 */
export function MobileMoneyDialog(props: { placed: CreateMobileMoneyOrderResponse | null; onClose(): void }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const placed = props.placed;
  const amount = placed ? displayPrice(placed.order.total, locale) : '';
  const manual = placed ? (
    <>
      <ManualSteps placed={placed} amount={amount} primary={!placed.automaticPayment && !placed.wave} />
      <ProofUpload orderId={placed.order.id} providers={placed.providers} />
      <p className="text-xs text-stone-600">{t('mm.verify')}</p>
    </>
  ) : null;
  return (
    <Modal open={placed !== null} onClose={props.onClose} labelledBy="mobile-money-title">
      {placed ? (
        <div className="space-y-4">
          <div>
            <h2 id="mobile-money-title" className="text-xl font-bold">
              {t('mm.title')}
            </h2>
            <p className="mt-1 text-sm text-stone-600">
              {t('mm.order', { number: placed.order.orderNumber, amount })}
            </p>
            <OrderDiscount order={placed.order} />
          </div>
          {placed.wave || placed.automaticPayment ? (
            <>
              {placed.wave ? (
                <div className="space-y-3 rounded-lg bg-sky-50 p-4">
                  <p className="text-sm text-stone-800">{t('mm.waveText', { amount })}</p>
                  <PayNowButton orderId={placed.order.id} label="mm.payWave" via="wave" />
                </div>
              ) : null}
              {placed.automaticPayment ? (
                <div className="space-y-3 rounded-lg bg-amber-50 p-4">
                  <p className="text-sm text-stone-800">
                    {placed.wave ? t('mm.otherWallet') : t('mm.autoText', { amount })}
                  </p>
                  <PayNowButton
                    orderId={placed.order.id}
                    label="mm.payNow"
                    variant={placed.wave ? 'secondary' : 'primary'}
                  />
                  <p className="text-xs text-stone-600">{t('mm.autoProviders')}</p>
                </div>
              ) : null}
              <ProofFallback>{manual}</ProofFallback>
            </>
          ) : (
            manual
          )}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link
              href={paths.order(placed.order.id)}
              className={buttonClass('secondary', 'h-11 text-center leading-11 sm:flex-1')}
            >
              {t('mm.viewOrder')}
            </Link>
            <Button variant="secondary" onClick={props.onClose} className="h-11 sm:flex-1">
              {t('confirm.close')}
            </Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

/** The payment proof flow's instructions: pay through the wallet's page with the reference, then send the payment proof. */
function ManualSteps(props: { placed: CreateMobileMoneyOrderResponse; amount: string; primary: boolean }) {
  const { placed, amount } = props;
  const t = useMessages(purchaseMessages);
  return (
    <ol className="list-decimal space-y-3 pl-5 text-sm text-stone-800">
      <li>
        {t('mm.step1', { amount })}
        <a
          href={placed.paymentUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`mt-2 block h-11 rounded-md border border-amber-500 text-center leading-11 font-semibold text-stone-950 ${
            props.primary ? 'bg-amber-500 hover:bg-amber-400' : 'bg-white hover:bg-amber-50'
          }`}
        >
          {t('mm.openLink')} ↗
        </a>
        <p className="mt-2 text-xs text-stone-600">{t('mm.providers')}</p>
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={t('mm.providers')}>
          {placed.providers.map((provider) => (
            <li key={provider} className="rounded-full bg-stone-100 px-2.5 py-1 text-xs font-medium">
              {provider}
            </li>
          ))}
        </ul>
      </li>
      <li>
        {t('mm.step2')}
        <p
          data-testid="mobile-money-reference"
          className="mt-1 rounded-md border border-dashed border-stone-400 bg-stone-50 px-3 py-2 text-center font-mono text-lg font-bold tracking-widest select-all"
        >
          {placed.order.djamoReference}
        </p>
      </li>
      <li>{t('mm.step3')}</li>
    </ol>
  );
}
