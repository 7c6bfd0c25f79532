import type { MessageKey } from '@exchange-web/react/i18n/messages';
import { TrackingId } from '@exchange-web/protocol/registry';
import type { Translate } from '@exchange-web/react/i18n/translator';
import type {
  Brc20Token,
  InscriptionListReply,
  InscriptionSortKey,
} from '@exchange-web/protocol/inscription';
import { PageLink } from '../PageLink';
import type { Fiat, InscriptionFormats } from './formats';
import { lastPageOf, listHref, nextOrder, tokenPath, type ListView } from './list-links';
import { MintProgress } from './MintProgress';
import styles from './inscription.module.css';
import { trendClass, type InscriptionView } from './view';

interface Column {
  /** The sort key of a sortable column. */
  sort?: InscriptionSortKey;
  label: MessageKey;
  /** Whether the column is an amount in the visitor's currency (its code in the header). */
  fiat?: boolean;
  numeric: boolean;
  cell(token: Brc20Token, context: InscriptionView): React.ReactNode;
}

// The columns after # and the token, in the order exchanges list them.
const COLUMNS: readonly Column[] = [
  {
    sort: 'price',
    label: 'inscription.columns.price',
    fiat: true,
    numeric: true,
    cell: (token, { formats, fiat }) => formats.price(token.priceUsdt, fiat),
  },
  {
    sort: 'change24h',
    label: 'inscription.columns.change24h',
    numeric: true,
    cell: (token, { formats }) => (
      <span className={trendClass(token.change24h)}>{formats.change(token.change24h)}</span>
    ),
  },
  {
    sort: 'volume24h',
    label: 'inscription.columns.volume24h',
    fiat: true,
    numeric: true,
    cell: (token, { formats, fiat }) => formats.money(token.volume24hUsdt, fiat),
  },
  {
    sort: 'marketCap',
    label: 'inscription.columns.marketCap',
    fiat: true,
    numeric: true,
    cell: (token, { formats, fiat }) => formats.money(token.marketCapUsdt, fiat),
  },
  {
    sort: 'holders',
    label: 'inscription.columns.holders',
    numeric: true,
    cell: (token, { formats }) => formats.count(token.holders),
  },
  {
    sort: 'mintProgress',
    label: 'inscription.columns.mintProgress',
    numeric: false,
    cell: (token, { t, formats }) => (
      <MintProgress ticker={token.ticker} ratio={token.mintProgress} t={t} formats={formats} />
    ),
  },
  {
    sort: 'deployTime',
    label: 'inscription.columns.deployTime',
    numeric: false,
    cell: (token, { formats }) => formats.date(token.deployTime),
  },
];

export interface TokenListTableProps {
  view: ListView;
  list: InscriptionListReply;
  /** The tab's name, for the caption. */
  tabName: string;
  t: Translate;
  formats: InscriptionFormats;
  fiat: Fiat;
}

/**
 * A page of the token list: the column headers are links that sort (marked `aria-sort`), each
 * token links to its page. A page past the end says so and links back.
 */
export function TokenListTable({ view, list, tabName, t, formats, fiat }: TokenListTableProps) {
  const context: InscriptionView = { t, formats, fiat };
  const columnName = (column: Column) => {
    const name = t(column.label);
    return column.fiat
      ? t('inscription.table.inCurrency', { column: name, currency: fiat.value })
      : name;
  };
  const sortedBy = COLUMNS.find((column) => column.sort === list.sort);
  const last = lastPageOf(list.total, list.pageSize);
  const firstRank = (list.pageNo - 1) * list.pageSize + 1;
  return (
    <div
      className={styles.tableScroll}
      data-testid="token-list-scroll"
      tabIndex={0}
      role="region"
      aria-labelledby="token-list-title"
    >
      <table
        className={styles.table}
        data-testid="token-list"
        data-sort={list.sort}
        data-order={list.order}
        data-page={list.pageNo}
        data-total={list.total}
      >
        <caption className="visually-hidden">
          {t('inscription.table.caption', {
            tab: tabName,
            column: sortedBy ? t(sortedBy.label) : list.sort,
            order: t(
              list.order === 'asc' ? 'inscription.table.ascending' : 'inscription.table.descending',
            ),
          })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.num}>
              {t('inscription.columns.rank')}
            </th>
            <th scope="col">{t('inscription.columns.token')}</th>
            {COLUMNS.map((column) => {
              const sorted = column.sort !== undefined && column.sort === list.sort;
              return (
                <th
                  key={column.label}
                  scope="col"
                  className={column.numeric ? styles.num : undefined}
                  aria-sort={
                    sorted ? (list.order === 'asc' ? 'ascending' : 'descending') : undefined
                  }
                  data-column={column.sort}
                >
                  {column.sort ? (
                    <PageLink
                      href={listHref(view, nextOrder(list, column.sort))}
                      data-tracking-id={TrackingId.brc20Sort}
                      data-tracking-ext={JSON.stringify({
                        column: column.sort,
                        order: nextOrder(list, column.sort).order,
                      })}
                      className={styles.sortLink}
                      scroll={false}
                      title={t('inscription.table.sortBy', { column: t(column.label) })}
                    >
                      {columnName(column)}
                      <span className={styles.sortMark} aria-hidden="true">
                        {sorted ? (list.order === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </PageLink>
                  ) : (
                    columnName(column)
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {list.items.length === 0 ? (
            <tr>
              <td
                colSpan={COLUMNS.length + 2}
                className={styles.empty}
                data-testid="token-list-empty"
              >
                {list.total === 0 ? (
                  t('inscription.table.empty')
                ) : (
                  <>
                    {t('inscription.table.emptyPage', {
                      page: formats.count(list.pageNo),
                      last: formats.count(last),
                    })}
                    <span className={styles.emptyActions}>
                      <PageLink href={listHref(view, { pageNo: 1 })}>
                        {t('inscription.table.firstPage')}
                      </PageLink>
                      <PageLink href={listHref(view, { pageNo: last })}>
                        {t('inscription.table.lastPage')}
                      </PageLink>
                    </span>
                  </>
                )}
              </td>
            </tr>
          ) : (
            list.items.map((token, index) => (
              <tr key={token.ticker} data-ticker={token.ticker}>
                <td className={`${styles.num} ${styles.muted}`}>
                  {formats.count(firstRank + index)}
                </td>
                <th scope="row">
                  <PageLink href={tokenPath(token.ticker)} className={styles.tokenLink}>
                    {token.ticker}
                  </PageLink>
                  <span className={styles.subline}>
                    {t('inscription.table.inscriptionNumber', {
                      value: formats.count(token.inscriptionNumber),
                    })}
                  </span>
                </th>
                {COLUMNS.map((column) => (
                  <td
                    key={column.label}
                    className={column.numeric ? styles.num : undefined}
                    data-column={column.sort}
                  >
                    {column.cell(token, context)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
