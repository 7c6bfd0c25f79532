import type { Context } from 'hono';
import type { ActiveSession } from '../accounts/sessions';
import { CORE_SIGN_PATHS, requiredSignMode, type CoreSignPaths } from '../signing/core-paths';
import type { Routes } from './routes';
import type { SignGuard } from './sign-guard';

/** A core call's handler: it runs only once the sign guard passed the request. */
export type SignedHandler = (c: Context, session: ActiveSession) => Response | Promise<Response>;

/**
 * Registers the core calls behind the sign guard. A path the sign config does not list is refused
 * at start: what the config announces as signed and what the gateway enforces never drift apart.
 */
export class SignedRoutes {
  constructor(
    readonly routes: Routes,
    readonly guard: SignGuard,
    readonly paths: Readonly<CoreSignPaths> = CORE_SIGN_PATHS,
  ) {}

  post(path: string, handler: SignedHandler) {
    if (requiredSignMode(path, this.paths) === undefined) {
      throw new Error(`${path} is registered as signed, but the sign config does not list it`);
    }
    this.routes.post(path, async (c) => handler(c, await this.guard.requireSignedSession(c)));
  }
}
