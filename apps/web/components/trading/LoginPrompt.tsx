import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import styles from './trading.module.css';

/** Asks a visitor to log in or register, with a way back to `path` afterwards. */
export function LoginPrompt({ path }: { path: string }) {
  const { t, buildPath } = useShellState();
  const back = encodeURIComponent(buildPath(path));
  return (
    <div className={styles.login} data-testid="trade-login">
      <p>{t('trading.form.loginPrompt')}</p>
      <a className="button-primary" href={`${buildPath('/login')}?redirect=${back}`}>
        {t('trading.form.logIn')}
      </a>
      <a href={`${buildPath('/register')}?redirect=${back}`}>{t('trading.form.register')}</a>
    </div>
  );
}
