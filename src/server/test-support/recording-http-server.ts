// A real local HTTP server for tests of HTTP clients (such as the web client's, run in Node): it records what it
// received and answers with whatever the test queued.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface CannedResponse {
  status: number;
  body?: string;
  contentType?: string;
}

export interface TestHttpServer {
  url: string;
  received: ReceivedRequest[];
  /** The answer for the next requests (the last one queued repeats). */
  respondWith(...responses: CannedResponse[]): void;
  close(): Promise<void>;
}

export async function startTestHttpServer(): Promise<TestHttpServer> {
  const received: ReceivedRequest[] = [];
  let queue: CannedResponse[] = [{ status: 200, body: '{}', contentType: 'application/json' }];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const next = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 200 };
      if (next.contentType) response.setHeader('content-type', next.contentType);
      response.writeHead(next.status);
      response.end(next.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    respondWith(...responses) {
      queue = responses;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
