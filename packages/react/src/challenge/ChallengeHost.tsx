import type { Theme } from '@exchange-web/protocol/registry';
import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { Translate } from '../i18n/translator';
import type { ChallengeQueue } from './challenge-presenter';

// The modal's code loads with the first challenge, never with the page (DESIGN "Budgets").
const ChallengeModal = lazy(() =>
  import('./ChallengeModal').then((module) => ({ default: module.ChallengeModal })),
);

const noChallenge = () => null;

export interface ChallengeHostProps {
  /** The page's presenter, the one its request client shows challenges through. */
  queue: ChallengeQueue;
  t: Translate;
  language: string;
  theme: Theme;
}

/**
 * Shows the page's current challenge, if any, in a {@link ChallengeModal}: one at a time, each
 * showing a fresh modal. Renders nothing on the server or while no challenge waits.
 * @example
 * <ChallengeHost queue={challenges} t={t} language={language} theme={theme} />
 */
export function ChallengeHost({ queue, t, language, theme }: ChallengeHostProps) {
  const shown = useSyncExternalStore(queue.subscribe, queue.current, noChallenge);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ChallengeModal
        key={shown.key}
        t={t}
        language={language}
        theme={theme}
        challenge={shown.challenge}
        failedChecks={shown.failedChecks}
        onSolved={shown.solve}
        onClose={shown.close}
      />
    </Suspense>
  );
}
