import type { Handler, Hono } from 'hono';

type Method = 'GET' | 'POST';

/** Registers routes and remembers their paths, so a known path called with another method gets 405. */
export class Routes {
  readonly #methodsByPath = new Map<string, Set<Method>>();
  constructor(readonly app: Hono) {}

  get(path: string, handler: Handler) {
    this.#remember('GET', path);
    this.app.get(path, handler);
  }

  post(path: string, handler: Handler) {
    this.#remember('POST', path);
    this.app.post(path, handler);
  }

  /** The methods a path answers to, or undefined when no route has that path. */
  methodsFor(path: string): ReadonlySet<Method> | undefined {
    return this.#methodsByPath.get(path);
  }

  #remember(method: Method, path: string) {
    const methods = this.#methodsByPath.get(path) ?? new Set<Method>();
    methods.add(method);
    this.#methodsByPath.set(path, methods);
  }
}
