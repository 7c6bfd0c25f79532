// The parts of query-core the page query client uses, as one module: loaded in a turn of its own
// before the client (module-loaders.ts), and only these, where importing the package itself would
// bring every export of it (issue 18).
export { QueryClient, QueryObserver, focusManager } from '@tanstack/query-core';
