import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import type { SmtpSettings } from './smtp-settings';

/** One email as the shop composes it; the adapter adds From and turns it into MIME. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * A stable Message-ID (`<…@…>`): a message sent again after a crash carries the same id, so
   * mail servers and clients that deduplicate by Message-ID show it once.
   */
  messageId: string;
  /** Extra headers, such as List-Unsubscribe on messages sent without prior consent. */
  headers?: Record<string, string>;
}

export interface SentEmail {
  messageId: string;
  /** The server's answer (SMTP) or the file written (outbox), for the log. */
  response: string;
}

/** Where the shop's mail goes: an SMTP server, or `.eml` files in the outbox folder. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(email: OutgoingEmail, options?: { signal?: AbortSignal }): Promise<SentEmail>;
  close(): Promise<void>;
}

/** SMTP when SMTP_URL is set, otherwise `.eml` files in DATA_DIR/outbox. */
export function createMailer(config: SmtpSettings & { outboxDir: string }): Mailer {
  return config.smtpUrl
    ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
    : createOutboxMailer({ dir: config.outboxDir, from: config.mailFrom });
}
