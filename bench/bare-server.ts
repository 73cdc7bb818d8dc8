// A bare node:http server that answers every request with one recorded response: the baseline of
// bench/catalogue-throughput.ts. Run as a child process (its own event loop, like the shop):
//   node --import tsx bench/bare-server.ts <response.json> <body file>
// response.json: { "status": 200, "headers": [[name, value], …], "chunked": false }
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [responseFile, bodyFile] = process.argv.slice(2);
if (!responseFile || !bodyFile) throw new Error('usage: bare-server.ts <response.json> <body file>');
const recorded = JSON.parse(readFileSync(responseFile, 'utf8')) as {
  status: number;
  headers: Array<[string, string]>;
  chunked: boolean;
};
const body = readFileSync(bodyFile);

const server = createServer((_request, response) => {
  response.statusCode = recorded.status;
  for (const [name, value] of recorded.headers) response.setHeader(name, value);
  if (recorded.chunked) {
    // The shop streamed this response (transfer-encoding: chunked, no content-length): do the same.
    response.write(body);
    response.end();
  } else {
    response.end(body);
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
