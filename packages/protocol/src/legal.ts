/**
 * The legal documents the site publishes (the footer's links and the legal dialog's): their
 * names, pages, and the version and effective date of each. The texts themselves are the site's
 * content (apps/web/content/legal/{locale}/{document}.json), one per language.
 */

export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'risk', 'cookies'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

/** A published version of a document: raise `version` and date it when its text changes. */
export interface LegalVersion {
  version: number;
  /** The day it took effect, ISO 8601 (`2026-11-26`). */
  effective: string;
}

export const LEGAL_VERSIONS: Readonly<Record<LegalDocument, LegalVersion>> = {
  terms: { version: 1, effective: '2026-11-26' },
  privacy: { version: 1, effective: '2026-11-26' },
  risk: { version: 1, effective: '2026-11-26' },
  cookies: { version: 1, effective: '2026-11-26' },
};

/**
 * The version of the legal notice a visitor accepts in the legal dialog: it accepts the terms of
 * use and the privacy notice, so a new version of either asks everyone again.
 */
export const LEGAL_NOTICE_VERSION =
  LEGAL_VERSIONS.terms.version * 1000 + LEGAL_VERSIONS.privacy.version;

/** The page of a legal document. */
export const legalPath = (document: LegalDocument) => `/legal/${document}`;

/** Whether a path (without a language prefix) is one of the legal pages. */
export const isLegalPath = (path: string) =>
  LEGAL_DOCUMENTS.some((document) => path === legalPath(document));
