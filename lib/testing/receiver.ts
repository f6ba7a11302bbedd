import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  method: string;
  /** Path and query the call was made to. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body as text, and as sent. */
  body: string;
  bytes: Buffer;
}

export type ReceiverAnswer =
  | { status: number; headers?: Record<string, string>; delayMs?: number; body?: string | Buffer }
  /** Never answers: the client must give up by itself. */
  | { hang: true }
  /** Sends the status and part of a body, then stalls with the body never ended. */
  | { status: number; partial: string };

export interface ReceiverOptions {
  /** A fixed port (a receiver taken down and brought back at the same address); default any free one. */
  port?: number;
}

/**
 * The one local HTTP server of the tests: an integrator's webhook receiver, an
 * SMS provider, or a stand-in for a remote API (Datavalid, S3). `respond`
 * decides each answer; every call is recorded.
 */
export async function startReceiver(respond: (call: ReceivedCall, index: number) => ReceiverAnswer | Promise<ReceiverAnswer>, options: ReceiverOptions = {}) {
  const calls: ReceivedCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const bytes = Buffer.concat(chunks);
      const call = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: bytes.toString('utf8'), bytes };
      calls.push(call);
      const answer = await respond(call, calls.length - 1);
      if ('hang' in answer) return;
      if ('partial' in answer) return void res.writeHead(answer.status).write(answer.partial);
      const send = () => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
