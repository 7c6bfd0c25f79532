import { describe, expect, it } from 'vitest';
import { memoryCookieJar } from './cookie-jar';
import {
  LEGAL_NOTICE_VERSION,
  createLegalAcceptance,
  isLegalNoticeAccepted,
} from './legal-acceptance';

describe('legal acceptance', () => {
  it('is remembered per locale in a 365-day cookie', () => {
    const jar = memoryCookieJar();
    const acceptance = createLegalAcceptance(jar);
    expect(acceptance.isAccepted('en')).toBe(false);
    acceptance.accept('en');
    acceptance.accept('zh-CN');
    expect(acceptance.isAccepted('en')).toBe(true);
    expect(acceptance.isAccepted('ja')).toBe(false);
    expect(jar.entries.get('legal_acceptance')).toEqual({ value: 'en:1,zh-CN:1', expires: 365 });
    expect(isLegalNoticeAccepted(jar.get('legal_acceptance'), 'zh-CN')).toBe(true);
  });

  it('asks again when the notice version changes or the cookie is malformed', () => {
    expect(isLegalNoticeAccepted(`en:${LEGAL_NOTICE_VERSION - 1}`, 'en')).toBe(false);
    expect(isLegalNoticeAccepted('en', 'en')).toBe(false);
    expect(isLegalNoticeAccepted('en:x', 'en')).toBe(false);
    expect(isLegalNoticeAccepted(undefined, 'en')).toBe(false);
  });
});
