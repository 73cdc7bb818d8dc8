// Receipts: how long the shop's typesetter takes to set one, how large it is, and what
// the event loop sees meanwhile. In-process from the sources, one receipt at a time then 16 at once
// (the most the service lets wait), for a one-guide French receipt, the same with an Arabic name
// (a second font), and 50 guides over several pages:
//   npx tsx bench/receipts.ts [--runs 40]
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { stopWorker, typeset } from '../src/server/modules/downloads/typesetter';
import {
  A4,
  RECEIPT_FONT_SIZE,
  type Receipt,
  receiptHtml,
} from '../src/server/modules/receipts/receipt-html';
import { loadAverage, median, percentile, printTable } from './shop';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '40' } } });
const runs = Number(values.runs);
/** The most receipts the service lets wait for the typesetter (order-receipt.ts). */
const BURST = 16;

const receipt = (buyer: string, guides: number): Receipt => ({
  locale: 'fr',
  orderNumber: 'GA-7K3M9Q',
  orderedAt: new Date('2026-03-03T10:00:00Z'),
  paidAt: new Date('2026-03-03T10:01:00Z'),
  issuedAt: new Date(),
  shop: ['Guides Afrique', 'Cocody Riviera 2, Abidjan, Côte d’Ivoire', 'contact@guides-afrique.com'],
  buyer: { name: buyer, email: 'aissatou.diallo@example.com' },
  items: Array.from({ length: guides }, (_, i) => ({
    title: `Sénégal : l’essentiel, tome ${i + 1}`,
    quantity: 1,
    unitCents: 1250,
  })),
  discountCode: 'BIENVENUE10',
  discountCents: 125,
  totalCents: guides * 1250 - 125,
  tax: { cents: 0, rateBp: 0, label: null, included: true },
  refundedCents: 0,
  payment: { method: 'card', provider: null, reference: 'pi_3QxYzAbCdEf0123456789', testMode: false },
});

const set = async (r: Receipt) => {
  const started = performance.now();
  const { pdf } = await typeset(receiptHtml(r), { kind: 'pages', ...A4, fontSize: RECEIPT_FONT_SIZE });
  return { ms: performance.now() - started, bytes: pdf.length };
};

const cases: Array<[string, Receipt]> = [
  ['1 guide, Latin name', receipt('Aïssatou Diallo-Koné', 1)],
  ['1 guide, Arabic name', receipt('محمد Diallo', 1)],
  ['50 guides (2 pages)', receipt('Aïssatou Diallo-Koné', 50)],
];

console.log(
  `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average ${loadAverage()}; Node ${process.version}; ${runs} runs each`,
);
await set(cases[0]![1]); // The worker's start and first font load, not counted.
const rows: Array<Array<string | number>> = [];
for (const [name, r] of cases) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const one: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const result = await set(r);
    one.push(result.ms);
    bytes = result.bytes;
  }
  const burstStart = performance.now();
  await Promise.all(Array.from({ length: BURST }, () => set(r)));
  const burst = performance.now() - burstStart;
  loop.disable();
  rows.push([
    name,
    Math.round(median(one)),
    Math.round(percentile(one, 95)),
    Math.round(burst),
    Math.round(loop.max / 1e6),
    Math.round(bytes / 1024),
  ]);
}
stopWorker('bench done');
printTable(['receipt', 'one: p50 ms', 'one: p95 ms', `${BURST} at once: ms`, 'loop max ms', 'KiB'], rows);
