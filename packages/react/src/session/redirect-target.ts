/**
 * Where to go after signing in: the `redirect` query value when it is a path on this site, else
 * the fallback. Anything that could leave the site (`//host`, `/\host`, a scheme) is refused, so
 * a crafted login link cannot send a new session elsewhere.
 * @example redirectTarget('/ja/account', '/') // '/ja/account'
 * @example redirectTarget('//evil.example', '/account') // '/account'
 */
export function redirectTarget(value: unknown, fallback: string): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (typeof candidate !== 'string') return fallback;
  // Browsers read a backslash as a slash and drop tabs and newlines inside URLs.
  const path = candidate.replace(/[\t\n\r]/g, '').replace(/\\/g, '/');
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  try {
    const resolved = new URL(path, 'https://site.invalid');
    if (resolved.origin !== 'https://site.invalid') return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}
