// @vitest-environment jsdom
import { CookieName, LocalStorageKey } from '@exchange-web/protocol/registry';
import type { UsdtRateReply } from '@exchange-web/protocol/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from '../i18n/messages';
import en from '../i18n/messages/en.json';
import { createTranslator } from '../i18n/translator';
import type * as ModuleLoaders from '@exchange-web/client/module-loaders';
import { domainConfigReplySchema } from '@exchange-web/protocol/transport-schemas';
import {
  createSiteServices,
  type ServerLoadedShellData,
  type SiteServicesOptions,
} from './site-services';

// The real loader, counted: a page that asks nothing must not even load the request client.
const clientLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@exchange-web/client/module-loaders', async (importOriginal) => {
  const actual = await importOriginal<typeof ModuleLoaders>();
  return {
    ...actual,
    loadHttpClientModule: () => {
      clientLoads.count += 1;
      return actual.loadHttpClientModule();
    },
  };
});

const t = createTranslator(en as Messages);
const rates: UsdtRateReply = {
  supported: [
    { name: 'USD', symbol: '$', value: 'USD' },
    { name: 'EUR', symbol: '€', value: 'EUR' },
  ],
  rates: { usd: '1', eur: '0.9' },
} as unknown as UsdtRateReply;

const options = (overrides: Partial<SiteServicesOptions> = {}): SiteServicesOptions => ({
  language: 'en',
  theme: 'black',
  t,
  signedIn: false,
  loadRates: async () => rates,
  ...overrides,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  localStorage.clear();
  for (const name of Object.values(CookieName))
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  document.documentElement.className = '';
});

describe('site services while server rendering', () => {
  it('have no browser part, refuse requests, and start from the request', async () => {
    const services = createSiteServices(options({ origin: null, signedIn: true, theme: 'white' }));
    expect(services.browser).toBeNull();
    await expect(services.api()).rejects.toThrow('only in the browser');
    expect(services.legalAcceptance.isAccepted('en')).toBe(true);
    expect(services.session.getState()).toEqual({ status: 'loading', user: null });
    expect(services.theme.getState()).toBe('white');
    expect(services.currency.getState().status).toBe('idle');
  });
});

/** A browser page's services on what its server render loaded, the request client unloaded. */
function servicesOnServerData(serverLoaded: ServerLoadedShellData) {
  clientLoads.count = 0;
  const loadRates = vi.fn(async () => rates);
  const services = createSiteServices(
    options({ origin: 'https://site.test', loadRates, serverLoaded }),
  );
  return { services, loadRates };
}

describe('site services in a browser', () => {
  it('build one request client for the page, however often it is asked for', async () => {
    const services = createSiteServices(options({ origin: 'https://site.test' }));
    const first = services.api();
    expect(services.api()).toBe(first);
    const client = await first;
    expect(typeof client.post).toBe('function');
  });

  it('load the rates on start and keep the chosen currency for the next page', async () => {
    const loadRates = vi.fn(async () => rates);
    const services = createSiteServices(options({ origin: 'https://site.test', loadRates }));
    // Stopped at once: the rates already asked for still arrive; the image probe never runs.
    services.start()();
    await settle();
    expect(loadRates).toHaveBeenCalledWith('en');
    expect(services.currency.getState().status).toBe('ready');
    services.currency.select('EUR');
    const next = createSiteServices(options({ origin: 'https://site.test', loadRates }));
    await next.currency.refresh();
    expect(next.currency.getState().selected.value).toBe('EUR');
  });

  it('start on what the server render loaded: rates and image domains, with no request client', async () => {
    const { services, loadRates } = servicesOnServerData({
      rates,
      domainConfig: {
        imgDomainConfig: {
          foreignDomainList: ['https://img.test'],
          internalDomainList: ['https://img.test'],
        },
      },
    });
    // The server checked the config: the browser does not check it again (zod stays unloaded).
    const checks = vi.spyOn(domainConfigReplySchema, 'parse');
    const stop = services.start();
    expect(services.currency.getState()).toMatchObject({ status: 'ready' });
    expect(services.currency.getState().entries.map((entry) => entry.value)).toEqual([
      'USD',
      'EUR',
    ]);
    // SPEC 8: a single listed domain is used without a probe.
    await expect(services.browser?.images.start()).resolves.toBe('https://img.test');
    stop();
    await settle();
    expect(loadRates).not.toHaveBeenCalled();
    expect(clientLoads.count).toBe(0);
    expect(checks).not.toHaveBeenCalled();
    checks.mockRestore();
  });

  it('ask for what the server render could not load', async () => {
    const { services, loadRates } = servicesOnServerData({ rates: null, domainConfig: null });
    services.start()();
    await settle();
    expect(loadRates).toHaveBeenCalledWith('en');
    expect(services.currency.getState().status).toBe('ready');
    // The domain config goes through the page's request client (whose call finds no gateway here).
    void services.browser?.images.start().catch(() => undefined);
    await vi.waitFor(() => expect(clientLoads.count).toBe(1));
  });

  it('post the rates for the language the shell set last', async () => {
    const loadRates = vi.fn(async () => rates);
    const services = createSiteServices(options({ origin: 'https://site.test', loadRates }));
    services.setLanguage('ja', createTranslator(en as Messages));
    services.currency.selectForLanguage('ja');
    await services.currency.refresh();
    expect(loadRates).toHaveBeenLastCalledWith('ja');
  });

  it('toggle the theme on the page and in the stored preferences', () => {
    const services = createSiteServices(options({ origin: 'https://site.test' }));
    services.theme.toggle();
    expect(services.theme.getState()).toBe('white');
    expect(document.documentElement.classList.contains('theme-white')).toBe(true);
    expect(document.cookie).toContain(`${CookieName.theme}=white`);
    expect(services.browser?.localCache.get('globalTheme')).toBe('white');
  });

  it('remember the legal notice accepted per language', () => {
    const services = createSiteServices(options({ origin: 'https://site.test' }));
    expect(services.legalAcceptance.isAccepted('fr')).toBe(false);
    services.legalAcceptance.accept('fr');
    expect(services.legalAcceptance.isAccepted('fr')).toBe(true);
    expect(
      createSiteServices(options({ origin: 'https://site.test' })).legalAcceptance.isAccepted('fr'),
    ).toBe(true);
  });

  it('share one local cache between the currency, the theme and the session', () => {
    const services = createSiteServices(options({ origin: 'https://site.test' }));
    services.currency.select('EUR');
    services.theme.toggle();
    const record = JSON.parse(localStorage.getItem(LocalStorageKey.localCache) ?? '{}');
    expect(record).toMatchObject({ fiatName: 'EUR', globalTheme: 'white' });
    expect(services.browser?.localCache.get('fiatName')).toBe('EUR');
  });
});
