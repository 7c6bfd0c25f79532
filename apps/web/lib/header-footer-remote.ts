import type { FooterProps, HeaderProps, ShellOrigin } from '@exchange-web/react/shell/contract';
import type { ComponentType } from 'react';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import { nextTask } from '@exchange-web/client/import-in-turns';
import { HEADER_FOOTER_ENTRY, HEADER_FOOTER_TIMEOUT_MS } from './header-footer-paths';

export interface HeaderFooterRemote {
  Header: ComponentType<HeaderProps & ShellOrigin>;
  Footer: ComponentType<FooterProps & ShellOrigin>;
}

const REMOTE_NAME = 'headerFooter';
let loading: Promise<HeaderFooterRemote> | undefined;

const shared = (version: string, lib: () => unknown) => ({
  version,
  scope: 'default',
  lib,
  // One React for the site and the remote: the remote brings none of its own.
  shareConfig: { singleton: true, requiredVersion: '^19.0.0' },
});

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`header-footer remote did not answer within ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function load(): Promise<HeaderFooterRemote> {
  // The runtime is fetched only when the page asks for the remote, never in the first bundle. Each
  // library, and then each part, runs in a task of its own: together they were one task of 150 ms
  // on a throttled phone, longer than the 50 ms a tap waits unnoticed (issue 18).
  // Both come in one file, in one request: every page needs both, the one right after the other.
  const { createInstance } = await import(
    /* webpackChunkName: "header-footer-runtime" */ '@module-federation/runtime'
  );
  await nextTask();
  const { default: injectExternalRuntimeCore } = await import(
    /* webpackChunkName: "header-footer-runtime" */ '@module-federation/inject-external-runtime-core-plugin'
  );
  const federation = createInstance({
    name: 'web',
    // Lends this runtime to the remote, which is built without its own (experiments.externalRuntime).
    plugins: [injectExternalRuntimeCore()],
    remotes: [{ name: REMOTE_NAME, entry: HEADER_FOOTER_ENTRY }],
    shared: {
      react: shared(React.version, () => React),
      'react/jsx-runtime': shared(React.version, () => jsxRuntime),
      'react-dom': shared(ReactDOM.version, () => ReactDOM),
    },
  });
  await nextTask();
  const header = await federation.loadRemote<{ default: HeaderFooterRemote['Header'] }>(
    `${REMOTE_NAME}/Header`,
  );
  await nextTask();
  const footer = await federation.loadRemote<{ default: HeaderFooterRemote['Footer'] }>(
    `${REMOTE_NAME}/Footer`,
  );
  if (!header?.default || !footer?.default)
    throw new Error('header-footer remote exposes no Header or Footer');
  return { Header: header.default, Footer: footer.default };
}

/**
 * Loads Header and Footer from the separately served remote at run time, once per page
 * session. Rejects when the remote fails or does not answer within the time limit; the caller
 * keeps the built-in header and footer then.
 */
export function loadHeaderFooterRemote(
  timeoutMs = HEADER_FOOTER_TIMEOUT_MS,
): Promise<HeaderFooterRemote> {
  loading ??= withTimeout(load(), timeoutMs).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
