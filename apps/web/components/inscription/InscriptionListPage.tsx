import type { Translate } from '@exchange-web/react/i18n/translator';
import { TrackingId } from '@exchange-web/protocol/registry';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import type { InscriptionTab } from '@exchange-web/protocol/inscription';
import { PageLink } from '../PageLink';
import { useMemo } from 'react';
import { inscriptionFormats } from './formats';
import { HotStrip, Leaderboards } from './HotTokens';
import type { ListPageProps } from './inscription-page-props';
import { LIST_TABS, listHref, tabPath, tokenPath } from './list-links';
import { Pagination } from './Pagination';
import { SearchBox } from './SearchBox';
import { SeoHead } from './SeoHead';
import { TokenListTable } from './TokenListTable';
import styles from './inscription.module.css';

export const tabName = (t: Translate, tab: InscriptionTab) => t(`inscription.tabs.${tab}`);

/**
 * A BRC-20 list page (SPEC 2: /inscription/brc-20, /page, /hot, /inProgress): the hot strip,
 * the tabs (links, so they work without script), the search, a page of the sortable token list
 * with its pagination, and the 24 h leaderboards. Everything but the search suggestions is in the
 * server's HTML; prices follow the visitor's currency once its rates are in.
 */
export function InscriptionListPage({
  view,
  list,
  hot,
  leaderboard,
  search,
  seo,
  limits,
}: ListPageProps) {
  const { t, language, currency } = useShellState();
  const formats = useMemo(() => inscriptionFormats(language), [language]);
  const fiat = currency.selected;
  const page = list?.pageNo ?? view.pageNo;
  const shared = { t, formats, fiat };
  return (
    <>
      <SeoHead
        seo={seo}
        fallback={{ title: t('inscription.title'), description: t('inscription.description') }}
        decorateTitle={(title) =>
          page > 1 ? t('inscription.pageTitle', { title, page: formats.count(page) }) : title
        }
      />
      <div className={styles.page} data-testid="inscription-list-page" data-tab={view.tab}>
        <header>
          <h1>{t('inscription.heading')}</h1>
          <p className={styles.lead}>{t('inscription.lead', { currency: fiat.value })}</p>
        </header>
        {hot ? <HotStrip items={hot} {...shared} /> : null}
        <div className={styles.toolbar}>
          <nav aria-label={t('inscription.tabsLabel')}>
            <ul className={styles.tabs} data-testid="inscription-tabs">
              {LIST_TABS.map((tab) => (
                <li key={tab}>
                  <PageLink
                    href={tabPath(tab)}
                    aria-current={tab === view.tab ? 'page' : undefined}
                    data-tab={tab}
                    data-tracking-id={TrackingId.brc20Tab}
                    data-tracking-ext={JSON.stringify({ tab })}
                  >
                    {tabName(t, tab)}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
          <SearchBox
            {...shared}
            keywordMax={limits.keywordMax}
            suggestionLimit={limits.suggestionLimit}
            initialKeyword={search?.keyword}
          />
        </div>
        {search ? (
          <section
            aria-labelledby="search-results-title"
            className={styles.searchResults}
            data-testid="search-results"
          >
            <h2 id="search-results-title">
              {t('inscription.search.resultsTitle', { keyword: search.keyword })}
            </h2>
            {search.failed ? (
              <p role="alert" className={styles.alert}>
                {t('inscription.search.failed')}
              </p>
            ) : search.items.length === 0 ? (
              <p className={styles.muted}>
                {t('inscription.search.noMatch', { keyword: search.keyword })}
              </p>
            ) : (
              <ul>
                {search.items.map((item) => (
                  <li key={item.ticker}>
                    <PageLink href={tokenPath(item.ticker)}>{item.ticker}</PageLink>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : null}
        <section aria-labelledby="token-list-title">
          <h2 id="token-list-title" className="visually-hidden">
            {tabName(t, view.tab)}
          </h2>
          {list ? (
            <>
              <TokenListTable view={view} list={list} tabName={tabName(t, view.tab)} {...shared} />
              <Pagination
                name={t('inscription.heading')}
                pageNo={list.pageNo}
                pageSize={list.pageSize}
                total={list.total}
                hrefFor={(pageNo) => listHref(view, { pageNo })}
                pageSizes={{
                  sizes: limits.pageSizes,
                  hrefFor: (pageSize) => listHref(view, { pageSize }),
                }}
                testId="token-list-pages"
                {...shared}
              />
            </>
          ) : (
            <p role="alert" className={styles.alert} data-testid="token-list-error">
              {t('inscription.table.unavailable')}{' '}
              <PageLink href={listHref(view, {})}>{t('inscription.table.retry')}</PageLink>
            </p>
          )}
        </section>
        {leaderboard ? <Leaderboards boards={leaderboard} {...shared} /> : null}
      </div>
    </>
  );
}
