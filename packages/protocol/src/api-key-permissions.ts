/**
 * What an API key may do. Kept apart from the schemas so a page can list the choices without
 * carrying the schema library in its first load.
 */
export const API_KEY_PERMISSIONS = ['read', 'trade', 'withdraw'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];
