import { CopyPath } from '@exchange-web/protocol/copy-trading';
import { FeePath } from '@exchange-web/protocol/fees';
import { ReservesPath } from '@exchange-web/protocol/reserves';
import { DEV_TRUST_ROOT_CERT_PEM } from '@exchange-web/protocol/dev-trust-root';
import { ApiPath } from '@exchange-web/protocol/paths';
import { gatewaySignConfigReplySchema } from '@exchange-web/protocol/schemas';
import { TradingPath } from '@exchange-web/protocol/trading';
import { X509Certificate, createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { DEFAULT_APP_CONFIG } from '../src/config';
import type { RunningGateway } from '../src/server';
import { fetchSignConfig } from './signing-client';
import { call, startTestGateway } from './support';

// Spelled out, not derived from the prefix: the test pins which calls are signed.
const tradingCalls = [
  TradingPath.placeOrder,
  TradingPath.cancelOrder,
  TradingPath.cancelAllOrders,
  TradingPath.orderDetail,
  TradingPath.openOrders,
  TradingPath.orderHistory,
  TradingPath.fills,
  TradingPath.balances,
  TradingPath.resetPaper,
  TradingPath.openPosition,
  TradingPath.closePosition,
  TradingPath.positions,
  TradingPath.marginTransfer,
  TradingPath.marginBorrow,
  TradingPath.marginRepay,
  TradingPath.marginAccount,
  TradingPath.marginAccounts,
  TradingPath.marginRecords,
  TradingPath.marginPlaceOrder,
  TradingPath.marginCancelOrder,
  TradingPath.marginOrders,
  TradingPath.marginOrderDetail,
  CopyPath.apply,
  CopyPath.follow,
  CopyPath.stop,
  CopyPath.follows,
  CopyPath.trades,
  CopyPath.leading,
  FeePath.level,
];

let gateway: RunningGateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(async () => {
  await gateway.stop();
});

describe('GET /v1/mix/config/gatewaySignConfig', () => {
  it('announces the core calls, their modes and the device-check path', async () => {
    const securityCalls = [
      ApiPath.authenticatorSetup,
      ApiPath.authenticatorBind,
      ApiPath.authenticatorUnbind,
      ApiPath.antiPhishingSet,
      ApiPath.deviceSignOut,
      ApiPath.deviceSignOutOthers,
      ApiPath.signInHistory,
      ApiPath.changePassword,
      ApiPath.passkeyRegisterOptions,
      ApiPath.passkeyRegister,
      ApiPath.passkeyList,
      ApiPath.passkeyRemove,
      ApiPath.walletBind,
      ApiPath.walletUnbind,
      ApiPath.telegramBind,
      ApiPath.telegramUnbind,
      ApiPath.googleBind,
      ApiPath.googleUnbind,
      ApiPath.appleBind,
      ApiPath.appleUnbind,
      ApiPath.thirdPartyList,
      ApiPath.sendChangeCode,
      ApiPath.changeEmail,
      ApiPath.changeMobile,
    ];
    const { status, json, headers } = await call(gateway, 'GET', ApiPath.gatewaySignConfig);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    const config = gatewaySignConfigReplySchema.parse(json?.data).gatewaySignConfig;
    expect(config).toMatchObject({
      clientOpen: true,
      defaultAlgorithm: 'rsa1024',
      exactUrls: [
        ApiPath.assetOverview,
        ReservesPath.proof,
        ApiPath.apiKeyList,
        ApiPath.apiKeyCreate,
        ApiPath.apiKeyDelete,
        ...securityCalls,
        ApiPath.crossTerminalLoginStatus,
        ...tradingCalls,
      ],
      prefixUrls: ['/v1/user/apiKey/', '/v1/user/security/', '/v1/trade/'],
      signModes: {
        [ApiPath.assetOverview]: 2,
        [ReservesPath.proof]: 2,
        [ApiPath.apiKeyList]: 2,
        [ApiPath.apiKeyCreate]: 2,
        [ApiPath.apiKeyDelete]: 2,
        '/v1/user/apiKey/': 2,
        ...Object.fromEntries(securityCalls.map((path) => [path, 2])),
        '/v1/user/security/': 2,
        [ApiPath.crossTerminalLoginStatus]: 2,
        ...Object.fromEntries(tradingCalls.map((path) => [path, 2])),
        '/v1/trade/': 2,
      },
      userCheckDeviceUrl: [ApiPath.login],
    });
  });

  it('hands out an RSA-2048 key signed by the development trust root the client builds in', async () => {
    const config = await fetchSignConfig(gateway);
    const serverKey = createPublicKey({
      key: Buffer.from(config.serverPublicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(serverKey.asymmetricKeyType).toBe('rsa');
    expect(serverKey.asymmetricKeyDetails?.modulusLength).toBe(2048);

    const trustKey = new X509Certificate(DEV_TRUST_ROOT_CERT_PEM).publicKey;
    const signature = Buffer.from(config.serverPublicKeySign, 'base64');
    expect(verify('sha256', Buffer.from(config.serverPublicKey, 'utf8'), trustKey, signature)).toBe(
      true,
    );
    // The signature covers this key only.
    const other = `${config.serverPublicKey.slice(0, -4)}AAA=`;
    expect(verify('sha256', Buffer.from(other, 'utf8'), trustKey, signature)).toBe(false);
  });

  it('keeps one current key in the database and serves it on every call', async () => {
    const first = await fetchSignConfig(gateway);
    const second = await fetchSignConfig(gateway);
    expect(second.serverPublicKey).toBe(first.serverPublicKey);
    const rows = await gateway.db.query<{ public_key: string }>(
      'SELECT public_key FROM sign_server_keys WHERE retired_at IS NULL',
    );
    expect(rows.map((row) => row.public_key)).toEqual([first.serverPublicKey]);
  });

  it('serves the same key from another process on the same database', async () => {
    const { serverPublicKey } = await fetchSignConfig(gateway);
    const otherProcess = createApp({ db: gateway.db, config: { ...DEFAULT_APP_CONFIG } });
    const response = await otherProcess.request(ApiPath.gatewaySignConfig);
    const reply = gatewaySignConfigReplySchema.parse(
      ((await response.json()) as { data: unknown }).data,
    );
    expect(reply.gatewaySignConfig.serverPublicKey).toBe(serverPublicKey);
  });

  it('says what the operator configured: signing closed, rsa2048 keys', async () => {
    const configured = createApp({
      db: gateway.db,
      config: { ...DEFAULT_APP_CONFIG, signClientOpen: false, signDefaultAlgorithm: 'rsa2048' },
    });
    const response = await configured.request(ApiPath.gatewaySignConfig);
    const reply = gatewaySignConfigReplySchema.parse(
      ((await response.json()) as { data: unknown }).data,
    );
    expect(reply.gatewaySignConfig).toMatchObject({
      clientOpen: false,
      defaultAlgorithm: 'rsa2048',
    });
  });

  it('refuses to start with a missing trust key file, saying which variable to set', () => {
    expect(() =>
      createApp({
        db: gateway.db,
        config: { ...DEFAULT_APP_CONFIG, signTrustKeyFile: '/nonexistent/trust.pem' },
      }),
    ).toThrow(/GATEWAY_SIGN_TRUST_KEY_FILE: cannot read .*\/nonexistent\/trust\.pem/);
  });

  it('answers 405 to a POST', async () => {
    const { status, json } = await call(gateway, 'POST', ApiPath.gatewaySignConfig, '{}');
    expect(status).toBe(405);
    expect(json?.code).toBe('40500');
  });
});
