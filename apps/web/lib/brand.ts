/**
 * The brand's tracking identity (SPEC 9 gives `bitget_web_01` / `bitget_web` as brand-specific
 * values: each deployment names its own, at build time). Ours by default.
 */
export const trackingApp = {
  appId: process.env.NEXT_PUBLIC_TRACKING_APP_ID || 'exchange_web_01',
  appName: process.env.NEXT_PUBLIC_TRACKING_APP_NAME || 'exchange_web',
} as const;

/** A fixed `log_env` for this build (`pre`, `online`, `testN`); unset, the host decides (SPEC 5). */
export const trackingLogEnv: string | undefined = process.env.NEXT_PUBLIC_TRACKING_LOG_ENV;
