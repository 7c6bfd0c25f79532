/** The three methods of Web Storage the client layer uses; tests pass an in-memory one. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** In-memory storage that counts writes, for tests and for platforms without Web Storage. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  readonly writes: number;
} {
  const values = new Map(Object.entries(initial));
  let writes = 0;
  return {
    get writes() {
      return writes;
    },
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      writes += 1;
      values.set(key, String(value));
    },
    removeItem: (key) => {
      writes += 1;
      values.delete(key);
    },
  };
}
