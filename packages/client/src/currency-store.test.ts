import type { UsdtRateReply } from '@exchange-web/protocol/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCurrencyStore } from './currency-store';

const reply = (cny = 7.2): UsdtRateReply => ({
  supported: [
    { name: 'USD', symbol: '$', value: 'USD' },
    { name: 'CNY', symbol: '¥', value: 'CNY' },
    { name: 'JPY', symbol: '¥', value: 'JPY' },
  ],
  rates: { usd: 1, cny, jpy: 151 },
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('currency store', () => {
  it('is 1 USD until rates load, then lists supported currencies as NAME-symbol', async () => {
    const store = createCurrencyStore({ loadRates: async () => reply(), locale: 'en' });
    expect(store.getState().selected).toMatchObject({ name: 'USD', rate: 1 });
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().status).toBe('ready');
    expect(store.getState().entries.map((entry) => entry.label)).toEqual([
      'USD-$',
      'CNY-¥',
      'JPY-¥',
    ]);
  });

  it('tells its readers of an answer only, not of a load starting', async () => {
    let answer: (rates: UsdtRateReply) => void = () => undefined;
    const store = createCurrencyStore({
      loadRates: () => new Promise((resolve) => (answer = resolve)),
      locale: 'en',
    });
    const changes = vi.fn();
    store.subscribe(changes);
    // Started as the page hydrates: a change now re-renders every reader before the page is live.
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).not.toHaveBeenCalled();
    expect(store.getState().status).toBe('idle');
    answer(reply());
    await vi.advanceTimersByTimeAsync(0);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(store.getState().status).toBe('ready');
  });

  it('loads again every 1,800,000 ms and stops when told', async () => {
    const loadRates = vi.fn(async () => reply(7 + loadRates.mock.calls.length / 10));
    const store = createCurrencyStore({ loadRates, locale: 'zh-CN', initialName: 'CNY' });
    const stop = store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().selected.rate).toBe(7.1);
    await vi.advanceTimersByTimeAsync(1_799_999);
    expect(loadRates).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loadRates).toHaveBeenCalledTimes(2);
    expect(store.getState().selected.rate).toBe(7.2);
    expect(loadRates).toHaveBeenLastCalledWith('zh-CN');
    stop();
    await vi.advanceTimersByTimeAsync(1_800_000 * 3);
    expect(loadRates).toHaveBeenCalledTimes(2);
  });

  it('starts on the rates the server render loaded, asking nothing until the 30-minute timer', async () => {
    const loadRates = vi.fn(async () => reply(7.3));
    const store = createCurrencyStore({
      loadRates,
      locale: 'zh-CN',
      initialName: 'CNY',
      loadedRates: reply(7.1),
    });
    // Not before start: the first render is the server's (1 USD), so hydration matches it. The
    // currencies are listed from the first render, so the menu and its button's width are too.
    expect(store.getState()).toMatchObject({ status: 'idle', selected: { value: 'USD', rate: 1 } });
    expect(store.getState().entries.map((entry) => entry.label)).toEqual([
      'USD-$',
      'CNY-¥',
      'JPY-¥',
    ]);
    const stop = store.start();
    expect(store.getState()).toMatchObject({
      status: 'ready',
      selected: { value: 'CNY', rate: 7.1 },
    });
    await vi.advanceTimersByTimeAsync(1_799_999);
    expect(loadRates).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(loadRates).toHaveBeenCalledWith('zh-CN');
    expect(store.getState().selected.rate).toBe(7.3);
    // Used once: a later start (the shell mounted again) loads fresh rates.
    stop();
    store.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(loadRates).toHaveBeenCalledTimes(2);
  });

  it('keeps the last good rates when a refresh fails', async () => {
    let fail = false;
    const store = createCurrencyStore({
      loadRates: async () => {
        if (fail) throw new Error('Network Error');
        return reply();
      },
      locale: 'en',
    });
    await store.refresh();
    fail = true;
    await store.refresh();
    expect(store.getState()).toMatchObject({ status: 'ready', entries: { length: 3 } });
  });

  it('selects the language default on a language change, USD when it is not quoted', async () => {
    const onSelect = vi.fn();
    const store = createCurrencyStore({ loadRates: async () => reply(), locale: 'en', onSelect });
    await store.refresh();
    store.selectForLanguage('ja');
    expect(store.getState().selected.value).toBe('JPY');
    store.selectForLanguage('ar');
    expect(store.getState().selected.value).toBe('USD');
    expect(onSelect.mock.calls).toEqual([['JPY'], ['USD']]);
  });

  it('remembers a language default chosen before rates load', async () => {
    const store = createCurrencyStore({ loadRates: async () => reply(), locale: 'en' });
    store.selectForLanguage('ja');
    await store.refresh();
    expect(store.getState().selected.value).toBe('JPY');
  });

  it('converts USDT amounts into the selected fiat and notifies subscribers', async () => {
    const store = createCurrencyStore({ loadRates: async () => reply(), locale: 'en' });
    await store.refresh();
    const listener = vi.fn();
    store.subscribe(listener);
    store.select('jpy');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.convert(2)).toBe(302);
  });
});
