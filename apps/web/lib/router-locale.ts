/** The router's locale for a path with no prefix (see next.config.ts). */
export const NO_PREFIX_LOCALE = 'default';
