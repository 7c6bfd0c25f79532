import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryKeyRecords } from '../signing/key-records';
import { ok, startLocalServer, type LocalServer } from '../testing/local-server';
import { quietClient } from '../testing/quiet-client';
import { testSigning } from '../testing/signing-fixture';
import type { RequestHook } from './hooks';
import type * as PipelineModule from './pipeline';
import type { PipelineOptions } from './pipeline';
import { REQUEST_SLOTS } from './slots';

// Every hook the client hands its pipeline, traced as it runs: the order is the pipeline's.
const trace = vi.hoisted(() => [] as string[]);
vi.mock('./pipeline', async (importOriginal) => {
  const real = await importOriginal<typeof PipelineModule>();
  const traced = (hook: RequestHook): RequestHook => ({
    slot: hook.slot,
    beforeRequest(request) {
      trace.push(`before ${hook.slot}`);
      return hook.beforeRequest?.(request);
    },
    afterResponse(response) {
      trace.push(`after ${hook.slot}`);
      return hook.afterResponse?.(response);
    },
  });
  return {
    ...real,
    createPipeline: (options: PipelineOptions) =>
      real.createPipeline({ ...options, hooks: options.hooks.map(traced) }),
  };
});

let server: LocalServer;
beforeEach(async () => {
  trace.length = 0;
  server = await startLocalServer();
  server.on('/v1/ok', () => ok(null));
});
afterEach(async () => {
  await server.close();
});

describe('the request pipeline', () => {
  it('is this list of slots, in this order', () => {
    expect(REQUEST_SLOTS).toEqual([
      'duplicate-guard',
      'common-headers',
      'simulation-header',
      'login-encryption',
      'caller-request',
      'device-check',
      'request-signing',
      'server-time',
      'sign-error',
      'session-expiry',
      'challenge',
      'error-notice',
      'caller-response',
      'replace-image-domain',
    ]);
  });

  it('runs every hook of a client with every option on in that order, in every phase', async () => {
    const http = quietClient(server, {
      duplicateGuard: true,
      simulation: () => true,
      signing: testSigning(async () => memoryKeyRecords()),
      challenge: { presenter: { present: async () => null } },
      replaceImageDomain: { siteOrigin: server.baseURL, current: () => 'https://img.test' },
      hooks: [{ slot: 'caller-response' }, { slot: 'caller-request' }],
    });
    await http.get('/v1/ok');
    expect(trace).toEqual([
      ...REQUEST_SLOTS.map((slot) => `before ${slot}`),
      ...REQUEST_SLOTS.map((slot) => `after ${slot}`),
    ]);
  });
});
