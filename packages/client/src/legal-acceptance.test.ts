import { describe, expect, it } from 'vitest';
import { memoryStorage } from './key-value-storage';
import { LEGAL_NOTICE_VERSION, createLegalAcceptance } from './legal-acceptance';

describe('legal acceptance', () => {
  it('is remembered per locale', () => {
    const storage = memoryStorage();
    const acceptance = createLegalAcceptance(storage);
    expect(acceptance.isAccepted('en')).toBe(false);
    acceptance.accept('en');
    expect(acceptance.isAccepted('en')).toBe(true);
    expect(acceptance.isAccepted('ja')).toBe(false);
    expect(createLegalAcceptance(storage).isAccepted('en')).toBe(true);
  });

  it('asks again when the notice version changes or storage is corrupt', () => {
    const outdated = memoryStorage({
      legal_acceptance: JSON.stringify({ en: LEGAL_NOTICE_VERSION - 1 }),
    });
    expect(createLegalAcceptance(outdated).isAccepted('en')).toBe(false);
    expect(createLegalAcceptance(memoryStorage({ legal_acceptance: '{' })).isAccepted('en')).toBe(
      false,
    );
  });
});
