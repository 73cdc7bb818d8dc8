import type { Mailer } from './adapters/mail/mailer';
import type { FileStore } from './adapters/storage/file-store';
import type { Config } from './config';
import type { Db } from './db/client';
import { checkoutJobs } from './modules/checkout/payment-attention';
import { dataRightsJobs } from './modules/data-rights/data-rights.jobs';
import { editionJobs } from './modules/editions/notify-buyers';
import { jobHandlers } from './modules/jobs/registry';
import type { JobHandler } from './modules/jobs/worker';
import { libraryJobs } from './modules/library/sign-in.service';
import { lightJobs } from './modules/light/light-copies.service';
import { deliveryJobs } from './modules/mail/mail.jobs';
import type { AutomaticPaymentDeps } from './modules/mobile-money/automatic-payment.service';
import { mobileMoneyJobs, resendPaymentInstructions } from './modules/mobile-money/mobile-money.jobs';
import { refundJobs } from './modules/refunds/refund-email-job';
import { reviewJobs } from './modules/reviews/review-reminder';
import type { WavePaymentDeps } from './modules/wave/wave-payment.service';
import { waveJobs } from './modules/wave/wave-poller';
import { whatsappJobs, withWhatsAppMessages } from './modules/whatsapp/whatsapp.jobs';

/** What every job needs, together: each module's handlers take their part of it. */
export interface JobDeps {
  db: Db;
  files: FileStore;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'port' | 'mailFrom' | 'mobileMoney' | 'whatsapp' | 'jobs' | 'limits'>;
  /** Automatic mobile money (CinetPay), when configured: the poller's way to the provider. */
  automaticPayment?: AutomaticPaymentDeps;
  /** Wave Checkout: its poller and daily check. */
  wave?: WavePaymentDeps;
}

/**
 * Every module's jobs, composed here rather than in `jobs`, so `jobs` depends on no module
 *. A new job is declared in its module and listed here.
 */
export function createJobHandlers(deps: JobDeps): Record<string, JobHandler> {
  const handlers = jobHandlers<JobDeps>(deps, [
    ...deliveryJobs<JobDeps>({ whileUnpaid: resendPaymentInstructions }),
    ...mobileMoneyJobs,
    ...checkoutJobs,
    ...refundJobs,
    ...waveJobs,
    ...whatsappJobs,
    ...libraryJobs,
    ...lightJobs,
    ...editionJobs,
    ...reviewJobs,
    ...dataRightsJobs,
  ]);
  // An order's WhatsApp message is queued by the jobs that deliver it or say how to pay it.
  return withWhatsAppMessages(handlers, deps);
}
