// Throughput of the catalogue API against a bare node:http server sending the very same response.
//   npx tsx bench/catalogue-throughput.ts [--duration 10] [--connections 50] [--encoding identity|br|all]
//     [--path /api/travel-guides?locale=fr,/,/senegal] [--no-diagnose] [--guides 1000]
// --guides N: the demo catalogue topped up to N guides first (bench/catalogue-seed.ts).
// Starts the built shop (fresh PGlite data folder), records GET /api/travel-guides?locale=fr once
// (status, headers, raw bytes), starts bench/bare-server.ts replaying that recording, then runs
// autocannon (in this process) against each, one after the other, after a 2 s warm-up of each.
// Both servers run in their own process; the load generator shares the machine's cores with them.
//
// Apples to apples: each mode sends the same request headers to both servers.
//   identity: no accept-encoding (the shop answers plain JSON; the bare server the same bytes).
//   br:       accept-encoding as Chromium sends it ("gzip, deflate, br, zstd"); the shop compresses
//             every response on the fly, the bare server replays the shop's compressed bytes.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startShopWithGuides } from './catalogue-seed';
import { spawnListening, stopChild } from './child-process';
import { isMain, loadAverage, printTable, ROOT, readCpuMs, resultsDir, stamp } from './shop';

const DEFAULT_PATH = '/api/travel-guides?locale=fr';
const TARGET_RATIO = 0.5;
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Recorded {
  status: number;
  headers: Array<[string, string]>;
  chunked: boolean;
  body: Buffer;
}

function record(url: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const pairs: Array<[string, string]> = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: pairs.filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
            chunked: /chunked/i.test(String(res.headers['transfer-encoding'] ?? '')),
            body: Buffer.concat(chunks),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function startBare(recorded: Recorded, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const responseFile = path.join(dir, 'response.json');
  const bodyFile = path.join(dir, 'body.bin');
  await writeFile(responseFile, JSON.stringify({ ...recorded, body: undefined }));
  await writeFile(bodyFile, recorded.body);
  const { child, port } = await spawnListening(
    [path.join(ROOT, 'bench', 'bare-server.ts'), responseFile, bodyFile],
    process.env,
  );
  return { url: `http://127.0.0.1:${port}`, child };
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
  /** The server's CPU time per answer (all its threads), in µs: what a busy machine does not change. */
  cpuUsPerRequest?: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  duration: number,
  connections: number,
  pid?: number,
): Promise<Load> {
  const cpuBefore = pid ? await readCpuMs(pid) : undefined;
  const result = await autocannon({ url, connections, duration, headers });
  const cpuAfter = pid ? await readCpuMs(pid) : undefined;
  return {
    cpuUsPerRequest:
      cpuBefore && cpuAfter && result.requests.total
        ? Math.round(((cpuAfter.process - cpuBefore.process) * 1000) / result.requests.total)
        : undefined,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

export interface ThroughputResult {
  path: string;
  encoding: string;
  requestHeaders: Record<string, string>;
  response: { status: number; bytes: number; headers: Array<[string, string]>; chunked: boolean };
  shop: Load;
  bare: Load;
  ratio: number;
}

export async function runThroughput(
  options: {
    duration?: number;
    connections?: number;
    encodings?: string[];
    paths?: string[];
    diagnose?: boolean;
    guides?: number;
  } = {},
): Promise<{ results: ThroughputResult[]; ok: boolean }> {
  const duration = options.duration ?? 10;
  const connections = options.connections ?? 50;
  const encodings = options.encodings ?? ['identity', 'br'];
  const paths = options.paths ?? [DEFAULT_PATH];
  const shop = await startShopWithGuides({ guides: options.guides });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-bare-'));
  const results: ThroughputResult[] = [];
  const diagnostics: Array<Load & { route: string }> = [];
  const loadBefore = loadAverage();
  try {
    console.log(
      `GET ${paths.join(', ')}: shop vs bare node:http with the same response; autocannon ${connections} connections, ` +
        `${duration} s each, after a 2 s warm-up; load generator in this process, on the same ${os.cpus().length} cores; ` +
        `load average ${loadBefore}\n`,
    );
    for (const PATH of paths)
      for (const encoding of encodings) {
        if (encoding !== 'identity' && encoding !== 'br')
          throw new Error(`unknown encoding mode ${encoding}`);
        const headers: Record<string, string> =
          encoding === 'identity' ? {} : { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
        const recorded = await record(shop.url + PATH, headers);
        if (recorded.status !== 200) throw new Error(`${PATH} answered ${recorded.status}`);
        const servedEncoding =
          recorded.headers.find(([n]) => n.toLowerCase() === 'content-encoding')?.[1] ?? 'identity';
        console.log(
          `[${encoding}] request accept-encoding: ${headers['accept-encoding'] ?? '(none)'}; response: ` +
            `${recorded.body.length} B, content-encoding ${servedEncoding}` +
            `${recorded.chunked ? ', chunked' : ''}; headers replayed: ${recorded.headers.map(([n]) => n).join(', ')}`,
        );
        const bare = await startBare(recorded, dir);
        try {
          const check = await record(bare.url + PATH, headers);
          if (!check.body.equals(recorded.body))
            throw new Error('The bare server does not send the same bytes');
          await load(shop.url + PATH, headers, 2, connections);
          const shopLoad = await load(shop.url + PATH, headers, duration, connections, shop.pid);
          await load(bare.url + PATH, headers, 2, connections);
          const bareLoad = await load(bare.url + PATH, headers, duration, connections, bare.child.pid);
          const ratio = shopLoad.rps / bareLoad.rps;
          results.push({
            path: PATH,
            encoding,
            requestHeaders: headers,
            response: {
              status: recorded.status,
              bytes: recorded.body.length,
              headers: recorded.headers,
              chunked: recorded.chunked,
            },
            shop: shopLoad,
            bare: bareLoad,
            ratio,
          });
          for (const [name, l] of [
            ['shop', shopLoad],
            ['bare', bareLoad],
          ] as const) {
            if (l.non2xx || l.errors || l.timeouts) {
              console.log(
                `  warning: ${name}: ${l.non2xx} non-2xx, ${l.errors} errors, ${l.timeouts} timeouts`,
              );
            }
          }
        } finally {
          await stopChild(bare.child);
        }
      }
    if (options.diagnose !== false) {
      // Where the shop's time goes: the same load on a route without the database, and on `select 1`.
      for (const route of ['/healthz', '/readyz']) {
        await load(shop.url + route, {}, 2, connections);
        diagnostics.push({ route, ...(await load(shop.url + route, {}, 5, connections)) });
      }
    }
  } finally {
    await shop.stop();
    await rm(dir, { recursive: true, force: true });
  }
  console.log('');
  printTable(
    [
      'path',
      'encoding',
      'server',
      'req/s',
      'p50 ms',
      'p99 ms',
      'requests',
      'B/response',
      'non-2xx',
      'CPU µs/req',
      'shop/bare',
    ],
    results.flatMap((r) => [
      [
        r.path,
        r.encoding,
        'shop',
        Math.round(r.shop.rps),
        r.shop.p50,
        r.shop.p99,
        r.shop.requests,
        Math.round(r.shop.bytesPerResponse),
        r.shop.non2xx,
        r.shop.cpuUsPerRequest ?? '-',
        r.ratio.toFixed(2),
      ],
      [
        r.path,
        r.encoding,
        'bare',
        Math.round(r.bare.rps),
        r.bare.p50,
        r.bare.p99,
        r.bare.requests,
        Math.round(r.bare.bytesPerResponse),
        r.bare.non2xx,
        r.bare.cpuUsPerRequest ?? '-',
        '',
      ],
    ]),
  );
  if (diagnostics.length) {
    console.log(
      '\nDiagnostic: the same load on two other routes of the shop (identity, 5 s after a 2 s warm-up)',
    );
    printTable(
      ['route', 'req/s', 'p50 ms', 'p99 ms'],
      diagnostics.map((d) => [d.route, Math.round(d.rps), d.p50, d.p99]),
    );
    console.log(
      '/healthz: Fastify alone, no database; /readyz: `select 1` on the database + a file-store check',
    );
  }
  const ok = results.every((r) => r.ratio >= TARGET_RATIO && r.shop.non2xx === 0 && r.shop.errors === 0);
  const file = path.join(await resultsDir(), `catalogue-throughput-${stamp()}.json`);
  await writeFile(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        loadAverage: { before: loadBefore, after: loadAverage() },
        duration,
        connections,
        guides: options.guides,
        results,
        diagnostics,
      },
      null,
      2,
    ),
  );
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  console.log(
    ok
      ? `OK: shop/bare >= ${TARGET_RATIO} in every mode.`
      : `FAILED: shop/bare under ${TARGET_RATIO} (or errors) in: ${results
          .filter((r) => r.ratio < TARGET_RATIO || r.shop.non2xx || r.shop.errors)
          .map((r) => `${r.path} ${r.encoding}`)
          .join(', ')}`,
  );
  return { results, ok };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      encoding: { type: 'string', default: 'all' },
      path: { type: 'string', default: DEFAULT_PATH },
      'no-diagnose': { type: 'boolean', default: false },
      guides: { type: 'string' },
    },
  });
  const { ok } = await runThroughput({
    duration: Number(values.duration),
    connections: Number(values.connections),
    encodings: values.encoding === 'all' ? undefined : values.encoding.split(','),
    paths: values.path.split(','),
    diagnose: !values['no-diagnose'],
    guides: values.guides ? Number(values.guides) : undefined,
  });
  process.exitCode = ok ? 0 : 1;
}
