/**
 * What the client layer needs from a page to pass a human-verification challenge (SPEC 4, 5):
 * a way to show it, and optionally a way to solve one without showing it. The client has no UI;
 * the React layer implements this with the ALTCHA widget (`@exchange-web/react/challenge/*`).
 * NOTE: type-only module: importing it loads nothing.
 */

/** One challenge to show. */
export interface ChallengePresentation {
  /** The scene the challenge was raised for (a 10021 reply's `data.scene`). */
  readonly scene: string;
  /**
   * The widget's challenge parameters, as get-captcha-id sent them in `challenge`: opaque here,
   * the widget reads them (our gateway sends an ALTCHA challenge).
   */
  readonly challenge: unknown;
  /**
   * How many solutions of this round the gateway refused before this showing: 0 on the first,
   * then 1, 2… The page may say "Verification failed. Please try again."
   */
  readonly failedChecks: number;
  /**
   * Aborted when no caller waits for the challenge any more (every one cancelled its call): the
   * page closes the challenge and resolves null.
   */
  readonly signal: AbortSignal;
}

/**
 * Shows the human-verification challenge and hands back its solution (SPEC 4, 5).
 * @example
 * const presenter: ChallengePresenter = {
 *   present: ({ challenge, signal }) => openModal(challenge, signal), // Base64 payload, or null
 *   solveSilently: (challenge) => solveInPage(challenge),
 * };
 * createHttpClient({ challenge: { presenter } });
 */
export interface ChallengePresenter {
  /**
   * Shows the challenge; resolves the solution's payload (SPEC 5: Base64 text of its JSON) when
   * the visitor solved it, or null when they closed it. Called for one challenge at a time per
   * scene; a page showing one modal at a time queues the others.
   */
  present(presentation: ChallengePresentation): Promise<string | null>;
  /**
   * Solves a challenge without showing anything, for the other calls waiting on a challenge the
   * visitor has just passed (a solution passes once, so each call needs its own). Resolves the
   * payload, or null when it cannot (an unknown challenge format): that call then shows the
   * challenge again. Without it, each waiting call shows its own challenge in turn.
   * @default none
   */
  solveSilently?(challenge: unknown, signal: AbortSignal): Promise<string | null>;
}
