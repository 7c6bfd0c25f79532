import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { imageFileOf } from './files';

const dir = path.resolve('/srv/images');

describe('imageFileOf', () => {
  it('maps an image path to the file inside the folder', () => {
    expect(imageFileOf(dir, '/images/probe.png')).toBe(path.join(dir, 'probe.png'));
    expect(imageFileOf(dir, '/images/coins/btc.svg')).toBe(path.join(dir, 'coins', 'btc.svg'));
    expect(imageFileOf(dir, '/images/coins/b%74c.svg')).toBe(path.join(dir, 'coins', 'btc.svg'));
  });

  it.each([
    '/package.json',
    '/imagesx/probe.png',
    '/images/',
    '/images/../package.json',
    '/images/coins/../../x.png',
    '/images/%2e%2e/x.png',
    '/images/..%2fx.png',
    '/images/..%5cx.png',
    '/images/coins%2fbtc.svg',
    '/images//x.png',
    '/images/.x.png',
    '/images/%00.png',
    '/images/%e0%a4%a.png',
    '/images/notes.txt',
    '/images/x.svg.js',
    '/images/a/b/c/d/e/f/g/h/i.png',
  ])('names no file for %s', (rawPath) => {
    expect(imageFileOf(dir, rawPath)).toBeUndefined();
  });
});
