import { describe, expect, it } from 'vitest';
import { CopyPath } from './copy-trading';
import { FeePath } from './fees';
import { ReservesPath } from './reserves';
import { Endpoints, type Endpoint } from './endpoints';
import { userInfoReplyFixture } from './fixtures';
import { ImagePath } from './images';
import { ApiPath } from './paths';
import { TradingPath } from './trading';

const entries = Object.entries(Endpoints) as [string, Endpoint][];
const registeredPaths = new Set<string>([
  ...Object.values(ApiPath),
  ...Object.values(TradingPath),
  ...Object.values(ImagePath),
  ...Object.values(CopyPath),
  ...Object.values(ReservesPath),
  ...Object.values(FeePath),
]);

describe('Endpoints', () => {
  it('takes every path from the path registries', () => {
    const unregistered = entries.filter(([, entry]) => !registeredPaths.has(entry.path));
    expect(unregistered.map(([name]) => name)).toEqual([]);
  });

  it('marks public only what needs no session: rates, config, market data, content, a QR sign-in', () => {
    const publicNames = Object.entries(Endpoints)
      .filter(([, entry]) => entry.access === 'public')
      .map(([name]) => name);
    expect(publicNames.sort()).toEqual(
      [
        'coinIcons',
        // The lead traders and their results are the same for every visitor.
        'copyLead',
        'copyLeads',
        'depth',
        'domainConfigList',
        // The fee schedule is the same for everyone; an account's level is its own.
        'feeSchedule',
        'gatewaySignConfig',
        'inscriptionSearch',
        'klines',
        // Asked before any session exists, by a visitor signing in with a passkey.
        'passkeyOptions',
        'protectionFund',
        // Polled before any session exists; its key and token, not a user, tell it apart.
        'qrKeyStatus',
        // The published snapshots are the same for everyone; an account's proof is its own.
        'reserveSnapshots',
        'seoTradesActivity',
        'seoTradesOwners',
        'seoTradesPriceHistory',
        'ticker',
        'trades',
        'usdtRate',
        // Asked before any session exists, by a visitor signing in with a wallet.
        'walletCheck',
        'walletNonce',
        // Asked before any session exists, by a visitor signing in with Telegram.
        'telegramCheck',
        'telegramConfig',
        // Asked before any session exists, by a visitor signing in with Google or Apple.
        'appleAuthorize',
        'appleCheck',
        'googleAuthorize',
        'googleCheck',
      ].sort(),
    );
    // The signed trading calls and the account's own data are never shared between users.
    for (const name of [
      'balances',
      'openOrders',
      'positions',
      'apiKeyList',
      'userInfo',
      'feeLevel',
    ] as const)
      expect(Endpoints[name].access).toBe('user');
  });

  it('has one entry per call', () => {
    const calls = entries.map(([, entry]) => `${entry.method} ${entry.path}`);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it('loads a request and a reply schema for every entry', async () => {
    for (const [name, entry] of entries) {
      const schemas = await entry.schemas();
      expect(typeof schemas.request.safeParse, name).toBe('function');
      expect(typeof schemas.reply.safeParse, name).toBe('function');
    }
  });

  it('sends GET queries as objects, so they become query parameters', async () => {
    for (const [name, entry] of entries.filter(([, candidate]) => candidate.method === 'GET')) {
      const { request } = await entry.schemas();
      expect(request.safeParse('text').success, name).toBe(false);
    }
  });

  it('accepts the user-info fixture as a user-info reply', async () => {
    const { reply } = await Endpoints.userInfo.schemas();
    expect(reply.safeParse(userInfoReplyFixture('1001')).success).toBe(true);
    expect(reply.safeParse({ ...userInfoReplyFixture(), settings: null }).success).toBe(false);
  });

  it('checks requests with the call schema: a strict payload refuses an unknown field', async () => {
    const { request } = await Endpoints.apiKeyDelete.schemas();
    expect(request.safeParse({ apiKey: 'k1' }).success).toBe(true);
    expect(request.safeParse({ apiKey: 'k1', extra: 1 }).success).toBe(false);
  });

  it('reads the data of a call that answers nothing as null, whatever it carries', async () => {
    const { reply } = await Endpoints.apiKeyDelete.schemas();
    expect(reply.parse(null)).toBeNull();
    expect(reply.parse({ added: 'later' })).toBeNull();
  });
});
