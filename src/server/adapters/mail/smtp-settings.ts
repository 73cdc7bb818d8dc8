import { z } from 'zod';
import { countryList, fromEnv, optionalString } from '../../settings';

/** SMTP when SMTP_URL is set, otherwise `.eml` files in DATA_DIR/outbox (see createMailer). */
export const smtpSettings = fromEnv({
  smtpUrl: ['SMTP_URL', optionalString.pipe(z.url().optional())],
  /** Where the SMTP provider processes mail, for the privacy page's list of processors. */
  smtpCountries: ['SMTP_PROVIDER_COUNTRIES', countryList],
  mailFrom: ['MAIL_FROM', z.string().min(3).default('Guides Afrique <guides@example.com>')],
});

export type SmtpSettings = z.infer<typeof smtpSettings>;
