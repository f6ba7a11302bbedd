import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  /** Path and query the call was made to. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP server standing in for an integrator's webhook receiver (or an
 * SMS provider). `respond` decides each answer; every call is recorded.
 */
export async function startReceiver(respond: (call: ReceivedCall, index: number) => { status: number; headers?: Record<string, string>; delayMs?: number; body?: string }) {
  const calls: ReceivedCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call = { path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      calls.push(call);
      const answer = respond(call, calls.length - 1);
      const send = () => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
