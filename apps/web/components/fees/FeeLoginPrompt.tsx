import { useShellState } from '@exchange-web/react/shell/ShellProvider';

/** A link to log in and come back to `path`, for the parts of a fee page that are the visitor's own. */
export function FeeLoginPrompt({ path }: { path: string }) {
  const { t, buildPath } = useShellState();
  const back = encodeURIComponent(buildPath(path));
  return (
    <p data-testid="fee-login">
      <a href={`${buildPath('/login')}?redirect=${back}`}>{t('fees.signInForLevel')}</a>
    </p>
  );
}
