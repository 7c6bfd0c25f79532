import { describe, expect, it } from 'vitest';
import { declaredClick, invalidExtAttributeWarning } from './auto-clicks';

interface FakeElement {
  getAttribute(name: string): string | null;
  closest(selector: string): FakeElement | null;
}

/** An element chain: each element has attributes and a parent, and `closest` walks up. */
function element(attributes: Record<string, string>, parent?: FakeElement): FakeElement {
  const node: FakeElement = {
    getAttribute: (name: string) => attributes[name] ?? null,
    closest(selector) {
      const name = /^\[(.+)\]$/.exec(selector)?.[1] ?? '';
      return name in attributes ? node : (parent?.closest(selector) ?? null);
    },
  };
  return node;
}

describe('declared clicks', () => {
  it('reads the nearest ancestor with data-tracking-id, its name and its ext', () => {
    const button = element({
      'data-tracking-id': 'b1201',
      'data-tracking-name': 'deposit',
      'data-tracking-ext': '{"coin":"BTC"}',
    });
    const icon = element({}, element({ class: 'label' }, button));
    expect(declaredClick(icon, () => undefined)).toEqual({
      eventTrackingId: 'b1201',
      eventTracking: 'deposit',
      ext: { coin: 'BTC' },
    });
  });

  it('ignores targets outside any declared element and targets that are not elements', () => {
    expect(declaredClick(element({ class: 'plain' }), () => undefined)).toBeUndefined();
    expect(declaredClick(null, () => undefined)).toBeUndefined();
    expect(declaredClick({ nodeType: 3 }, () => undefined)).toBeUndefined();
  });

  it.each(['not json', '[1,2]', '"text"', 'null'])(
    'sends the click without an ext that is %s, with a warning',
    (ext) => {
      const warnings: string[] = [];
      const click = declaredClick(
        element({ 'data-tracking-id': 'b9', 'data-tracking-ext': ext }),
        (message) => warnings.push(message),
      );
      expect(click).toEqual({ eventTrackingId: 'b9' });
      expect(warnings).toEqual([invalidExtAttributeWarning('b9')]);
    },
  );
});
