// @vitest-environment jsdom
import { memoryCookieJar } from '@exchange-web/client/cookie-jar';
import { memoryStorage } from '@exchange-web/client/key-value-storage';
import {
  Simulation,
  type SimulationPlatform,
  type StorageChange,
} from '@exchange-web/client/simulation';
import { CookieName, LocalStorageKey } from '@exchange-web/protocol/registry';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Messages } from '../i18n/messages';
import en from '../i18n/messages/en.json';
import { createTranslator } from '../i18n/translator';
import { testRootPerTest } from '../testing/react-root';
import { SimulationBanner } from './SimulationBanner';
import { SimulationProvider, useSimulation } from './SimulationProvider';

const english = createTranslator(en as Messages);

function fakePlatform(pathname: string, flag: boolean) {
  const actions: string[] = [];
  const listeners = new Set<(change: StorageChange) => void>();
  const platform: SimulationPlatform = {
    storage: memoryStorage(flag ? { [LocalStorageKey.simulationTrade]: '1' } : {}),
    cookies: memoryCookieJar(),
    location: () => ({ pathname }),
    navigate: (url, { replace }) => actions.push(`${replace ? 'replace' : 'assign'} ${url}`),
    reload: () => actions.push('reload'),
    onStorageChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { platform, actions, listeners };
}

/** What a page in the shell shows: the banner while on, the page only where allowed. */
function Page() {
  const simulation = useSimulation();
  return (
    <>
      {simulation.on ? <SimulationBanner t={english} onLeave={simulation.exit} /> : null}
      <button type="button" data-testid="switch" onClick={simulation.enter}>
        switch
      </button>
      {simulation.allowed ? <p data-testid="content">page</p> : null}
    </>
  );
}

describe('SimulationBanner', () => {
  it('is a status region with the translated sentence and a leave button', () => {
    const host = document.createElement('div');
    host.innerHTML = renderToString(<SimulationBanner t={english} onLeave={() => undefined} />);
    const banner = host.querySelector('[role="status"]');
    expect(banner?.querySelector('p')?.textContent).toBe(en.simulation.banner);
    expect(banner?.querySelector('button')?.textContent).toBe(en.simulation.leave);
  });
});

describe('SimulationProvider', () => {
  const dom = testRootPerTest();

  it('renders what the cookie said on the server: the banner, the allowed page', () => {
    const html = renderToString(
      <SimulationProvider initialOn pathname="/ja/spot/BTCUSDT" simulation={null}>
        <Page />
      </SimulationProvider>,
    );
    expect(html).toContain('data-testid="simulation-banner"');
    expect(html).toContain('data-testid="content"');
  });

  it('hides a disallowed page while on, on the server too', () => {
    const html = renderToString(
      <SimulationProvider initialOn pathname="/ja/account" simulation={null}>
        <Page />
      </SimulationProvider>,
    );
    expect(html).not.toContain('data-testid="content"');
  });

  it('reads the flag in the browser, mirrors the cookie and redirects a disallowed page once', () => {
    const page = fakePlatform('/ja/account', true);
    dom.render(
      <SimulationProvider
        initialOn={false}
        pathname="/ja/account"
        simulation={new Simulation(page.platform)}
      >
        <Page />
      </SimulationProvider>,
    );
    expect(dom.host.querySelector('[data-testid="simulation-banner"]')).not.toBeNull();
    expect(dom.host.querySelector('[data-testid="content"]')).toBeNull();
    expect(page.platform.cookies.get(CookieName.simulationTrade)).toBe('1');
    expect(page.actions).toEqual(['replace /ja/spot/BTCUSDT']);
  });

  it('redirects a client navigation onto a disallowed page', () => {
    const page = fakePlatform('/spot/BTCUSDT', true);
    const simulation = new Simulation(page.platform);
    const render = (pathname: string) => (
      <SimulationProvider initialOn pathname={pathname} simulation={simulation}>
        <Page />
      </SimulationProvider>
    );
    dom.render(render('/spot/BTCUSDT'));
    expect(page.actions).toEqual([]);
    expect(dom.host.querySelector('[data-testid="content"]')).not.toBeNull();
    dom.render(render('/bg/ja/account'));
    expect(dom.host.querySelector('[data-testid="content"]')).toBeNull();
    expect(page.actions).toEqual(['replace /bg/ja/spot/BTCUSDT']);
  });

  it('enters from the switch and leaves from the banner', () => {
    const page = fakePlatform('/futures/usdt/ETHUSDT', false);
    dom.render(
      <SimulationProvider
        initialOn={false}
        pathname="/futures/usdt/ETHUSDT"
        simulation={new Simulation(page.platform)}
      >
        <Page />
      </SimulationProvider>,
    );
    expect(dom.host.querySelector('[data-testid="simulation-banner"]')).toBeNull();
    act(() => dom.host.querySelector<HTMLButtonElement>('[data-testid="switch"]')?.click());
    expect(page.actions).toEqual(['assign /futures/usdt/BTCUSDT']);
    expect(page.platform.storage.getItem(LocalStorageKey.simulationTrade)).toBe('1');
    act(() =>
      dom.host
        .querySelector<HTMLButtonElement>('[data-testid="simulation-banner"] button')
        ?.click(),
    );
    expect(page.platform.storage.getItem(LocalStorageKey.simulationTrade)).toBeNull();
    expect(page.platform.cookies.get(CookieName.simulationTrade)).toBeUndefined();
    expect(page.actions).toEqual(['assign /futures/usdt/BTCUSDT', 'reload']);
  });

  it('follows another tab and stops listening when unmounted', () => {
    const page = fakePlatform('/fee', false);
    dom.render(
      <SimulationProvider
        initialOn={false}
        pathname="/fee"
        simulation={new Simulation(page.platform)}
      >
        <Page />
      </SimulationProvider>,
    );
    expect(page.listeners.size).toBe(1);
    page.platform.storage.setItem(LocalStorageKey.simulationTrade, '1');
    act(() => page.listeners.forEach((listener) => listener({ key: 'simulation-trade' })));
    expect(page.actions).toEqual(['reload']);
    dom.unmount();
    expect(page.listeners.size).toBe(0);
  });

  it('throws outside the provider', () => {
    expect(() => renderToString(<Page />)).toThrow(/inside <SimulationProvider>/);
  });
});
