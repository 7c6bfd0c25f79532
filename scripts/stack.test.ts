// The local image origins of the stack (README "Image domains"): the tests' stack lists a dead
// origin to show the probe passing over it; `npm start` leaves it out, so a visitor's console
// shows no refused connection.
import { describe, expect, it } from 'vitest';
import { imageSettings } from './stack.mjs';

describe('imageSettings', () => {
  it('lists the dead, slow and fast origins, in that order, in both domain lists', async () => {
    const { imageOrigins, gatewayEnv, siteEnv } = await imageSettings(
      { fast: 4301, slow: 4302, dead: 4303 },
      {},
    );
    const listed = 'http://127.0.0.1:4303,http://127.0.0.1:4302,http://127.0.0.1:4301';
    expect(imageOrigins.dead).toBe('http://127.0.0.1:4303');
    expect(gatewayEnv.GATEWAY_IMAGE_FOREIGN_DOMAINS).toBe(listed);
    expect(gatewayEnv.GATEWAY_IMAGE_INTERNAL_DOMAINS).toBe(listed);
    expect(siteEnv.IMAGE_DOMAINS).toBe(listed);
  });

  it('leaves the dead origin out of every list when asked to', async () => {
    const { imageOrigins, gatewayEnv, siteEnv } = await imageSettings(
      { fast: 4301, slow: 4302, dead: null },
      {},
    );
    const listed = 'http://127.0.0.1:4302,http://127.0.0.1:4301';
    expect(imageOrigins.dead).toBeNull();
    expect(gatewayEnv.GATEWAY_IMAGE_FOREIGN_DOMAINS).toBe(listed);
    expect(siteEnv.IMAGE_DOMAINS).toBe(listed);
    expect(gatewayEnv.GATEWAY_IMAGE_SERVERS).toBe('127.0.0.1:4301,127.0.0.1:4302:1500');
  });
});
