import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Mail as RFC 822 `.eml` files in the outbox folder, one per message: the offline default, so a
 * fresh clone "sends" mail that can be opened in any mail client. Each file is written under a
 * temporary name and renamed, so a reader never sees half a message.
 */
export function createOutboxMailer(options: { dir: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    async send(email, sendOptions = {}) {
      sendOptions.signal?.throwIfAborted();
      const info = await transport.sendMail({
        ...email,
        from: options.from,
        date: new Date(),
      });
      const message = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('The outbox transport did not build the message');
      await fs.mkdir(options.dir, { recursive: true });
      // Sorted by time when listed; the random part keeps two messages of one millisecond apart.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      const target = path.join(options.dir, name);
      const temp = `${target}.partial`;
      try {
        await fs.writeFile(temp, message, { flag: 'wx' });
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      return { messageId: info.messageId, response: `written to ${name}` };
    },
    async close() {},
  };
}
