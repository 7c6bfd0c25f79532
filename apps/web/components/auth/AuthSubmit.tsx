import formStyles from '../form/form.module.css';

export interface AuthSubmitProps {
  /** The sentence of the last failure, announced at once; null when none. */
  error: string | null;
  submitting: boolean;
  label: string;
}

/** The end of a sign-in form (login, its code step, registration): its failure and its button. */
export function AuthSubmit({ error, submitting, label }: AuthSubmitProps) {
  return (
    <>
      {error ? (
        <p className={`auth-error ${formStyles.alert}`} role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className={`button-primary ${formStyles.submit}`}
        disabled={submitting}
        aria-busy={submitting}
      >
        {label}
      </button>
    </>
  );
}
