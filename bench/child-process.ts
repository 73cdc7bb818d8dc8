// Child processes of the benchmarks that print `listening <port>` once they serve (the bare server,
// the Stripe fake in its own process), killed with the bench if it throws or is interrupted.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ROOT } from './shop';

const children = new Set<ChildProcess>();
// Never leave a child behind if the benchmark throws or is interrupted (bench/shop.ts does the same for shops).
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
});

export async function spawnListening(
  args: string[],
  env: NodeJS.ProcessEnv,
  ipc = false,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env,
    stdio: ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
  return { child, port };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export function ask<T>(child: ChildProcess, message: object, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (reply: Record<string, unknown>) => {
      if (key in reply) {
        child.off('message', onMessage);
        resolve(reply as T);
      }
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

export interface StripeFakeProcess {
  child: ChildProcess;
  port: number;
  /** What a shop needs to use it: STRIPE_TEST_API_URL with its STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET. */
  env: Record<string, string>;
  /** Where its webhooks go (round-robin over the shops). */
  setWebhooks(shopUrls: string[]): Promise<unknown>;
  /** Its webhook delivery attempts so far. */
  stats(): Promise<{ deliveries: number; ok: number; failed: number }>;
  stop(): Promise<void>;
}

/**
 * The shop's Stripe fake in a process of its own (bench/stripe-fake-child.ts), as Stripe is a service
 * of its own: its request handling and webhook deliveries then take none of the shop's main thread.
 */
export async function startStripeFakeProcess(): Promise<StripeFakeProcess> {
  const stripeKey = `sk_test_bench_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const { child, port } = await spawnListening(
    [path.join(ROOT, 'bench', 'stripe-fake-child.ts')],
    { ...process.env, STRIPE_SECRET_KEY: stripeKey, STRIPE_WEBHOOK_SECRET: webhookSecret },
    true,
  );
  return {
    child,
    port,
    env: {
      STRIPE_TEST_API_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: stripeKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    setWebhooks: (shopUrls) => ask(child, { webhookUrls: shopUrls }, 'ack'),
    stats: () => ask(child, { stats: true }, 'deliveries'),
    stop: () => stopChild(child),
  };
}
