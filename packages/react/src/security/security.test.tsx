import { createHtmlSanitizer } from '@exchange-web/client/html';
import { JSDOM } from 'jsdom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HtmlSanitizerProvider } from './HtmlSanitizer';
import { SafeHtml } from './SafeHtml';
import { AffiliatedLinksProvider } from './affiliated-links-context';
import { SafeLink } from './SafeLink';

const sanitize = createHtmlSanitizer(new JSDOM('').window);

describe('SafeLink', () => {
  it('renders a safe link as it is', () => {
    expect(renderToStaticMarkup(<SafeLink href="/fees">Fees</SafeLink>)).toBe(
      '<a href="/fees">Fees</a>',
    );
  });

  it('renders an unsafe link without its target, warning invalid href', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(renderToStaticMarkup(<SafeLink href="JaVaScRiPt:alert(1)">x</SafeLink>)).toBe(
      '<a>x</a>',
    );
    expect(warn).toHaveBeenCalledWith('invalid href', 'JaVaScRiPt:alert(1)');
    warn.mockRestore();
  });

  it('gives a new window to another site noopener noreferrer, whatever rel was asked', () => {
    expect(
      renderToStaticMarkup(
        <SafeLink href="https://example.org" target="_blank" rel="opener">
          x
        </SafeLink>,
      ),
    ).toBe('<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>');
    expect(
      renderToStaticMarkup(
        <SafeLink href="/help" target="_blank">
          x
        </SafeLink>,
      ),
    ).toBe('<a href="/help" target="_blank">x</a>');
  });
});

describe('SafeHtml', () => {
  it('renders sanitised HTML with the provided sanitiser', () => {
    const html = renderToStaticMarkup(
      <HtmlSanitizerProvider sanitize={sanitize}>
        <SafeHtml className="about" html={'<p onclick="x()">Hi<script>alert(1)</script></p>'} />
      </HtmlSanitizerProvider>,
    );
    expect(html).toBe('<div class="about"><p>Hi</p></div>');
  });

  it('refuses to server-render without a sanitiser rather than render raw HTML', () => {
    expect(() => renderToStaticMarkup(<SafeHtml html="<b>x</b>" />)).toThrow(
      /HtmlSanitizerProvider/,
    );
  });
});

describe('SafeLink with affiliated domains (SPEC 3)', () => {
  const affiliated = { affiliated: ['exchange-web.test', 'www.exchange-web.test'], prefix: 'ja' };

  it('keeps an absolute link to an affiliated domain on this site, with the language prefix', () => {
    expect(
      renderToStaticMarkup(
        <AffiliatedLinksProvider value={affiliated}>
          <SafeLink href="https://www.exchange-web.test/spot/BTCUSDT">Spot</SafeLink>
          <SafeLink href="https://example.org/x">Other</SafeLink>
        </AffiliatedLinksProvider>,
      ),
    ).toBe('<a href="/ja/spot/BTCUSDT">Spot</a><a href="https://example.org/x">Other</a>');
  });

  it('moves it to a chosen host, and never rewrites what the scheme check refused', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      renderToStaticMarkup(
        <AffiliatedLinksProvider
          value={{ ...affiliated, targetHost: 'https://m.exchange-web.test' }}
        >
          <SafeLink href="https://exchange-web.test/fees">Fees</SafeLink>
          <SafeLink href="javascript://exchange-web.test/%0aalert(1)">x</SafeLink>
        </AffiliatedLinksProvider>,
      ),
    ).toBe('<a href="https://m.exchange-web.test/ja/fees">Fees</a><a>x</a>');
    warn.mockRestore();
  });
});
