import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import { SIMULATION_HEADER_HOOK } from './hook-names';
import type { RequestHook } from './hooks';

export interface SimulationHeaderOptions {
  /** Whether simulation is on; read at each request, so a flag set or cleared since counts. */
  isOn(): boolean;
}

/**
 * Simulation requests carry `paptrading: 1` (SPEC 4). Runs after the common headers (DESIGN "A
 * request's way through the client"); a header the call set itself wins, so a call may speak for
 * the real account explicitly, or skip the hook by name.
 * @example
 * simulationHeaderHook({ isOn: () => isSimulationFlagSet(localStorage) });
 */
export function simulationHeaderHook(options: SimulationHeaderOptions): RequestHook {
  return {
    name: SIMULATION_HEADER_HOOK,
    beforeRequest(request) {
      if (!options.isOn()) return;
      request.headers[HeaderName.paptrading] ??= HeaderValue.paptrading;
    },
  };
}
