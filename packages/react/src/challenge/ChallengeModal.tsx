import { htmlLang } from '@exchange-web/client/language';
import { themeClassName } from '@exchange-web/client/theme';
import { textDirection } from '@exchange-web/protocol/languages';
import type { Theme } from '@exchange-web/protocol/registry';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import type { Translate } from '../i18n/translator';
import {
  WIDGET_VERIFIED_EVENT,
  loadAltchaWidget,
  verifiedPayload,
  type CreateWidget,
  type WidgetStrings,
} from './altcha-widget';

export interface ChallengeModalProps {
  t: Translate;
  /** The site language: the texts' language, and right to left in Arabic. */
  language: string;
  theme: Theme;
  /** The challenge as get-captcha-id sent it. */
  challenge: unknown;
  /** Refused solutions before this showing: above 0 the modal says the last try failed. @default 0 */
  failedChecks?: number;
  /** The visitor solved the challenge: the widget's payload (Base64 text of its JSON). */
  onSolved(payload: string): void;
  /** The visitor closed the modal (Escape or the Close button). */
  onClose(): void;
  /**
   * Loads the widget.
   * @default loadAltchaWidget: the ALTCHA web component, imported on first use
   */
  loadWidget?: () => Promise<CreateWidget>;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

// Styled with the site's theme variables (apps/web global.css), so it follows either theme
// wherever it is rendered; class names stay for the site to restyle.
const backdropStyle: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'grid',
  placeItems: 'center',
  background: 'rgb(0 0 0 / 45%)',
};
const dialogStyle: CSSProperties = {
  width: 'min(400px, calc(100vw - 32px))',
  border: '1px solid var(--line)',
  borderRadius: 12,
  background: 'var(--bg-raised)',
  color: 'var(--fg)',
  padding: 24,
};
// The widget's own colours from the site's (ALTCHA reads these custom properties).
const widgetStyle: CSSProperties & Record<`--${string}`, string> = {
  margin: '16px 0',
  '--altcha-color-base': 'var(--bg-raised)',
  '--altcha-color-base-content': 'var(--fg)',
  '--altcha-border-color': 'var(--line)',
  '--altcha-max-width': '100%',
};

// Our reading: the checkbox is labelled with the title, and an expired challenge is a failed try
// (its check is refused and the flow shows a new one), so the catalogue's challenge keys cover
// every text of the widget the visitor can meet.
/** The widget's texts, from the catalogue's challenge keys. */
export const widgetStrings = (t: Translate): WidgetStrings => ({
  label: t('challenge.title'),
  verifying: t('challenge.verifying'),
  verified: t('challenge.verified'),
  error: t('challenge.failed'),
  expired: t('challenge.failed'),
  verificationRequired: t('challenge.instructions'),
  waitAlert: t('challenge.verifying'),
});

/**
 * The human-verification modal (SPEC 4): a dialog with the ALTCHA widget, in the page's language
 * (right to left in Arabic) and theme. Focus moves into it and stays there (Tab wraps), and
 * returns where it was when it closes; Escape or the Close button close it. The widget loads on
 * demand when the modal first mounts, never with the page.
 * @example
 * <ChallengeModal t={t} language="ar" theme="black" challenge={challenge}
 *   onSolved={(payload) => shown.solve(payload)} onClose={() => shown.close()} />
 */
export function ChallengeModal({
  t,
  language,
  theme,
  challenge,
  failedChecks = 0,
  onSolved,
  onClose,
  loadWidget = loadAltchaWidget,
}: ChallengeModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  const [loadFailed, setLoadFailed] = useState(false);
  // The latest callbacks, for listeners attached once.
  const handlers = useRef({ onSolved, onClose });
  useEffect(() => {
    handlers.current = { onSolved, onClose };
  }, [onSolved, onClose]);

  // Focus in, kept in (Tab wraps; focus landing outside comes back), Escape closes, and focus
  // returns to where it was.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const before = document.activeElement;
    dialog.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        handlers.current.onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items.at(-1);
      const active = document.activeElement;
      const inside = active instanceof Node && dialog.contains(active) && active !== dialog;
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
      } else if (event.shiftKey && (!inside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      if (before instanceof HTMLElement) before.focus();
    };
  }, []);

  // The widget, loaded on first showing, with its texts in the page's language.
  useEffect(() => {
    const container = widgetRef.current;
    if (!container) return undefined;
    let widget: HTMLElement | undefined;
    let cancelled = false;
    const onVerified = (event: Event) => {
      const payload = verifiedPayload(event);
      if (payload !== undefined) handlers.current.onSolved(payload);
    };
    loadWidget().then(
      (create) => {
        if (cancelled) return;
        widget = create({ challenge, language, strings: widgetStrings(t) });
        widget.addEventListener(WIDGET_VERIFIED_EVENT, onVerified);
        container.append(widget);
      },
      () => {
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
      widget?.removeEventListener(WIDGET_VERIFIED_EVENT, onVerified);
      widget?.remove();
    };
  }, [challenge, language, t, loadWidget]);

  const status = loadFailed || failedChecks > 0 ? t('challenge.failed') : '';
  return (
    <div className={`challenge-backdrop ${themeClassName(theme)}`} style={backdropStyle}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        dir={textDirection(language)}
        lang={htmlLang(language)}
        tabIndex={-1}
        className="challenge-dialog"
        data-testid="challenge-dialog"
        style={dialogStyle}
      >
        <h2 id={titleId} style={{ marginTop: 0 }}>
          {t('challenge.title')}
        </h2>
        <p id={textId}>{t('challenge.instructions')}</p>
        <div ref={widgetRef} className="challenge-widget" style={widgetStyle} />
        <p role="status" className="challenge-status">
          {status}
        </p>
        <button type="button" className="button-secondary" onClick={() => onClose()}>
          {t('challenge.close')}
        </button>
      </div>
    </div>
  );
}
