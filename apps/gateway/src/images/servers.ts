import { GatewayCode } from '@exchange-web/protocol/codes';
import { IMAGE_PATH_PREFIX } from '@exchange-web/protocol/images';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import type { ImageServer } from '../config';
import { fail } from '../http/envelope-response';
import { createImageHandler } from './files';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An app serving only `GET /images/*`, each answer after `delayMs` (the slow image origin). */
export function createImageApp(dir: string, delayMs = 0): Hono {
  const app = new Hono();
  if (delayMs > 0) {
    app.use('*', async (_c, next) => {
      await sleep(delayMs);
      await next();
    });
  }
  app.get(`${IMAGE_PATH_PREFIX}*`, createImageHandler(dir));
  app.notFound((c) =>
    fail(c, 404, GatewayCode.notFound, `no such image: ${c.req.method} ${c.req.path}`),
  );
  app.onError((error, c) => {
    console.error(error);
    return fail(c, 500, GatewayCode.internalError, 'internal error');
  });
  return app;
}

/** The extra image listeners, running. */
export interface RunningImageServers {
  /** Their origins (`http://host:port`, the port they got), in the configured order. */
  urls: string[];
  close(): Promise<void>;
}

type Server = ReturnType<typeof serve>;

function listen(dir: string, { host, port, delayMs }: ImageServer): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: createImageApp(dir, delayMs).fetch, hostname: host, port },
      () => {
        server.off('error', reject);
        resolve(server);
      },
    );
    server.once('error', reject);
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // A browser may keep a connection to the slow origin open: it must not hold the stop.
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/** Starts every listener; when one cannot listen, closes those started and throws. */
export async function startImageServers(
  dir: string,
  servers: readonly ImageServer[],
): Promise<RunningImageServers> {
  const started: Server[] = [];
  const closeAll = () => Promise.all(started.map(close)).then(() => undefined);
  try {
    for (const server of servers) started.push(await listen(dir, server));
  } catch (error) {
    await closeAll();
    const failed = servers[started.length];
    throw new Error(
      `image server ${failed?.host ?? ''}:${failed?.port ?? ''} could not listen: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return {
    urls: started.map((server, index) => {
      const { port } = server.address() as AddressInfo;
      return `http://${servers[index]?.host ?? ''}:${port}`;
    }),
    close: closeAll,
  };
}
