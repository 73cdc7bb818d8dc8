import { z } from 'zod';
import { optionalString } from '../../settings';

/** SMTP when SMTP_URL is set, otherwise `.eml` files in DATA_DIR/outbox (see createMailer). */
export const smtpSettings = z
  .object({
    SMTP_URL: optionalString.pipe(z.url().optional()),
    MAIL_FROM: z.string().min(3).default('Guides Afrique <guides@example.com>'),
  })
  .transform((e) => ({ smtpUrl: e.SMTP_URL, mailFrom: e.MAIL_FROM }));

export type SmtpSettings = z.infer<typeof smtpSettings>;
