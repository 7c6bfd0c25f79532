import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './form.module.css';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'name' | 'aria-invalid'
> {
  /** The field's name, and its element id (so a label, a test or a link can reach it). */
  name: string;
  label: ReactNode;
  /** A line under the field that says what it takes. */
  hint?: ReactNode;
  /** What is wrong with the value, shown under the field and announced; null when nothing. */
  error?: string | null;
  /**
   * A password field: its text hidden, with a button that shows it, named by this label.
   * @default not a password field
   */
  revealLabel?: string;
  /**
   * A control beside the input (a "Send code" button): the next stop after it by keyboard.
   * @default none (a password field has its reveal button there)
   */
  button?: ReactNode;
}

/**
 * A labelled text input with its hint and its error, tied together for assistive technology
 * (`aria-describedby`, `aria-invalid`); the light form field of the sign-in pages.
 */
export function TextField({
  name,
  label,
  hint,
  error,
  revealLabel,
  button,
  ...input
}: TextFieldProps) {
  const hintId = useId();
  const errorId = useId();
  const [revealed, setRevealed] = useState(false);
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const field = (
    <input
      {...input}
      id={name}
      name={name}
      className={styles.input}
      type={revealLabel === undefined ? (input.type ?? 'text') : revealed ? 'text' : 'password'}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
  return (
    <div className={styles.field}>
      <label htmlFor={name} className={styles.label}>
        {label}
      </label>
      {revealLabel === undefined && button === undefined ? (
        field
      ) : (
        <div className={styles.withButton}>
          {field}
          {revealLabel === undefined ? (
            button
          ) : (
            <button
              type="button"
              className={`${styles.button} ${styles.reveal}`}
              aria-pressed={revealed}
              aria-controls={name}
              onClick={() => setRevealed((shown) => !shown)}
            >
              {revealLabel}
            </button>
          )}
        </div>
      )}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
