import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultTimers } from '../timers';
import {
  ImageProbeError,
  ImageProbeTimeoutError,
  isImageProbeError,
  probeImageDomains,
  probeUrl,
} from './probe';
import { fakeImages } from './testing/fake-images';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

let counter = 0;
const random = () => `r${(counter += 1)}`;

describe('probeImageDomains', () => {
  it('loads the probe image of every candidate at once with a fresh cache-busting query', async () => {
    const images = fakeImages({ 'https://a.test': 300, 'https://b.test': 100 });
    const winner = probeImageDomains(['https://a.test', 'https://b.test'], {
      loadImage: images.load,
      random,
      timers: defaultTimers,
    });
    expect(images.requested).toHaveLength(2);
    const [first, second] = images.requested;
    expect(first).toMatch(/^https:\/\/a\.test\/images\/probe\.png\?probe=r\d+$/);
    expect(second).toMatch(/^https:\/\/b\.test\/images\/probe\.png\?probe=r\d+$/);
    expect(first?.split('=')[1]).not.toBe(second?.split('=')[1]);
    await vi.advanceTimersByTimeAsync(100);
    await expect(winner).resolves.toBe('https://b.test');
  });

  it('lets the first to load win and reports later loads and failures only', async () => {
    const images = fakeImages({
      'https://a.test': 50,
      'https://b.test': 200,
      'https://c.test': 'fail',
    });
    const loaded: string[] = [];
    const failed: string[] = [];
    const winner = probeImageDomains(['https://c.test', 'https://b.test', 'https://a.test'], {
      loadImage: images.load,
      random,
      timers: defaultTimers,
      onLoad: (domain) => loaded.push(domain),
      onFail: (domain) => failed.push(domain),
    });
    await vi.advanceTimersByTimeAsync(60);
    await expect(winner).resolves.toBe('https://a.test');
    await vi.advanceTimersByTimeAsync(200);
    expect(loaded).toEqual(['https://a.test', 'https://b.test']);
    expect(failed).toEqual(['https://c.test']);
  });

  it('counts a candidate slower than the timeout as failed, and rejects when all fail', async () => {
    const images = fakeImages({ 'https://slow.test': 6000, 'https://dead.test': 'fail' });
    const outcome = probeImageDomains(['https://slow.test', 'https://dead.test'], {
      loadImage: images.load,
      random,
      timers: defaultTimers,
    });
    const settled = outcome.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    const error = await settled;
    expect(isImageProbeError(error)).toBe(true);
    expect(error).toBeInstanceOf(ImageProbeError);
    expect((error as ImageProbeError).domains).toEqual(['https://slow.test', 'https://dead.test']);
    expect((error as ImageProbeError).causes[0]).toBeInstanceOf(ImageProbeTimeoutError);
  });

  it('takes the timeout as an option', async () => {
    const images = fakeImages({ 'https://a.test': 150 });
    const outcome = probeImageDomains(['https://a.test'], {
      loadImage: images.load,
      random,
      timers: defaultTimers,
      timeoutMs: 100,
    }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(isImageProbeError(await outcome)).toBe(true);
  });

  it('builds the probe URL from the contract', () => {
    expect(probeUrl('https://img1.test', 'a b')).toBe(
      'https://img1.test/images/probe.png?probe=a%20b',
    );
  });
});
