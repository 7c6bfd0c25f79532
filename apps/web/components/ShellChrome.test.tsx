// @vitest-environment jsdom
import { createTranslator } from '@exchange-web/react/i18n/translator';
import type { HeaderProps } from '@exchange-web/react/shell/contract';
import en from '@exchange-web/react/i18n/messages/en.json';
import { DEFAULT_CURRENCY } from '@exchange-web/protocol/currencies';
import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShellChrome } from './ShellChrome';

const t = createTranslator(en);
const header: HeaderProps = {
  t,
  language: 'en',
  theme: 'white',
  buildPath: (path) => path,
  currency: { selected: DEFAULT_CURRENCY, entries: [DEFAULT_CURRENCY] },
  user: null,
  onLanguageChange: () => undefined,
  onCurrencyChange: () => undefined,
  onThemeToggle: () => undefined,
};

/** Records, as it commits, that the part named `name` is hydrated. */
function Committed({ name, log }: { name: string; log: (name: string) => void }) {
  useLayoutEffect(() => {
    log(name);
  }, [name, log]);
  return <p>{name}</p>;
}

const chrome = (overlay: ReactNode, page: ReactNode) => (
  <ShellChrome
    header={header}
    footer={{ t, buildPath: (path) => path, year: 2026 }}
    overlay={overlay}
    inert={false}
  >
    {page}
  </ShellChrome>
);

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

describe('ShellChrome', () => {
  it('hydrates the page after the shell, in a pass of its own, without a mismatch', async () => {
    const committed: string[] = [];
    // What had committed when the shell's pass ended: the microtask runs before any later task.
    let atShellCommit: string[] | undefined;
    const log = (name: string) => {
      committed.push(name);
      if (name === 'shell') queueMicrotask(() => (atShellCommit = [...committed]));
    };
    const tree = chrome(<Committed name="shell" log={log} />, <Committed name="page" log={log} />);
    const host = document.createElement('div');
    host.innerHTML = renderToString(tree);
    document.body.append(host);
    const recoverable = vi.fn();

    root = hydrateRoot(host, tree, { onRecoverableError: recoverable });

    await vi.waitFor(() => expect(committed).toEqual(['shell', 'page']));
    // A long page hydrated with the shell in one task holds a phone's main thread (issue 18).
    expect(atShellCommit).toEqual(['shell']);
    expect(recoverable).not.toHaveBeenCalled();
    expect(host.querySelector('main')?.textContent).toBe('page');
  });

  it('keeps the page for later when the shell updates at once, as a session loading does', async () => {
    const committed: string[] = [];
    const log = (name: string) => {
      committed.push(name);
    };
    /** The shell of a page whose user is still loading as it hydrates, then is known. */
    function LoadingShell({ page }: { page: ReactNode }) {
      const [pending, setPending] = useState(true);
      useEffect(() => setPending(false), []);
      useLayoutEffect(() => {
        log(pending ? 'shell' : 'shell updated');
      }, [pending]);
      return (
        <ShellChrome
          header={{ ...header, userPending: pending }}
          footer={{ t, buildPath: (path) => path, year: 2026 }}
          overlay={null}
          inert={false}
        >
          {page}
        </ShellChrome>
      );
    }
    const tree = <LoadingShell page={<Committed name="page" log={log} />} />;
    const host = document.createElement('div');
    host.innerHTML = renderToString(tree);
    document.body.append(host);
    const recoverable = vi.fn();

    root = hydrateRoot(host, tree, { onRecoverableError: recoverable });

    await vi.waitFor(() => expect(committed).toHaveLength(3));
    // A changed page element would make React hydrate the page at once, in the update's task.
    expect(committed).toEqual(['shell', 'shell updated', 'page']);
    expect(recoverable).not.toHaveBeenCalled();
  });
});
