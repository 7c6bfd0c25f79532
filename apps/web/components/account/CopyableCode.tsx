import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../form/controls';
import styles from './account.module.css';

/** Writes text to the system clipboard; rejects where the page may not (insecure context). */
export type WriteText = (text: string) => Promise<void>;

// navigator.clipboard exists only in secure contexts (https, localhost), and not at all in SSR.
const writeToClipboard: WriteText = (text) =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function'
    ? navigator.clipboard.writeText(text)
    : Promise.reject(new Error('No clipboard in this context'));

/** How long the button says it copied before it offers to copy again. */
const COPIED_MS = 2000;

export interface CopyableCodeProps {
  /** The text shown, and copied. */
  text: string;
  /** The id of the element that names the text ("Secret key"): the button is "Copy" + that. */
  labelledBy: string;
  copyLabel: string;
  copiedLabel: string;
  /** Put on the `code` element, whose text is exactly `text`. */
  codeTestId?: string;
  /** @default the system clipboard (`navigator.clipboard.writeText`) */
  writeText?: WriteText;
}

/**
 * A value to copy (a key, a secret) as code with a copy button. Where the clipboard refuses, the
 * text is selected instead, so the keyboard's copy takes it.
 */
export function CopyableCode({
  text,
  labelledBy,
  copyLabel,
  copiedLabel,
  codeTestId,
  writeText = writeToClipboard,
}: CopyableCodeProps) {
  const buttonId = useId();
  const code = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await writeText(text);
      setCopied(true);
    } catch {
      if (code.current) getSelection()?.selectAllChildren(code.current);
    }
  };

  return (
    <span className={styles.copyable}>
      {/* Keys read left to right in every language, and a page translator must not touch them. */}
      <code ref={code} dir="ltr" translate="no" className={styles.code} data-testid={codeTestId}>
        {text}
      </code>
      <Button
        id={buttonId}
        size="small"
        aria-labelledby={`${buttonId} ${labelledBy}`}
        onClick={() => void copy()}
      >
        {copied ? copiedLabel : copyLabel}
      </Button>
      <span role="status" className="visually-hidden">
        {copied ? copiedLabel : ''}
      </span>
    </span>
  );
}
