import { LEGAL_DOCUMENTS } from '@exchange-web/protocol/legal';
import { LOCALE_CODES } from '@exchange-web/protocol/languages';
import { describe, expect, it } from 'vitest';
import { loadLegalText, type LegalText } from './legal-page-props';

const ID = /^[a-z]+(?:-[a-z]+)*$/;

/** The shape a document must keep in every language: its sections and their paragraph counts. */
const outline = (text: LegalText) =>
  text.sections.map((section) => [section.id, section.paragraphs.length]);

describe('the legal texts', () => {
  it.each(LEGAL_DOCUMENTS)(
    'of %s are complete in English: anchors, headings, plain text',
    async (document) => {
      const text = await loadLegalText('en', document);
      expect(text.title).not.toBe('');
      expect(text.summary).not.toBe('');
      expect(text.sections.length).toBeGreaterThanOrEqual(8);
      const ids = text.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const section of text.sections) {
        expect(section.id).toMatch(ID);
        expect(section.heading).not.toBe('');
        for (const paragraph of section.paragraphs) {
          expect(paragraph.trim()).not.toBe('');
          // Rendered as text: markup would show as characters, never run.
          expect(paragraph).not.toMatch(/[<>]|\n/);
        }
      }
    },
  );

  it.each(LOCALE_CODES.filter((locale) => locale !== 'en'))(
    'exist in %s with the English outline, translated',
    async (locale) => {
      for (const document of LEGAL_DOCUMENTS) {
        const english = await loadLegalText('en', document);
        const text = await loadLegalText(locale, document);
        // The same anchors in every language, so a link to a section works in each.
        expect([document, outline(text)]).toEqual([document, outline(english)]);
        expect(text.title).not.toBe('');
        if (!locale.startsWith('en') && locale !== 'asia') {
          expect([document, text.sections[0]?.paragraphs[0]]).not.toEqual([
            document,
            english.sections[0]?.paragraphs[0],
          ]);
        }
      }
    },
  );
});
