import { LEGAL_VERSIONS } from '@exchange-web/protocol/legal';
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
    expect(jar.entries.get('legal_acceptance')).toEqual({
      value: `en:${LEGAL_NOTICE_VERSION},zh-CN:${LEGAL_NOTICE_VERSION}`,
      expires: 365,
    });
    expect(isLegalNoticeAccepted(jar.get('legal_acceptance'), 'zh-CN')).toBe(true);
  });

  it('records the versions of the terms and privacy notice accepted', () => {
    // Terms 1 and privacy 1: a new version of either is a new notice.
    expect(LEGAL_NOTICE_VERSION).toBe(
      LEGAL_VERSIONS.terms.version * 1000 + LEGAL_VERSIONS.privacy.version,
    );
    expect(isLegalNoticeAccepted('en:1', 'en')).toBe(false);
  });

  it('asks again when the notice version changes or the cookie is malformed', () => {
    expect(isLegalNoticeAccepted(`en:${LEGAL_NOTICE_VERSION - 1}`, 'en')).toBe(false);
    expect(isLegalNoticeAccepted('en', 'en')).toBe(false);
    expect(isLegalNoticeAccepted('en:x', 'en')).toBe(false);
    expect(isLegalNoticeAccepted(undefined, 'en')).toBe(false);
  });
});
