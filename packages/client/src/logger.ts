/** Where the client layer logs (SPEC 8: some failures go to the console only). */
export interface Logger {
  error(...data: unknown[]): void;
  warn(...data: unknown[]): void;
}

/** The console, reached on each call so a spy installed later (tests) still sees the logs. */
export const consoleLogger: Logger = {
  error: (...data) => console.error(...data),
  warn: (...data) => console.warn(...data),
};
