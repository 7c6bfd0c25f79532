import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// Tests talk to a real local HTTP server (STYLE.md "Tests"): what it saw is what the client sent.

/** A request the server received. */
export interface SeenRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** Path without the query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the server answers: an envelope or any JSON `body`, or `raw` text; status 200 unless set. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  raw?: string;
}

export type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

export interface LocalServer {
  baseURL: string;
  seen: SeenRequest[];
  /** Sets the handler of a path (no query). Unknown paths answer 404 with an envelope. */
  on(path: string, handler: Handler): void;
  /** Requests seen for a path. */
  hits(path: string): SeenRequest[];
  close(): Promise<void>;
}

/** A success envelope. */
export const ok = (data: unknown): Reply => ({ body: { code: '00000', data, msg: 'success' } });

/** An error envelope. */
export const fail = (code: string, msg: string, status = 200): Reply => ({
  status,
  body: { code, data: null, msg },
});

/** Starts a server on 127.0.0.1 at a free port. */
export async function startLocalServer(): Promise<LocalServer> {
  const handlers = new Map<string, Handler>();
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      const url = request.url ?? '';
      const path = url.split('?')[0] ?? '';
      const entry: SeenRequest = {
        method: request.method ?? '',
        url,
        path,
        headers: request.headers,
        body,
      };
      seen.push(entry);
      const handler = handlers.get(path);
      const reply = handler
        ? await handler(entry)
        : fail('40400', `no such call: ${request.method} ${path}`, 404);
      if (response.destroyed) return;
      const text = reply.raw ?? JSON.stringify(reply.body ?? null);
      response
        .writeHead(reply.status ?? 200, {
          'content-type': reply.raw === undefined ? 'application/json' : 'text/plain',
          ...reply.headers,
        })
        .end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    on: (path, handler) => handlers.set(path, handler),
    hits: (path) => seen.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
