import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import formStyles from '../form/form.module.css';

export interface FieldWithButtonProps extends Omit<
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
  /** The control beside the input (a "Send code" button): the next stop after it by keyboard. */
  button: ReactNode;
}

/**
 * A labelled text input with a button beside it, its hint and its error tied to it for assistive
 * technology as `TextField` ties them. Its own component because TextField's only button is
 * the password reveal, and the sign-in forms' shared fields stay as they are.
 */
export function FieldWithButton({
  name,
  label,
  hint,
  error,
  button,
  ...input
}: FieldWithButtonProps) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={formStyles.field}>
      <label htmlFor={name} className={formStyles.label}>
        {label}
      </label>
      <div className={formStyles.withButton}>
        <input
          type="text"
          {...input}
          id={name}
          name={name}
          className={formStyles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {button}
      </div>
      {hint ? (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
