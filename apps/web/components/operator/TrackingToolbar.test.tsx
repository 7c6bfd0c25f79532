// @vitest-environment jsdom
import en from '@exchange-web/react/i18n/messages/en.json';
import { createTranslator } from '@exchange-web/react/i18n/translator';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TrackingToolbar, type TrackingToolbarProps } from './TrackingToolbar';
import { testRootPerTest } from '@exchange-web/react/testing/react-root';

const dom = testRootPerTest();

const t = createTranslator(en);

const mount = (overrides: Partial<TrackingToolbarProps> = {}) => {
  const props: TrackingToolbarProps = {
    t,
    hours: 24,
    onHoursChange: vi.fn(),
    loading: false,
    onRefresh: vi.fn(),
    uploading: true,
    switching: false,
    onUploadChange: vi.fn(),
    ...overrides,
  };
  dom.render(<TrackingToolbar {...props} />);
  return props;
};
const uploadSwitch = () => dom.host.querySelector<HTMLButtonElement>('[role="switch"]');

describe('the tracking toolbar', () => {
  it('offers the windows as a named group of radios and reports the hours chosen', () => {
    const props = mount();
    expect(dom.host.querySelector('fieldset legend')?.textContent).toBe('Time window');
    const radios = [...dom.host.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => [radio.parentElement?.textContent, radio.checked])).toEqual([
      ['1 hour', false],
      ['24 hours', true],
      ['7 days', false],
    ]);
    act(() => radios[2]?.click());
    expect(props.onHoursChange).toHaveBeenCalledWith(168);
  });

  it('refreshes on request and waits while the overview loads', () => {
    const props = mount();
    const refresh = dom.host.querySelector<HTMLButtonElement>('[data-testid="tracking-refresh"]');
    act(() => refresh?.click());
    expect(props.onRefresh).toHaveBeenCalledTimes(1);
    mount({ loading: true });
    const busy = dom.host.querySelector<HTMLButtonElement>('[data-testid="tracking-refresh"]');
    expect([busy?.disabled, busy?.getAttribute('aria-busy')]).toEqual([true, 'true']);
  });

  it('names the upload switch, says its state in words and asks for the other state', () => {
    const props = mount();
    const control = uploadSwitch();
    expect([
      control?.getAttribute('aria-label'),
      control?.getAttribute('aria-checked'),
      control?.textContent,
    ]).toEqual(['Event uploading', 'true', 'On']);
    act(() => control?.click());
    expect(props.onUploadChange).toHaveBeenCalledWith(false);
  });

  it('holds the switch until the overview tells the state, and while a change is sent', () => {
    mount({ uploading: null });
    expect([uploadSwitch()?.disabled, uploadSwitch()?.textContent]).toEqual([true, 'Off']);
    mount({ uploading: false, switching: true });
    expect([uploadSwitch()?.disabled, uploadSwitch()?.getAttribute('aria-busy')]).toEqual([
      true,
      'true',
    ]);
  });
});
