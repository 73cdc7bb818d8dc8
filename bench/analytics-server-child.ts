// The shop's API (no page rendering) as its own process for bench/analytics-ingest.ts, run from the
// sources: node --import tsx bench/analytics-server-child.ts. Prints "listening <port>"; SIGTERM
// closes the app (which writes the buffered analytics events), prints "closed <ms>" and exits.
// BENCH_BARE=1: a bare Fastify that only parses the JSON body and answers 204, the baseline.
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const bare = process.env.BENCH_BARE === '1';
const app = bare ? Fastify({ bodyLimit: 65_536 }) : await buildApp(loadConfig(), { startWorker: false });
if (bare) {
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.post('/api/analytics/event', async (_request, reply) => reply.code(204).send());
}
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => {
  const started = performance.now();
  void app.close().then(() => {
    console.log(`closed ${Math.round(performance.now() - started)}`);
    process.exit(0);
  });
});
