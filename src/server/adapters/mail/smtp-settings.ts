import { z } from 'zod';
import { fromEnv, optionalString } from '../../settings';

/** SMTP when SMTP_URL is set, otherwise `.eml` files in DATA_DIR/outbox (see createMailer). */
export const smtpSettings = fromEnv({
  smtpUrl: ['SMTP_URL', optionalString.pipe(z.url().optional())],
  mailFrom: ['MAIL_FROM', z.string().min(3).default('Guides Afrique <guides@example.com>')],
});

export type SmtpSettings = z.infer<typeof smtpSettings>;
