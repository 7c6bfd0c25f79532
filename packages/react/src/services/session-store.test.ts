import type { HttpClient } from '@exchange-web/client/http-client';
import { LocalCache } from '@exchange-web/client/local-cache';
import { memoryStorage } from '@exchange-web/client/key-value-storage';
import type * as SessionModule from '@exchange-web/client/session';
import type { SessionState } from '@exchange-web/client/session';
import type { UserInfoReply } from '@exchange-web/protocol/schemas';
import { describe, expect, it, vi } from 'vitest';
import { createSiteSessionStore, type SiteSessionOptions } from './session-store';

const user = { userName: 'ada', userInfo: { userId: 'u1' } } as unknown as UserInfoReply;

/** A client session whose state the test moves by hand. */
function fakeClientSession() {
  const listeners = new Set<() => void>();
  let state: SessionState = { status: 'unknown', userId: '', user: null };
  const session = {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    loadUserInfo: vi.fn(async () => null),
    logout: vi.fn(async () => undefined),
  };
  return {
    session,
    move(next: SessionState) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

function storeWith(signedIn: boolean, overrides: Partial<SiteSessionOptions> = {}) {
  const client = fakeClientSession();
  const http = { post: vi.fn(async () => null) } as unknown as HttpClient;
  const createSession = vi.fn(() => client.session);
  const loadSessionModule = vi.fn(
    async () => ({ createSession }) as unknown as typeof SessionModule,
  );
  const onSignedIn = vi.fn(async () => undefined);
  const store = createSiteSessionStore({
    signedIn,
    api: async () => http,
    localCache: new LocalCache(memoryStorage()),
    locale: () => 'ja',
    loadSessionModule,
    onSignedIn,
    ...overrides,
  });
  return { store, client, http, createSession, loadSessionModule, onSignedIn };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('site session store', () => {
  it('is anonymous at once without a session, and never loads the session code', async () => {
    const { store, loadSessionModule } = storeWith(false);
    expect(store.getState()).toEqual({ status: 'anonymous', user: null });
    store.start();
    await settle();
    expect(loadSessionModule).not.toHaveBeenCalled();
  });

  it('waits for the user with a session, loads it once, and shows it when it comes', async () => {
    const { store, client, createSession, loadSessionModule, onSignedIn } = storeWith(true);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().status));
    expect(store.getState().status).toBe('loading');
    store.start();
    store.start();
    await settle();
    expect(loadSessionModule).toHaveBeenCalledTimes(1);
    expect(createSession).toHaveBeenCalledWith(
      expect.objectContaining({ locale: expect.any(Function) }),
    );
    expect(client.session.loadUserInfo).toHaveBeenCalledTimes(1);
    client.move({ status: 'loading', userId: 'u1', user: null });
    expect(store.getState()).toEqual({ status: 'loading', user: null });
    client.move({ status: 'signedIn', userId: 'u1', user });
    expect(store.getState()).toEqual({ status: 'signedIn', user });
    // A reload of the same user keeps it on screen.
    client.move({ status: 'loading', userId: 'u1', user });
    expect(store.getState()).toEqual({ status: 'signedIn', user });
    client.move({ status: 'anonymous', userId: '', user: null });
    expect(store.getState()).toEqual({ status: 'anonymous', user: null });
    expect(seen).toEqual(['signedIn', 'anonymous']);
    await settle();
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('posts a sign-in call, then loads the user it leads to afresh', async () => {
    const { store, client, http } = storeWith(false);
    expect(await store.signIn('/v1/user/login', { a: 1 })).toEqual({ kind: 'signedIn' });
    expect(http.post).toHaveBeenCalledWith('/v1/user/login', { a: 1 });
    expect(client.session.loadUserInfo).toHaveBeenCalledWith({ fresh: true });
  });

  it('answers the challenge of a login that asks for a second factor, and loads no user', async () => {
    const secondFactor = { token: 'T'.repeat(43), factors: ['google'], expiresInSeconds: 300 };
    const http = { post: vi.fn(async () => ({ secondFactor })) } as unknown as HttpClient;
    const { store, client } = storeWith(false, { api: async () => http });
    expect(await store.signIn('/v1/user/login', {})).toEqual({
      kind: 'secondFactor',
      challenge: secondFactor,
    });
    expect(client.session.loadUserInfo).not.toHaveBeenCalled();
    expect(store.getState().status).toBe('anonymous');
    // A malformed challenge is the server's fault, not a session.
    const broken = { post: vi.fn(async () => ({ secondFactor: { token: 'x' } })) };
    const other = storeWith(false, { api: async () => broken as unknown as HttpClient });
    await expect(other.store.signIn('/v1/user/login', {})).rejects.toThrow();
    expect(other.client.session.loadUserInfo).not.toHaveBeenCalled();
  });

  it('loads the signed-in user again when asked', async () => {
    const { store, client } = storeWith(true);
    await store.refreshUser();
    expect(client.session.loadUserInfo).toHaveBeenCalledWith({ fresh: true });
  });

  it('leaves the session as it was when the sign-in call fails', async () => {
    const refused = new Error('refused');
    const http = { post: vi.fn(async () => Promise.reject(refused)) } as unknown as HttpClient;
    const { store, client } = storeWith(false, { api: async () => http });
    await expect(store.signIn('/v1/user/login', {})).rejects.toBe(refused);
    expect(client.session.loadUserInfo).not.toHaveBeenCalled();
    expect(store.getState().status).toBe('anonymous');
  });

  it('logs out through the client session', async () => {
    const { store, client } = storeWith(true);
    await store.logout();
    expect(client.session.logout).toHaveBeenCalledTimes(1);
  });

  it('refuses to build a session while server rendering', async () => {
    const { store } = storeWith(true, { localCache: null });
    await expect(store.logout()).rejects.toThrow('only in the browser');
  });
});
