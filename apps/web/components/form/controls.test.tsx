// @vitest-environment jsdom
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Button, CheckboxGroup, ChoiceGroup, DescriptionList, Notice, Switch } from './controls';
import { testRootPerTest } from '@exchange-web/react/testing/react-root';

const dom = testRootPerTest();
const mount = (element: React.ReactElement) => {
  dom.render(element);
};
const markup = (element: React.ReactElement) => {
  const div = document.createElement('div');
  div.innerHTML = renderToString(element);
  return div;
};

describe('form controls', () => {
  it('makes buttons that never submit by accident and are disabled while busy', () => {
    const plain = markup(<Button>Go</Button>).querySelector('button');
    expect(plain?.type).toBe('button');
    const busy = markup(
      <Button type="submit" loading>
        Go
      </Button>,
    ).querySelector('button');
    expect([busy?.type, busy?.disabled, busy?.getAttribute('aria-busy')]).toEqual([
      'submit',
      true,
      'true',
    ]);
  });

  it('announces an error at once and other notices politely', () => {
    expect(markup(<Notice tone="error">No</Notice>).firstElementChild?.getAttribute('role')).toBe(
      'alert',
    );
    expect(
      markup(<Notice tone="success">Yes</Notice>).firstElementChild?.getAttribute('role'),
    ).toBe('status');
  });

  it('switches with aria-checked and tells its owner the new state', () => {
    const onChange = vi.fn();
    function Owner() {
      const [on, setOn] = useState(false);
      return (
        <Switch
          label="Uploads"
          checked={on}
          onChange={(next) => {
            onChange(next);
            setOn(next);
          }}
        />
      );
    }
    mount(<Owner />);
    const control = dom.host.querySelector('[role="switch"]') as HTMLButtonElement;
    expect([control.getAttribute('aria-checked'), control.getAttribute('aria-label')]).toEqual([
      'false',
      'Uploads',
    ]);
    act(() => control.click());
    expect(control.getAttribute('aria-checked')).toBe('true');
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('picks one choice of a group of radios', () => {
    const onChange = vi.fn();
    mount(
      <ChoiceGroup
        legend="Window"
        name="window"
        value="1h"
        onChange={onChange}
        options={[
          { value: '1h', label: 'Hour' },
          { value: '24h', label: 'Day' },
        ]}
      />,
    );
    const radios = [...dom.host.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => radio.checked)).toEqual([true, false]);
    expect(dom.host.querySelector('legend')?.textContent).toBe('Window');
    act(() => radios[1]?.click());
    expect(onChange).toHaveBeenCalledWith('24h');
  });

  it('keeps checked values in the order of the options', () => {
    const onChange = vi.fn();
    mount(
      <CheckboxGroup
        legend="Permissions"
        name="permissions"
        values={['trade']}
        onChange={onChange}
        error="Pick one"
        options={[
          { value: 'read', label: 'Read' },
          { value: 'trade', label: 'Trade' },
        ]}
      />,
    );
    const boxes = [...dom.host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    act(() => boxes[0]?.click());
    expect(onChange).toHaveBeenLastCalledWith(['read', 'trade']);
    const alert = dom.host.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('Pick one');
    expect(dom.host.querySelector('fieldset')?.getAttribute('aria-describedby')).toBe(alert?.id);
  });

  it('lists labelled values as terms and descriptions', () => {
    const list = markup(
      <DescriptionList
        items={[
          { key: 'id', label: 'User ID', value: '1001' },
          { key: 'vip', label: 'VIP', value: 0 },
        ]}
      />,
    );
    expect([...list.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'User ID',
      'VIP',
    ]);
    expect([...list.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      '1001',
      '0',
    ]);
  });
});
