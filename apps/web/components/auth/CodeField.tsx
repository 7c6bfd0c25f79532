import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { Button } from '../form/controls';
import formStyles from '../form/form.module.css';
import { TextField } from '../form/TextField';
import authStyles from './auth.module.css';
import type { CodeSender } from './useCodeSender';

export interface CodeFieldProps<Request> {
  name: string;
  label: string;
  error: string | null;
  sender: CodeSender<Request>;
  onSend(): void;
  /** The send button's test id. */
  testId: string;
  /** The line once a code went out: `{{target}}` and `{{minutes}}` are filled in. */
  sentKey: MessageKey;
  /** The send button's word while it is free. @default 'auth.sendCode' */
  sendKey?: MessageKey;
}

/**
 * A sent code's field (six digits, the phone's one-time-code autofill) with its send button,
 * which counts down the pause after each send, and the lines that say where the code went or
 * why it could not be sent (a status region, there from the first render for screen readers).
 */
export function CodeField<Request>(props: CodeFieldProps<Request>) {
  const { t } = useShellState();
  const { sender } = props;
  return (
    <>
      <TextField
        name={props.name}
        label={props.label}
        error={props.error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        button={
          <Button
            className={authStyles.sendCode}
            onClick={props.onSend}
            loading={sender.sending}
            disabled={sender.secondsLeft > 0}
            data-testid={props.testId}
          >
            {sender.secondsLeft > 0
              ? t('auth.resendIn', { seconds: sender.secondsLeft })
              : t(props.sendKey ?? 'auth.sendCode')}
          </Button>
        }
      />
      <p role="status" className={formStyles.hint}>
        {sender.sent
          ? t(props.sentKey, { target: sender.sent.target, minutes: sender.sent.minutes })
          : ''}
      </p>
      {sender.errorKey ? (
        <p className={formStyles.error} role="alert">
          {t(sender.errorKey)}
        </p>
      ) : null}
    </>
  );
}
