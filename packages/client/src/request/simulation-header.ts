import { HeaderName, HeaderValue } from '@exchange-web/protocol/registry';
import type { RequestHook } from './hooks';

export interface SimulationHeaderOptions {
  /** Whether simulation is on; read at each request, so a flag set or cleared since counts. */
  isOn(): boolean;
}

/**
 * Simulation requests carry `paptrading: 1` (SPEC 4). Its slot follows the common headers' (DESIGN
 * "A request's way through the client"); a header the call set itself wins, so a call may speak
 * for the real account explicitly.
 * @example
 * simulationHeaderHook({ isOn: () => isSimulationFlagSet(localStorage) });
 */
export function simulationHeaderHook(options: SimulationHeaderOptions): RequestHook {
  return {
    slot: 'simulation-header',
    beforeRequest(request) {
      if (!options.isOn()) return;
      request.headers[HeaderName.paptrading] ??= HeaderValue.paptrading;
    },
  };
}
