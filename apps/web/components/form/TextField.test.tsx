// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const markup = (element: React.ReactElement) => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(element);
  return host;
};

describe('TextField', () => {
  it('ties its label, hint and error to the input', () => {
    const host = markup(
      <TextField name="loginName" label="Login" hint="Your email" error="Required" />,
    );
    const input = host.querySelector('input');
    expect(input?.id).toBe('loginName');
    expect(host.querySelector('label')?.htmlFor).toBe('loginName');
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    const described = (input?.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => host.querySelector(`[id="${id}"]`)?.textContent);
    expect(described).toEqual(['Your email', 'Required']);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Required');
  });

  it('puts a control given beside the input right after it, the next stop by keyboard', () => {
    const input = markup(
      <TextField name="email" label="Email" button={<button type="button">Send code</button>} />,
    ).querySelector('input');
    expect(input?.type).toBe('text');
    expect(input?.nextElementSibling?.textContent).toBe('Send code');
  });

  it('is neither invalid nor described by anything when it has no hint and no error', () => {
    const input = markup(<TextField name="a" label="A" error={null} />).querySelector('input');
    expect(input?.hasAttribute('aria-invalid')).toBe(false);
    expect(input?.hasAttribute('aria-describedby')).toBe(false);
    expect(input?.type).toBe('text');
  });

  it('hides a password until its button shows it, and hides it again', () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<TextField name="pwd" label="Password" revealLabel="Show" />));
    const input = host.querySelector('input');
    const button = host.querySelector('button');
    expect([input?.type, button?.getAttribute('aria-pressed')]).toEqual(['password', 'false']);
    expect(button?.getAttribute('aria-controls')).toBe('pwd');
    act(() => button?.click());
    expect([input?.type, button?.getAttribute('aria-pressed')]).toEqual(['text', 'true']);
    act(() => button?.click());
    expect(input?.type).toBe('password');
    act(() => root.unmount());
  });
});
