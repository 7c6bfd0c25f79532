import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { Database } from '../src/db/database';
import { openPglite } from '../src/db/pglite';
import { startGateway, type RunningGateway } from '../src/server';

/** A gateway on 127.0.0.1 with a free port and its own copy of the migrated template database. */
export async function startTestGateway(): Promise<RunningGateway> {
  const dump = new Blob([await readFile(inject('gatewayTemplateDump'))]);
  return startGateway(
    { host: '127.0.0.1', port: 0, dataDir: '', databaseUrl: undefined, seedDemo: false },
    (): Promise<Database> => openPglite({ loadDataDir: dump }),
  );
}

/** Posts a raw body and returns the status, the parsed envelope and the headers. */
export async function call(
  gateway: RunningGateway,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) {
  const response = await fetch(gateway.url + path, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let json: { code: string; data: unknown; msg: string } | undefined;
  try {
    json = JSON.parse(text) as { code: string; data: unknown; msg: string };
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}
