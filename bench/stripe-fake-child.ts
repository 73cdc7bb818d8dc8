// The shop's Stripe fake (src/server/adapters/payments/stripe-fake.ts) as a server of its own, shared by
// every shop instance of bench/multi-instance.ts, as tests/e2e/multi-instance.e2e.ts shares it:
//   node --import tsx bench/stripe-fake-child.ts   (env: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)
// Prints `listening <port>`. Run as a child with an IPC channel: the parent sends
// { webhookUrls: string[] } to say where webhooks go (spread round-robin, as a load balancer in front
// of the instances would), and { stats: true } to get { deliveries, ok, failed } back.
import { startStripeFake } from '../src/server/adapters/payments/stripe-fake';

const apiKey = process.env.STRIPE_SECRET_KEY;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
if (!apiKey || !webhookSecret) throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required');

let targets: string[] = [];
let next = 0;
const fake = await startStripeFake({
  apiKey,
  webhookSecret,
  webhookUrl: () => (targets.length ? targets[next++ % targets.length] : undefined),
  retryDelaysMs: [200, 500, 1000, 2000, 5000],
});

process.on('message', (message: { webhookUrls?: string[]; stats?: boolean }) => {
  if (message.webhookUrls) {
    targets = message.webhookUrls.map((url) => `${url}/api/stripe/webhook`);
    process.send?.({ ack: true });
  }
  if (message.stats) {
    const deliveries = fake.deliveries();
    process.send?.({
      deliveries: deliveries.length,
      ok: deliveries.filter((d) => d.ok).length,
      failed: deliveries.filter((d) => !d.ok).length,
    });
  }
});
process.on('SIGTERM', () => {
  void fake.close().then(() => process.exit(0));
});
console.log(`listening ${fake.port}`);
