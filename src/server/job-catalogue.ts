import type { Mailer } from './adapters/mail/mailer';
import type { FileStore } from './adapters/storage/file-store';
import type { Config } from './config';
import type { Db } from './db/client';
import { checkoutJobs } from './modules/checkout/payment-attention';
import { editionJobs } from './modules/editions/notify-buyers';
import { jobHandlers } from './modules/jobs/registry';
import type { JobHandler } from './modules/jobs/worker';
import { deliveryJobs } from './modules/mail/mail.jobs';
import type { AutomaticPaymentDeps } from './modules/mobile-money/automatic-payment.service';
import { mobileMoneyJobs, resendPaymentInstructions } from './modules/mobile-money/mobile-money.jobs';
import { refundJobs } from './modules/refunds/refund-email-job';

/** What every job needs, together: each module's handlers take their part of it. */
export interface JobDeps {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'port' | 'mailFrom' | 'mobileMoney' | 'jobs'>;
  /** Automatic mobile money (CinetPay), when configured: the poller's way to the provider. */
  automaticPayment?: AutomaticPaymentDeps;
}

/**
 * Every module's jobs, composed here rather than in `jobs`, so `jobs` depends on no module
 * (issue 16). A new job is declared in its module and listed here.
 */
export function createJobHandlers(deps: JobDeps): Record<string, JobHandler> {
  return jobHandlers<JobDeps>(deps, [
    ...deliveryJobs<JobDeps>({ whileUnpaid: resendPaymentInstructions }),
    ...mobileMoneyJobs,
    ...checkoutJobs,
    ...refundJobs,
    ...editionJobs,
  ]);
}
