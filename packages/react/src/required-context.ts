import { createContext, useContext } from 'react';

/**
 * A context that only its provider gives, and the hook that reads it: used outside the provider,
 * the hook throws, naming both, instead of handing out an empty value.
 * @example
 * const [ThemeContext, useTheme] = requiredContext<Theme>('useTheme', 'ThemeProvider');
 */
export function requiredContext<T>(hook: string, provider: string) {
  const Context = createContext<T | null>(null);
  const useRequired = (): T => {
    const value = useContext(Context);
    if (value === null) throw new Error(`${hook} must be used inside <${provider}>`);
    return value;
  };
  return [Context, useRequired] as const;
}
