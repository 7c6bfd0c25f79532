import { useEffect, useRef, useState } from 'react';
import type { Translate } from '../i18n/translator';

/** Where acceptance of a locale's legal notice is remembered (local storage in the site). */
export interface LegalAcceptanceStore {
  isAccepted(locale: string): boolean;
  accept(locale: string): void;
}

export interface LegalDialogProps {
  t: Translate;
  locale: string;
  buildPath(path: string): string;
  acceptance: LegalAcceptanceStore;
}

/**
 * The legal dialog of the shell (SPEC 2). The site keys it by locale plus path, so it mounts
 * afresh on either change; it opens as a modal until the locale's notice is accepted.
 */
export function LegalDialog({ t, locale, buildPath, acceptance }: LegalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [accepted, setAccepted] = useState(true);

  useEffect(() => {
    // Read after mount: acceptance lives in browser storage, which server rendering cannot see.
    const isAccepted = acceptance.isAccepted(locale);
    setAccepted(isAccepted);
    if (!isAccepted && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [acceptance, locale]);

  const accept = () => {
    acceptance.accept(locale);
    setAccepted(true);
    dialogRef.current?.close();
  };

  return (
    <dialog
      ref={dialogRef}
      className="legal-dialog"
      aria-labelledby="legal-dialog-title"
      data-testid="legal-dialog"
      data-accepted={accepted}
      // The notice must be answered: Escape does not dismiss it.
      onCancel={(event) => event.preventDefault()}
    >
      <h2 id="legal-dialog-title">{t('legal.title')}</h2>
      <p>{t('legal.notice')}</p>
      <p>
        {t('legal.acceptTerms')} <a href={buildPath('/legal/terms')}>{t('legal.readTerms')}</a>
      </p>
      <button type="button" className="button-primary" onClick={accept} autoFocus>
        {t('legal.accept')}
      </button>
    </dialog>
  );
}
