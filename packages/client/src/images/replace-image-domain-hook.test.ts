import { ImagePath } from '@exchange-web/protocol/images';
import { ApiPath } from '@exchange-web/protocol/paths';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HttpClientOptions } from '../http-client';
import { fail, ok, startLocalServer, type LocalServer } from '../testing/local-server';
import { quietClient } from '../testing/quiet-client';
import type { ImageDomainSource } from './image-domains';

// A real local server per test: the coin icons reply as the client resolves it.
let server: LocalServer;
const ICONS = {
  icons: [
    { coin: 'BTC', url: '/images/coins/btc.svg' },
    { coin: 'ETH', url: '/images/coins/eth.svg' },
  ],
};
const DOMAIN = 'https://img1.test';

beforeEach(async () => {
  server = await startLocalServer();
  server.on(ImagePath.coinIcons, () => ok(ICONS));
  server.on(ApiPath.domainConfigList, () =>
    ok({ imgDomainConfig: { foreignDomainList: ['/images/x'], internalDomainList: [] } }),
  );
  server.on('/v1/nested', () =>
    ok([{ banner: { image: `${server.baseURL}/images/b.png`, text: '/images/c.png' } }, 7]),
  );
  server.on('/v1/refused', () => ({
    body: { code: '30001', data: { image: '/images/a.png' }, msg: '/images/a.png' },
  }));
  server.on('/v1/failed', () => fail('30001', 'refused'));
});
afterEach(async () => {
  await server.close();
});

const source = (domain = DOMAIN): ImageDomainSource => ({
  siteOrigin: server.baseURL,
  current: () => domain,
});

const client = (options: HttpClientOptions = {}) => quietClient(server, options);

describe('the replace-image-domain option (SPEC 4)', () => {
  it('is off by default: the coin icons come back as the server sent them', async () => {
    await expect(client().get(ImagePath.coinIcons)).resolves.toEqual(ICONS);
  });

  it('when on, moves the coin icons to the chosen domain', async () => {
    await expect(
      client({ replaceImageDomain: source() }).get(ImagePath.coinIcons),
    ).resolves.toEqual({
      icons: [
        { coin: 'BTC', url: `${DOMAIN}/images/coins/btc.svg` },
        { coin: 'ETH', url: `${DOMAIN}/images/coins/eth.svg` },
      ],
    });
  });

  it('rewrites deep in arrays and objects, absolute site URLs too', async () => {
    await expect(client({ replaceImageDomain: source() }).get('/v1/nested')).resolves.toEqual([
      { banner: { image: `${DOMAIN}/images/b.png`, text: `${DOMAIN}/images/c.png` } },
      7,
    ]);
  });

  it('reads the domain at each reply, and changes nothing while it is the site', async () => {
    let domain = server.baseURL;
    const http = client({
      replaceImageDomain: { siteOrigin: server.baseURL, current: () => domain },
    });
    await expect(http.get(ImagePath.coinIcons)).resolves.toEqual(ICONS);
    domain = DOMAIN;
    await expect(http.get(ImagePath.coinIcons)).resolves.toMatchObject({
      icons: [{ url: `${DOMAIN}/images/coins/btc.svg` }, {}],
    });
  });

  it('exempts the domain-config reply', async () => {
    await expect(
      client({ replaceImageDomain: source() }).get(ApiPath.domainConfigList),
    ).resolves.toEqual({
      imgDomainConfig: { foreignDomainList: ['/images/x'], internalDomainList: [] },
    });
  });

  it('leaves failed replies alone', async () => {
    const http = client({ replaceImageDomain: source() });
    await expect(http.get('/v1/refused')).rejects.toMatchObject({
      message: '/images/a.png',
      data: { image: '/images/a.png' },
    });
    await expect(http.get('/v1/failed')).rejects.toMatchObject({ code: '30001' });
  });
});
