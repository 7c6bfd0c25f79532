import { describe, expect, it } from 'vitest';
import { judgeSession } from './sessions';

const live = {
  session_id: '1',
  user_id: '1000000001',
  acting_user_id: null,
  ended_reason: null,
  token_matched: true,
  refresh_matched: true,
  in_grace: false,
  access_live: true,
  refresh_live: true,
  frozen: false,
} as const;

describe('judgeSession', () => {
  it('serves a live token and renews an expired one while the refresh token lives', () => {
    expect(judgeSession(live)).toEqual({ kind: 'serve' });
    expect(judgeSession({ ...live, access_live: false })).toEqual({ kind: 'renew' });
    expect(judgeSession({ ...live, token_matched: false })).toEqual({ kind: 'renew' });
  });

  it('serves a just-rotated refresh token without renewing again', () => {
    const rotated = { ...live, token_matched: false, refresh_matched: false, in_grace: true };
    expect(judgeSession(rotated)).toEqual({ kind: 'serve' });
    expect(judgeSession({ ...rotated, in_grace: false })).toEqual({
      kind: 'refuse',
      reason: 'expired',
    });
  });

  it('refuses expired, ended, replaced and frozen sessions with their reasons', () => {
    const expired = { ...live, access_live: false, refresh_live: false };
    expect(judgeSession(expired)).toEqual({ kind: 'refuse', reason: 'expired' });
    expect(judgeSession({ ...live, ended_reason: 'logout' })).toEqual({
      kind: 'refuse',
      reason: 'expired',
    });
    // Ended by a refresh-token reuse: 00004 for whoever holds it, however live its tokens.
    expect(judgeSession({ ...live, ended_reason: 'reused' })).toEqual({
      kind: 'refuse',
      reason: 'expired',
    });
    expect(judgeSession({ ...expired, ended_reason: 'replaced' })).toEqual({
      kind: 'refuse',
      reason: 'replaced',
    });
    expect(judgeSession({ ...live, frozen: true })).toEqual({ kind: 'refuse', reason: 'frozen' });
    // A dead session of a frozen user is expired: the freeze matters only to a live one.
    expect(judgeSession({ ...expired, frozen: true })).toEqual({
      kind: 'refuse',
      reason: 'expired',
    });
  });
});
