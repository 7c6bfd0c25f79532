// @vitest-environment jsdom
import type { ApiKeyCreateReply } from '@exchange-web/protocol/schemas';
import { createTranslator } from '@exchange-web/react/i18n/translator';
import type { Messages } from '@exchange-web/react/i18n/messages';
import en from '@exchange-web/react/i18n/messages/en.json';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreatedKey } from './CreatedKey';
import type { WriteText } from './CopyableCode';
import { testRootPerTest } from '@exchange-web/react/testing/react-root';

const t = createTranslator(en as Messages);
const created = { apiKey: 'ak-123', secretKey: 'sk-secret-456', label: 'bot' } as ApiKeyCreateReply;

const dom = testRootPerTest();
afterEach(() => {
  vi.useRealTimers();
});
const mount = (writeText: WriteText) => {
  dom.render(<CreatedKey created={created} t={t} writeText={writeText} />);
};

/** The accessible name aria-labelledby gives an element: its referenced texts, in order. */
const nameOf = (element: Element) =>
  (element.getAttribute('aria-labelledby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
const copyButtons = () => [...dom.host.querySelectorAll('button')];

describe('CreatedKey', () => {
  it('takes the focus on its heading and shows the secret as code once', () => {
    mount(() => Promise.resolve());
    expect(document.activeElement?.textContent).toBe('API key bot created');
    expect(dom.host.querySelector('[data-testid="api-secret"]')?.textContent).toBe('sk-secret-456');
    expect(dom.host.querySelector('[data-testid="api-secret"]')?.tagName).toBe('CODE');
    expect(copyButtons().map(nameOf)).toEqual(['Copy API key', 'Copy Secret key']);
  });

  it('copies a value, says so, and offers to copy again a moment later', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn<WriteText>(() => Promise.resolve());
    mount(writeText);
    const secretButton = copyButtons()[1]!;
    await act(async () => secretButton.click());
    expect(writeText).toHaveBeenCalledWith('sk-secret-456');
    expect(nameOf(secretButton)).toBe('Copied Secret key');
    expect(dom.host.querySelector('[role="status"]:not(:empty)')?.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(2000));
    expect(nameOf(secretButton)).toBe('Copy Secret key');
  });

  it('selects the value for the keyboard to copy where the clipboard refuses', async () => {
    mount(() => Promise.reject(new Error('denied')));
    const apiKeyButton = copyButtons()[0]!;
    await act(async () => apiKeyButton.click());
    expect(getSelection()?.toString()).toBe('ak-123');
    expect(nameOf(apiKeyButton)).toBe('Copy API key');
  });
});
