import type { Config } from '../../config';
import { defineJob, type JobDefinition } from '../jobs/registry';
import type { JobContext } from '../jobs/worker';
import { PermanentJobError } from '../jobs/worker';
import type { AutomaticPaymentDeps } from './automatic-payment.service';
import { cinetpayPoll } from './cinetpay-poll-job';
import { pollTransaction } from './cinetpay-poller';
import { mobileMoneyEmail } from './mobile-money-email-job';
import { expireMobileMoney, expireUnpaidMobileMoneyOrders } from './mobile-money-expiry';
import { type MobileMoneyMailDeps, sendMobileMoneyEmail } from './mobile-money-mail';

export interface MobileMoneyJobDeps extends MobileMoneyMailDeps {
  config: MobileMoneyMailDeps['config'] & Pick<Config, 'mobileMoney'>;
  /** Automatic mobile money (CinetPay), when configured: the poller's way to the provider. */
  automaticPayment?: AutomaticPaymentDeps;
}

/** Mobile money's jobs: its emails, the expiry sweep and the CinetPay poller. */
export const mobileMoneyJobs: JobDefinition<MobileMoneyJobDeps>[] = [
  defineJob(mobileMoneyEmail, (deps: MobileMoneyJobDeps, job, { signal }) =>
    sendMobileMoneyEmail(deps, job, { signal }),
  ),
  defineJob(expireMobileMoney, async (deps: MobileMoneyJobDeps) => {
    await expireUnpaidMobileMoneyOrders(deps.db, deps.config.mobileMoney.expiryHours);
  }),
  defineJob(cinetpayPoll, async (deps: MobileMoneyJobDeps, job) => {
    if (!deps.automaticPayment) throw new PermanentJobError('Automatic payments are not set up');
    // Without the provider (its keys were removed) the order is flagged for the operator.
    await pollTransaction(deps.automaticPayment, job);
  }),
];

/** "Resend my links" for an order still waiting for its money: how to pay it, logged like a resend. */
export const resendPaymentInstructions = (
  deps: MobileMoneyMailDeps,
  job: { orderId: string; requestId: string },
  { signal }: JobContext,
) =>
  sendMobileMoneyEmail(
    deps,
    { kind: 'payment-instructions', orderId: job.orderId, resendRequestId: job.requestId },
    { signal },
  );
