// @vitest-environment jsdom
import { createImageDomains, type ImageDomains } from '@exchange-web/client/images/image-domains';
import { memoryStorage } from '@exchange-web/client/key-value-storage';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { testRootPerTest } from '../testing/react-root';
import { Img } from './Img';
import { ImageDomainsProvider, useImageSrc } from './ImageDomainsProvider';

const SITE = 'https://exchange-web.test';
const FAST = 'https://fast.test';
const SLOW = 'https://slow.test';
const ICON = '/images/coins/btc.svg';

const dom = testRootPerTest();

/** Image domains whose probe of `foreign` settles with fake loads: the listed ones load, in order. */
async function chosen(foreign: string[], loads: string[]): Promise<ImageDomains> {
  const domains = createImageDomains({
    siteOrigin: SITE,
    storage: memoryStorage(),
    timeZone: 'UTC',
    logger: { warn: () => undefined, error: () => undefined },
    fetchDomainConfig: () =>
      Promise.resolve({ imgDomainConfig: { foreignDomainList: foreign, internalDomainList: [] } }),
    loadImage: (url) =>
      loads.some((domain) => url.startsWith(domain))
        ? new Promise((resolve) => setTimeout(resolve, 10 * loads.indexOf(new URL(url).origin)))
        : Promise.reject(new Error('dead')),
  });
  await domains.start();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return domains;
}

const render = (domains: ImageDomains | null, src = ICON, alt = 'BTC') =>
  dom.render(
    <ImageDomainsProvider domains={domains}>
      <Img src={src} alt={alt} width={20} height={20} className="icon" />
    </ImageDomainsProvider>,
  );

const image = () => dom.host.querySelector('img');
const fail = () => act(() => image()?.dispatchEvent(new Event('error')));

describe('Img', () => {
  it('renders the source unchanged on the server', () => {
    expect(
      renderToString(
        <ImageDomainsProvider domains={null}>
          <Img src={ICON} alt="BTC" />
        </ImageDomainsProvider>,
      ),
    ).toContain(`<img src="${ICON}" alt="BTC"/>`);
  });

  it('shows a default-host image from the chosen domain, and follows a new choice', async () => {
    const domains = await chosen([FAST, SLOW], [FAST, SLOW]);
    render(domains);
    expect(image()?.getAttribute('src')).toBe(`${FAST}${ICON}`);
    render(domains, 'https://cdn.other.test/a.png');
    expect(image()?.getAttribute('src')).toBe('https://cdn.other.test/a.png');
  });

  it('falls back once to the next working domain, then shows a placeholder: no loop', async () => {
    const domains = await chosen([FAST, SLOW], [FAST, SLOW]);
    render(domains);
    const sources = [image()?.getAttribute('src')];
    fail();
    sources.push(image()?.getAttribute('src'));
    expect(sources).toEqual([`${FAST}${ICON}`, `${SLOW}${ICON}`]);
    fail();
    expect(image()).toBeNull();
    const placeholder = dom.host.querySelector('[data-image-broken]');
    expect(placeholder?.getAttribute('role')).toBe('img');
    expect(placeholder?.getAttribute('aria-label')).toBe('BTC');
    expect(placeholder?.className).toBe('icon');
    // Nothing more happens, however long we wait.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(dom.host.querySelectorAll('img')).toHaveLength(0);
  });

  it('falls back to the default host when no other domain works', async () => {
    const domains = await chosen([FAST, SLOW], [FAST]);
    render(domains);
    fail();
    expect(image()?.getAttribute('src')).toBe(ICON);
    fail();
    expect(image()).toBeNull();
  });

  it('starts afresh for a new source', async () => {
    const domains = await chosen([FAST, SLOW], [FAST, SLOW]);
    render(domains);
    fail();
    fail();
    render(domains, '/images/coins/eth.svg');
    expect(image()?.getAttribute('src')).toBe(`${FAST}/images/coins/eth.svg`);
  });

  it('shows the placeholder at once where there is nowhere else to try', () => {
    render(null, ICON, '');
    fail();
    expect(image()).toBeNull();
    expect(dom.host.querySelector('[data-image-broken]')?.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('useImageSrc', () => {
  function Background({ src }: { src: string }) {
    return <div data-src={useImageSrc(src)} />;
  }

  it('gives non-img uses the rewritten source', async () => {
    const domains = await chosen([FAST], []);
    dom.render(
      <ImageDomainsProvider domains={domains}>
        <Background src={ICON} />
      </ImageDomainsProvider>,
    );
    expect(dom.host.querySelector('[data-src]')?.getAttribute('data-src')).toBe(`${FAST}${ICON}`);
  });
});
