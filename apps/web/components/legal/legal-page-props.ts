import {
  LEGAL_DOCUMENTS,
  LEGAL_VERSIONS,
  legalPath,
  type LegalDocument,
  type LegalVersion,
} from '@exchange-web/protocol/legal';
import type { LocaleCode } from '@exchange-web/protocol/languages';
import type { GetServerSideProps } from 'next';
import { pageLinks } from '../../lib/page-links';
import { shellRequestOf } from '../../lib/shell-request';
import { siteOrigin } from '../../lib/site-origin';
import type { PageSeo } from '../inscription/SeoHead';

// Server only (getServerSideProps): each page carries its one document in its one language.

/** A legal document's text in one language: numbered sections, each with a stable anchor. */
export interface LegalText {
  title: string;
  summary: string;
  sections: { id: string; heading: string; paragraphs: string[] }[];
}

export interface LegalPageProps {
  document: LegalDocument;
  text: LegalText;
  version: LegalVersion;
  seo: PageSeo;
}

/** The text of `document` in `language` (every language has all four; see legal-content.test.ts). */
export async function loadLegalText(
  language: LocaleCode,
  document: LegalDocument,
): Promise<LegalText> {
  const module = (await import(`../../content/legal/${language}/${document}.json`)) as {
    default: LegalText;
  };
  return module.default;
}

const isLegalDocument = (value: unknown): value is LegalDocument =>
  LEGAL_DOCUMENTS.some((document) => document === value);

/** The legal pages: the document named by the path, in the page's language, with its version. */
export const legalPageProps: GetServerSideProps<LegalPageProps> = async (ctx) => {
  const document = ctx.params?.document;
  if (!isLegalDocument(document)) return { notFound: true };
  const shell = shellRequestOf(ctx);
  const text = await loadLegalText(shell.language, document);
  return {
    props: {
      document,
      text,
      version: LEGAL_VERSIONS[document],
      seo: {
        texts: { title: text.title, description: text.summary, keywords: [] },
        links: pageLinks({
          origin: siteOrigin(ctx.req.headers),
          prefix: shell.prefix,
          path: legalPath(document),
        }),
        noindex: false,
      },
    },
  };
};
