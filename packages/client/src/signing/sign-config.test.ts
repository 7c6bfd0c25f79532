import { SessionStorageKey } from '@exchange-web/protocol/registry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../key-value-storage';
import { serverKeys, signServerKey, testSignConfig, vectors } from '../testing/signing-fixture';
import { TEST_TRUST_ROOT_PUBLIC_KEY } from '../testing/test-trust-root';
import type { FailureDetail, FailureEventName } from './failure-report';
import { SignConfigSource, type SignConfigOptions } from './sign-config';

let events: { event: FailureEventName; detail: FailureDetail }[];
beforeEach(() => {
  events = [];
});
afterEach(() => {
  vi.useRealTimers();
});

// A fresh source over a fake config call and fresh session storage in each test.
function setup(reply: () => unknown, options: Partial<SignConfigOptions> = {}) {
  let fetches = 0;
  const sessionStorage = memoryStorage();
  const source = new SignConfigSource({
    fetchConfig: async () => {
      fetches += 1;
      return reply();
    },
    sessionStorage,
    subtle: () => globalThis.crypto.subtle,
    trustRootPublicKey: TEST_TRUST_ROOT_PUBLIC_KEY,
    reportFailure: (event, detail) => events.push({ event, detail }),
    now: () => Date.now(),
    ...options,
  });
  return { source, sessionStorage, fetches: () => fetches };
}

const reply = (config: object = testSignConfig()) => ({ gatewaySignConfig: config });

describe('sign config', () => {
  it('fetches once for concurrent and later calls, and caches the config in session storage', async () => {
    const { source, sessionStorage, fetches } = setup(() => reply());
    const [first, second] = await Promise.all([source.get(), source.get()]);
    expect(first).toEqual(testSignConfig());
    expect(second).toBe(first);
    await source.get();
    expect(fetches()).toBe(1);
    expect(JSON.parse(sessionStorage.getItem(SessionStorageKey.gatewaySignConfig) ?? '')).toEqual(
      testSignConfig(),
    );
  });

  it('reads a config cached in session storage without a request', async () => {
    const cached = memoryStorage({
      [SessionStorageKey.gatewaySignConfig]: JSON.stringify(testSignConfig({ clientOpen: false })),
    });
    const { source, fetches } = setup(() => reply(), { sessionStorage: cached });
    expect(await source.get()).toMatchObject({ clientOpen: false });
    expect(fetches()).toBe(0);
  });

  it('ignores a cached value that does not validate, and fetches', async () => {
    const cached = memoryStorage({ [SessionStorageKey.gatewaySignConfig]: '{"clientOpen":"yes"}' });
    const { source, fetches } = setup(() => reply(), { sessionStorage: cached });
    expect(await source.get()).toEqual(testSignConfig());
    expect(fetches()).toBe(1);
  });

  it('refetches on demand: the cache is cleared and the new config replaces it', async () => {
    let clientOpen = true;
    const { source, sessionStorage, fetches } = setup(() => reply(testSignConfig({ clientOpen })));
    await source.get();
    clientOpen = false;
    expect(await source.get()).toMatchObject({ clientOpen: true });
    expect(await source.refetch()).toMatchObject({ clientOpen: false });
    expect(await source.get()).toMatchObject({ clientOpen: false });
    expect(fetches()).toBe(2);
    expect(sessionStorage.getItem(SessionStorageKey.gatewaySignConfig)).toContain(
      '"clientOpen":false',
    );
  });

  it('logs a failed load as loginEncryptFailed and asks again only after 2 s', async () => {
    vi.useFakeTimers();
    let failing = true;
    const { source, fetches } = setup(() => {
      if (failing) throw new Error('Network Error');
      return reply();
    });
    expect(await source.get()).toBeUndefined();
    expect(events).toEqual([
      {
        event: 'loginEncryptFailed',
        detail: { reason: 'configUnavailable', cause: new Error('Network Error') },
      },
    ]);
    failing = false;
    expect(await source.get()).toBeUndefined();
    expect(fetches()).toBe(1);
    vi.advanceTimersByTime(2000);
    expect(await source.get()).toEqual(testSignConfig());
    expect(fetches()).toBe(2);
  });

  it('refuses a reply that does not validate', async () => {
    const { source } = setup(() => ({ gatewaySignConfig: { clientOpen: true } }));
    expect(await source.get()).toBeUndefined();
    expect(events[0]).toMatchObject({
      event: 'loginEncryptFailed',
      detail: { reason: 'configUnavailable' },
    });
  });
});

describe('server key trust', () => {
  it('verifies serverPublicKeySign against the built-in certificate and imports the key for OAEP', async () => {
    const { source } = setup(() => reply());
    const result = await source.serverKey();
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.key.usages).toEqual(['encrypt']);
    expect(events).toEqual([]);
  });

  it('fails, logged once, when the signature is by another key', async () => {
    const forged = signServerKey(serverKeys.publicKey, vectors.keys.clientRsa2048.privateKeyPem);
    const { source } = setup(() => reply(testSignConfig({ serverPublicKeySign: forged })));
    expect(await source.serverKey()).toEqual({ ok: false, reason: 'serverKeySignatureInvalid' });
    expect(await source.serverKey()).toEqual({ ok: false, reason: 'serverKeySignatureInvalid' });
    expect(events).toEqual([
      { event: 'loginEncryptFailed', detail: { reason: 'serverKeySignatureInvalid' } },
    ]);
  });

  it('fails when the signature covers another server key', async () => {
    const { source } = setup(() =>
      reply(
        testSignConfig({
          serverPublicKeySign: signServerKey(vectors.keys.clientRsa2048.publicKey),
        }),
      ),
    );
    expect(await source.serverKey()).toMatchObject({
      ok: false,
      reason: 'serverKeySignatureInvalid',
    });
  });

  it.each([['missing'], ['empty']])(
    'keeps a config whose signature is %s for signing, but trusts no server key',
    async (how) => {
      const { serverPublicKeySign: _sign, ...unsigned } = testSignConfig();
      const { source } = setup(() =>
        reply(how === 'empty' ? { ...unsigned, serverPublicKeySign: '' } : unsigned),
      );
      expect(await source.get()).toEqual(unsigned);
      expect(await source.serverKey()).toEqual({ ok: false, reason: 'serverKeyUnsigned' });
      expect(events).toEqual([
        { event: 'loginEncryptFailed', detail: { reason: 'serverKeyUnsigned' } },
      ]);
    },
  );

  it('checks against the development root by default, which did not sign the test key', async () => {
    const { source } = setup(() => reply());
    const unrooted = new SignConfigSource({
      fetchConfig: async () => reply(),
      sessionStorage: memoryStorage(),
      subtle: () => globalThis.crypto.subtle,
      reportFailure: (event, detail) => events.push({ event, detail }),
      now: () => Date.now(),
    });
    expect(await source.serverKey()).toMatchObject({ ok: true });
    expect(await unrooted.serverKey()).toEqual({ ok: false, reason: 'serverKeySignatureInvalid' });
  });

  it.each([
    ['not base64', 'not a key!'],
    ['base64 of no key', 'bm90IGEga2V5'],
    ['a certificate instead of its key', 'MIIDWTCCAkGgAwIBAgIUDGHaWCDWW6UG'],
  ])('reports a built-in root key that is %s as unusable', async (_, trustRootPublicKey) => {
    const { source } = setup(() => reply(), { trustRootPublicKey });
    expect(await source.serverKey()).toMatchObject({ ok: false, reason: 'serverKeyUnusable' });
  });

  it('trusts nothing without WebCrypto (an insecure context)', async () => {
    const { source } = setup(() => reply(), { subtle: () => undefined });
    expect(await source.serverKey()).toEqual({ ok: false, reason: 'insecureContext' });
  });
});
