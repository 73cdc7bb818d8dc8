import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { readEmail } from './mail';

export interface ReceivedMessage {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface TestSmtpServer {
  url: string;
  /** Every message accepted so far, in order. */
  received: ReceivedMessage[];
  /** While true, every recipient is refused with a temporary 451, as a mail server in trouble does. */
  setRefusing(refusing: boolean): void;
  /** Recipients announced so far, accepted or still waiting (a kill may land in the pause). */
  started(): number;
  /** When each recipient was announced (refused or not), in order: the shop's tries, timed by the server. */
  tries: { to: string; at: number }[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a random port, keeping every message it accepts.
 * `acceptDelayMs` pauses on each recipient, before the message is handed over (so a fault test can
 * kill the shop in the middle of a send without widening the window where a crash makes a duplicate).
 */
export async function startSmtpServer(options: { acceptDelayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMessage[] = [];
  let refusing = false;
  let started = 0;
  const tries: { to: string; at: number }[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      started++;
      tries.push({ to: address.address, at: Date.now() });
      if (refusing) {
        const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(error);
      }
      if (options.acceptDelayMs) setTimeout(() => callback(), options.acceptDelayMs);
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r: SMTPServerAddress) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  // A client killed mid-session (fault tests) resets its connection: not the test's failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    setRefusing(value) {
      refusing = value;
    },
    started: () => started,
    tries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received message's subject and decoded plain-text body, for assertions on what the shopper reads. */
export function mailText(raw: Buffer | string): string {
  const email = readEmail(raw);
  return `${email.subject}\n\n${email.text}`;
}
