// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages, type Messages } from '../i18n/messages';
import en from '../i18n/messages/en.json';
import { createTranslator } from '../i18n/translator';
import { ChallengeHost } from './ChallengeHost';
import { ChallengeModal, type ChallengeModalProps } from './ChallengeModal';
import { loadAltchaWidget, type CreateWidget, type WidgetOptions } from './altcha-widget';
import { createChallengePresenter } from './challenge-presenter';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const CHALLENGE = {
  algorithm: 'SHA-256',
  challenge: 'a'.repeat(64),
  salt: 'salt?expires=4102444800',
  signature: 'b'.repeat(64),
  maxnumber: 100,
};

let ar: Messages;
beforeAll(async () => {
  ar = await loadMessages('ar');
});

const english = createTranslator(en as Messages);

/** A stand-in widget: a box with a checkbox, recording what it was made with. */
function fakeWidget() {
  const made: WidgetOptions[] = [];
  const create: CreateWidget = (options) => {
    made.push(options);
    const element = document.createElement('fake-widget');
    const box = document.createElement('input');
    box.type = 'checkbox';
    element.append(box);
    return element;
  };
  return { made, load: async () => create };
}

describe('challenge modal markup', () => {
  const render = (props: Partial<ChallengeModalProps> = {}) => {
    const html = renderToStaticMarkup(
      <ChallengeModal
        t={english}
        language="en"
        theme="white"
        challenge={CHALLENGE}
        onSolved={() => undefined}
        onClose={() => undefined}
        {...props}
      />,
    );
    const host = document.createElement('div');
    host.innerHTML = html;
    const dialog = host.querySelector('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    return { host, dialog };
  };

  it('is a modal dialog labelled by its title and described by its instructions', () => {
    const { host, dialog } = render();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const byId = (id: string | null) =>
      [...host.querySelectorAll('[id]')].find((element) => element.id === id);
    const title = byId(dialog.getAttribute('aria-labelledby'));
    expect(title?.tagName).toBe('H2');
    expect(title?.textContent).toBe('Verify you are human');
    const text = byId(dialog.getAttribute('aria-describedby'));
    expect(text?.textContent).toBe('Complete the check below to continue.');
    expect(dialog.querySelector('button')?.textContent).toBe('Close');
    expect(dialog.getAttribute('dir')).toBe('ltr');
    expect(host.querySelector('[role="status"]')?.textContent).toBe('');
    expect(host.firstElementChild?.classList.contains('theme-white')).toBe(true);
  });

  it('speaks Arabic right to left, in the dark theme', () => {
    const { host, dialog } = render({
      t: createTranslator(ar),
      language: 'ar',
      theme: 'black',
    });
    expect(dialog.getAttribute('dir')).toBe('rtl');
    expect(dialog.getAttribute('lang')).toBe('ar');
    expect(dialog.querySelector('h2')?.textContent).toBe(ar.challenge.title);
    expect(dialog.querySelector('button')?.textContent).toBe(ar.challenge.close);
    expect(dialog.textContent).toContain(ar.challenge.instructions);
    expect(host.firstElementChild?.classList.contains('theme-black')).toBe(true);
  });

  it('says the last try failed after a refused solution', () => {
    const { host } = render({ failedChecks: 1 });
    expect(host.querySelector('[role="status"]')?.textContent).toBe(
      'Verification failed. Please try again.',
    );
  });
});

describe('challenge modal in a page', () => {
  let container: HTMLDivElement;
  let root: Root;
  let outside: HTMLButtonElement;

  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    outside = document.createElement('button');
    outside.textContent = 'page';
    document.body.append(outside);
    outside.focus();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.replaceChildren();
  });

  const mount = async (props: Partial<ChallengeModalProps> = {}) => {
    const onSolved = vi.fn<(payload: string) => void>();
    const onClose = vi.fn<() => void>();
    const widget = fakeWidget();
    await act(async () =>
      root.render(
        <ChallengeModal
          t={createTranslator(ar)}
          language="ar"
          theme="black"
          challenge={CHALLENGE}
          onSolved={onSolved}
          onClose={onClose}
          loadWidget={widget.load}
          {...props}
        />,
      ),
    );
    const dialog = container.querySelector<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    return { onSolved, onClose, widget, dialog };
  };
  const press = (key: string, shiftKey = false) =>
    act(() => {
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }),
      );
    });

  it('moves focus into the dialog and gives the widget the challenge and translated texts', async () => {
    const { dialog, widget } = await mount();
    expect(document.activeElement).toBe(dialog);
    expect(widget.made).toEqual([
      {
        challenge: CHALLENGE,
        language: 'ar',
        strings: {
          label: ar.challenge.title,
          verifying: ar.challenge.verifying,
          verified: ar.challenge.verified,
          error: ar.challenge.failed,
          expired: ar.challenge.failed,
          verificationRequired: ar.challenge.instructions,
          waitAlert: ar.challenge.verifying,
        },
      },
    ]);
    expect(dialog.querySelector('.challenge-widget fake-widget')).not.toBeNull();
  });

  it('hands over the payload the widget verified with', async () => {
    const { dialog, onSolved } = await mount();
    const element = dialog.querySelector('fake-widget');
    act(() => {
      element?.dispatchEvent(new CustomEvent('verified', { detail: {} }));
      element?.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'cGF5bG9hZA==' } }));
    });
    expect(onSolved.mock.calls).toEqual([['cGF5bG9hZA==']]);
  });

  it('closes on Escape and on the Close button', async () => {
    const { dialog, onClose } = await mount();
    press('Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => dialog.querySelector('button')?.click());
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps focus inside: Tab wraps both ways, focus landing outside comes back', async () => {
    const { dialog } = await mount();
    const box = dialog.querySelector<HTMLInputElement>('fake-widget input');
    const close = dialog.querySelector('button');
    press('Tab', true);
    expect(document.activeElement).toBe(close);
    press('Tab');
    expect(document.activeElement).toBe(box);
    press('Tab', true);
    expect(document.activeElement).toBe(close);
    act(() => outside.focus());
    expect(document.activeElement).toBe(dialog);
  });

  it('gives focus back and removes the widget when it closes', async () => {
    const { dialog } = await mount();
    const element = dialog.querySelector('fake-widget');
    act(() => root.render(null));
    expect(element?.isConnected).toBe(false);
    expect(document.activeElement).toBe(outside);
  });

  it('says verification failed when the widget cannot load', async () => {
    const { dialog } = await mount({ loadWidget: () => Promise.reject(new Error('offline')) });
    expect(dialog.querySelector('[role="status"]')?.textContent).toBe(ar.challenge.failed);
  });

  it('mounts the real ALTCHA widget, translated and right to left', async () => {
    const { dialog } = await mount({ loadWidget: loadAltchaWidget });
    await vi.waitFor(() => expect(dialog.querySelector('altcha-widget label')).not.toBeNull());
    const widget = dialog.querySelector('altcha-widget');
    expect(widget?.getAttribute('language')).toBe('ar');
    expect(JSON.parse(widget?.getAttribute('challenge') ?? '')).toEqual(CHALLENGE);
    expect(widget?.querySelector('label')?.textContent).toBe(ar.challenge.title);
    expect(widget?.querySelector('.altcha')?.getAttribute('dir')).toBe('rtl');
    // No attribution link or logo: the dialog has its own title.
    expect(widget?.querySelector('.altcha-footer, .altcha-logo')).toBeNull();
  });
});

describe('challenge host', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    document.body.replaceChildren();
  });

  it('shows nothing until a challenge is presented, then one modal at a time', async () => {
    const queue = createChallengePresenter();
    await act(async () =>
      root.render(<ChallengeHost queue={queue} t={english} language="en" theme="white" />),
    );
    expect(container.innerHTML).toBe('');
    const signal = new AbortController().signal;
    let login: Promise<string | null> = Promise.resolve(null);
    let register: Promise<string | null> = Promise.resolve(null);
    await act(async () => {
      login = queue.present({ scene: 'login', challenge: CHALLENGE, failedChecks: 0, signal });
      register = queue.present({
        scene: 'register',
        challenge: CHALLENGE,
        failedChecks: 1,
        signal,
      });
    });
    await vi.waitFor(() => expect(container.querySelectorAll('[role="dialog"]')).toHaveLength(1));
    expect(container.querySelector('[role="status"]')?.textContent).toBe('');

    await act(async () => container.querySelector('button')?.click());
    await expect(login).resolves.toBeNull();
    await vi.waitFor(() =>
      expect(container.querySelector('[role="status"]')?.textContent).toBe(
        'Verification failed. Please try again.',
      ),
    );
    expect(container.querySelectorAll('[role="dialog"]')).toHaveLength(1);
    await act(async () => queue.current()?.solve('cGF5bG9hZA=='));
    await expect(register).resolves.toBe('cGF5bG9hZA==');
    expect(container.innerHTML).toBe('');
  });
});
