import { LEGAL_DOCUMENTS, legalPath } from '@exchange-web/protocol/legal';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo } from 'react';
import { SeoHead } from '../inscription/SeoHead';
import { PageLink } from '../PageLink';
import { tradingFormats } from '../trading/formats';
import type { LegalPageProps } from './legal-page-props';
import styles from './legal.module.css';

/**
 * A legal document: its version and effective date, a table of contents whose entries are the
 * sections' anchors, the numbered sections, and the other documents. Plain server-rendered text.
 */
export function LegalDocumentView({ document, text, version, seo }: LegalPageProps) {
  const { t, language } = useShellState();
  const effective = useMemo(
    () => tradingFormats(language).date(Date.parse(`${version.effective}T00:00:00Z`)),
    [language, version.effective],
  );
  return (
    <article className={styles.document} data-testid="legal-document" data-document={document}>
      <SeoHead seo={seo} fallback={{ title: text.title, description: text.summary }} />
      <h1>{text.title}</h1>
      <p className={styles.meta} data-testid="legal-version">
        {t('legal.version', { version: version.version, date: effective })}
      </p>
      <p className={styles.summary}>{text.summary}</p>
      <nav aria-labelledby="legal-contents" className={styles.contents}>
        <h2 id="legal-contents">{t('legal.contents')}</h2>
        <ol>
          {text.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {text.sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.heading}
          </h2>
          {section.paragraphs.map((paragraph, paragraphIndex) => (
            <p key={paragraphIndex}>{paragraph}</p>
          ))}
        </section>
      ))}
      <nav aria-label={t('legal.documents')} className={styles.others}>
        <ul>
          {LEGAL_DOCUMENTS.map((other) => (
            <li key={other}>
              <PageLink
                href={legalPath(other)}
                aria-current={other === document ? 'page' : undefined}
              >
                {t(`footer.legalLinks.${other}`)}
              </PageLink>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
