/**
 * The name of the human-verification hook, for `skipHooks` and for placing hooks around it.
 * NOTE: kept free of imports (like request/hook-names.ts), so page code can name it without
 * loading the request layer into its first-load bundle.
 */
export const CHALLENGE_HOOK = 'challenge';
