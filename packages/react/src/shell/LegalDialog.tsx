import { useEffect, useRef } from 'react';
import type { Translate } from '../i18n/translator';

/** Where acceptance of a locale's legal notice is remembered (a cookie in the site). */
export interface LegalAcceptanceStore {
  isAccepted(locale: string): boolean;
  accept(locale: string): void;
}

export interface LegalDialogProps {
  t: Translate;
  /** Shown until the visitor accepts; the server already renders it open when needed. */
  open: boolean;
  buildPath(path: string): string;
  onAccept(): void;
}

/**
 * The legal dialog of the shell (SPEC 2). The site keys it by locale plus path, so it mounts
 * afresh on either change, and makes the rest of the page inert while it is open.
 * NOTE: it stays a non-modal <dialog open> painted by the server: showModal() after hydration
 * would repaint it late (a late largest paint); `inert` on the page gives the modal behaviour.
 */
export function LegalDialog({ t, open, buildPath, onAccept }: LegalDialogProps) {
  const acceptRef = useRef<HTMLButtonElement>(null);
  // Hydration does not apply autoFocus to server-rendered markup: move focus into the dialog.
  useEffect(() => {
    if (open) acceptRef.current?.focus();
  }, [open]);
  return (
    <dialog
      open={open}
      className="legal-dialog"
      aria-modal="true"
      aria-labelledby="legal-dialog-title"
      data-testid="legal-dialog"
    >
      <h2 id="legal-dialog-title">{t('legal.title')}</h2>
      <p>{t('legal.notice')}</p>
      <p>
        {t('legal.acceptTerms')} <a href={buildPath('/legal/terms')}>{t('legal.readTerms')}</a>
      </p>
      <button ref={acceptRef} type="button" className="button-primary" onClick={onAccept}>
        {t('legal.accept')}
      </button>
    </dialog>
  );
}
