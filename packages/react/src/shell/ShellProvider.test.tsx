// @vitest-environment jsdom
import type { UsdtRateReply } from '@exchange-web/protocol/schemas';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Messages } from '../i18n/messages';
import en from '../i18n/messages/en.json';
import { createTranslator } from '../i18n/translator';
import { createSiteServices, type SiteServices } from '../services/site-services';
import { countFormatters } from '../testing/intl-formatters';
import { testRootPerTest } from '../testing/react-root';
import {
  ShellProvider,
  StartServices,
  useShellActions,
  useShellState,
  type ShellActions,
} from './ShellProvider';

const rates = {
  supported: [{ name: 'USD', symbol: '$', value: 'USD' }],
  rates: { usd: '1' },
} as unknown as UsdtRateReply;

const servicesFor = (origin: string | null) =>
  createSiteServices({
    language: 'en',
    theme: 'black',
    t: createTranslator(en as Messages),
    signedIn: false,
    loadRates: async () => rates,
    origin,
  });

function shellOf(services: SiteServices, children: React.ReactNode, startsServices?: boolean) {
  return (
    <ShellProvider
      services={services}
      {...(startsServices === undefined ? {} : { startsServices })}
      language="en"
      prefix=""
      theme="black"
      messages={en as Messages}
      replaceRoute={() => undefined}
    >
      {children}
    </ShellProvider>
  );
}

describe('ShellProvider', () => {
  afterEach(() => {
    document.documentElement.className = '';
  });
  const dom = testRootPerTest();

  it('renders on the server from the services as the request made them', () => {
    function Theme() {
      return <p>{useShellState().theme}</p>;
    }
    expect(renderToString(shellOf(servicesFor(null), <Theme />))).toContain('<p>black</p>');
  });

  it('renders state readers again on a change, and action users never', () => {
    const services = servicesFor('https://site.test');
    let actionRenders = 0;
    let actions: ShellActions | undefined;
    function Toggle() {
      actionRenders += 1;
      actions = useShellActions();
      return null;
    }
    function Theme() {
      return <p data-testid="theme">{useShellState().theme}</p>;
    }
    dom.render(shellOf(services, [<Toggle key="a" />, <Theme key="b" />]));
    const first = actions;
    act(() => actions?.toggleTheme());
    expect(dom.host.querySelector('[data-testid="theme"]')?.textContent).toBe('white');
    expect(document.documentElement.classList.contains('theme-white')).toBe(true);
    expect(actionRenders).toBe(1);
    expect(actions).toBe(first);
    expect(actions?.api).toBe(services.api);
  });

  it('starts the services as it mounts, or leaves them to StartServices where the page says', () => {
    const startsOf = (services: SiteServices) => {
      const counted = { starts: 0 };
      const start = services.start;
      services.start = () => {
        counted.starts += 1;
        return start();
      };
      return counted;
    };
    const own = servicesFor('https://site.test');
    const ownStarts = startsOf(own);
    dom.render(shellOf(own, null));
    expect(ownStarts.starts).toBe(1);

    // The site starts them from inside the page's part, once that part has hydrated.
    const left = servicesFor('https://site.test');
    const leftStarts = startsOf(left);
    dom.render(shellOf(left, null, false));
    expect(leftStarts.starts).toBe(0);
    dom.render(shellOf(left, <StartServices />, false));
    expect(leftStarts.starts).toBe(1);
  });

  it('makes its fiat formatter on the first amount written, not as it renders', () => {
    const made = countFormatters('NumberFormat');
    try {
      let formatFiat: ((usdt: number) => string) | undefined;
      function Amount() {
        formatFiat = useShellState().formatFiat;
        return null;
      }
      // A first formatter loads the locale's number data: a long task while a page hydrates.
      dom.render(shellOf(servicesFor('https://site.test'), <Amount />));
      expect(made).not.toHaveBeenCalled();
      expect(formatFiat?.(12.5)).toBe('$12.50');
      expect(formatFiat?.(3)).toBe('$3.00');
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
