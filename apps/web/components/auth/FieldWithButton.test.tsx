// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FieldWithButton } from './FieldWithButton';

const markup = (element: React.ReactElement) => {
  const host = document.createElement('div');
  host.innerHTML = renderToString(element);
  return host;
};

describe('FieldWithButton', () => {
  it('ties its label, hint and error to the input, and puts the button right after it', () => {
    const host = markup(
      <FieldWithButton
        name="email"
        label="Email"
        hint="Where the code goes"
        error="Required"
        button={<button type="button">Send code</button>}
      />,
    );
    const input = host.querySelector('input');
    expect(input?.id).toBe('email');
    expect(input?.type).toBe('text');
    expect(host.querySelector('label')?.htmlFor).toBe('email');
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    const described = (input?.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => host.querySelector(`[id="${id}"]`)?.textContent);
    expect(described).toEqual(['Where the code goes', 'Required']);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Required');
    // The next stop by keyboard after the address is its button.
    expect(input?.nextElementSibling?.textContent).toBe('Send code');
  });

  it('is neither invalid nor described by anything when it has no hint and no error', () => {
    const input = markup(
      <FieldWithButton name="mobile" label="Mobile" error={null} button={null} />,
    ).querySelector('input');
    expect(input?.hasAttribute('aria-invalid')).toBe(false);
    expect(input?.hasAttribute('aria-describedby')).toBe(false);
  });
});
