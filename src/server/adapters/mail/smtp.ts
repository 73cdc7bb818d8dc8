import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Mail through an SMTP server (SMTP_URL). Timeouts are well under the job lease, so a hung
 * server fails the attempt (and the job retries) instead of outliving the worker's claim.
 */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(email, sendOptions = {}) {
      const info = await transport.sendMail({
        ...email,
        from: options.from,
        signal: sendOptions.signal,
      });
      return { messageId: info.messageId, response: info.response };
    },
    async close() {
      transport.close();
    },
  };
}
