import type { Strings } from 'altcha/types';

/** The widget's texts the visitor can meet here (the code-challenge ones never show: see below). */
export type WidgetStrings = Pick<
  Strings,
  'label' | 'verifying' | 'verified' | 'error' | 'expired' | 'verificationRequired' | 'waitAlert'
>;

export interface WidgetOptions {
  /** The challenge as get-captcha-id sent it. */
  challenge: unknown;
  /** The site language (a locale code such as `ar`); Arabic lays the widget out right to left. */
  language: string;
  /** The widget's texts in that language. */
  strings: WidgetStrings;
}

/**
 * Makes a widget element for one challenge, not yet in the page. Once in the page it dispatches
 * `verified` with `detail.payload` (SPEC 5: Base64 text of the solution's JSON).
 */
export type CreateWidget = (options: WidgetOptions) => HTMLElement;

/** The event a widget dispatches when solved, with its payload. */
export const WIDGET_VERIFIED_EVENT = 'verified';

/** The payload of a `verified` event, or undefined when it carries none. */
export function verifiedPayload(event: Event): string | undefined {
  const detail: unknown = event instanceof CustomEvent ? event.detail : undefined;
  if (typeof detail !== 'object' || detail === null || !('payload' in detail)) return undefined;
  return typeof detail.payload === 'string' && detail.payload !== '' ? detail.payload : undefined;
}

/**
 * Loads the ALTCHA widget (`altcha`, a web component) on demand and answers its factory.
 * Configured through attributes (ALTCHA 3: `challenge` takes the challenge's JSON, `language`,
 * `auto`, `type`, `display`, and `configuration` for the rest): no network call of its own, the
 * visitor ticks the box (auto off), no footer link or logo (the dialog has its own title).
 * WARNING: the default bundle solves in Web Workers made from `blob:` URLs: the page's CSP needs
 * `worker-src 'self' blob:` (without it workers fall back to script-src, which refuses blob:).
 * @example
 * const create = await loadAltchaWidget();
 * container.append(create({ challenge, language: 'ar', strings }));
 */
export async function loadAltchaWidget(): Promise<CreateWidget> {
  // Registers <altcha-widget>, its CSS and its workers; touches the DOM, so only ever on demand.
  await import('altcha');
  return ({ challenge, language, strings }) => {
    // Our texts under the site language's code, over ALTCHA's English for the ones that never
    // show here (the image and audio code challenge: our gateway issues none).
    const code = language.toLowerCase();
    const { i18n } = globalThis.$altcha;
    i18n.set(code, { ...i18n.get('en'), ...strings });
    const widget = document.createElement('altcha-widget');
    widget.setAttribute('challenge', JSON.stringify(challenge));
    widget.setAttribute('language', code);
    widget.setAttribute('auto', 'off');
    widget.setAttribute('type', 'checkbox');
    widget.setAttribute('display', 'standard');
    widget.setAttribute('configuration', JSON.stringify({ hideFooter: true, hideLogo: true }));
    return widget;
  };
}
