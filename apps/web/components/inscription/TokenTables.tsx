import type { MessageKey } from '@exchange-web/react/i18n/messages';
import type { Translate } from '@exchange-web/react/i18n/translator';
import { useShell } from '@exchange-web/react/shell/ShellProvider';
import { Endpoints, type Endpoint } from '@exchange-web/protocol/endpoints';
import type {
  ActivityReply,
  OwnersReply,
  tokenTableRequestSchema,
} from '@exchange-web/protocol/inscription';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type * as z from 'zod/mini';
import { shortenId, type Fiat, type InscriptionFormats } from './formats';
import { failureKeyOf, inscriptionCall } from './inscription-client';
import { TOKEN_TABLE_QUERY, tokenPath } from './list-links';
import { Pagination } from './Pagination';
import styles from './inscription.module.css';

interface Paged {
  pageNo: number;
  pageSize: number;
  total: number;
}

interface TablePages<R extends Paged> {
  reply: R | null;
  loading: boolean;
  failure: MessageKey | null;
  /** Loads a page through the API; an answer to an older request never replaces a newer one. */
  load(pageNo: number): void;
}

/**
 * A token table's pages: the server's page first, later ones through the page's request client.
 * The URL stays as it is: a page of a table is not a page view (the tracker counts URL changes).
 */
function useTablePages<R extends Paged>(
  endpoint: Endpoint<typeof tokenTableRequestSchema, z.ZodMiniType<R>>,
  ticker: string,
  pageSize: number,
  initial: R | null,
): TablePages<R> {
  const { api } = useShell();
  const [reply, setReply] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<MessageKey | null>(null);
  const latest = useRef(0);
  const load = useCallback(
    (pageNo: number) => {
      const call = (latest.current += 1);
      setLoading(true);
      inscriptionCall(api, endpoint, { ticker, pageNo, pageSize })
        .then((next) => {
          if (call !== latest.current) return;
          setReply(next);
          setFailure(null);
        })
        .catch(async (error: unknown) => {
          const key = await failureKeyOf(error);
          if (call === latest.current) setFailure(key);
        })
        .finally(() => {
          if (call === latest.current) setLoading(false);
        });
    },
    [api, endpoint, ticker, pageSize],
  );
  return { reply, loading, failure, load };
}

interface TableShellProps<R extends Paged> {
  id: string;
  title: string;
  pages: TablePages<R>;
  query: string;
  ticker: string;
  pageSize: number;
  t: Translate;
  formats: InscriptionFormats;
  children(reply: R): ReactNode;
}

/** A token table's panel: title, the table, its status (loading, failure with retry), paging. */
function TablePanel<R extends Paged>({
  id,
  title,
  pages,
  query,
  ticker,
  pageSize,
  t,
  formats,
  children,
}: TableShellProps<R>) {
  const { buildPath } = useShell();
  const { reply, loading, failure, load } = pages;
  const pageNo = reply?.pageNo ?? 1;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`${styles.panel} ${styles.tablePanel}`}
      aria-busy={loading}
      data-testid={`${id}-panel`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {reply ? (
        // Focusable, so a keyboard can scroll a table wider than the screen (axe).
        <div
          className={styles.tableScroll}
          tabIndex={0}
          role="region"
          aria-labelledby={`${id}-title`}
        >
          {children(reply)}
        </div>
      ) : null}
      <p className={styles.tableStatus} role={failure || !reply ? 'alert' : 'status'}>
        {failure ? (
          <span className={styles.alert}>{t(failure)}</span>
        ) : !reply ? (
          <span className={styles.alert}>{t('inscription.loadFailed')}</span>
        ) : loading ? (
          t('inscription.loading')
        ) : null}
        {failure || !reply ? (
          <button type="button" className={styles.retry} onClick={() => load(pageNo)}>
            {t('inscription.table.retry')}
          </button>
        ) : null}
      </p>
      {reply && reply.total > reply.pageSize ? (
        <Pagination
          name={title}
          pageNo={reply.pageNo}
          pageSize={pageSize}
          total={reply.total}
          hrefFor={(page) => `${buildPath(tokenPath(ticker))}?${query}=${page}#${id}`}
          onPage={load}
          t={t}
          formats={formats}
          testId={`${id}-pages`}
        />
      ) : null}
    </section>
  );
}

interface TokenTableProps<R> {
  ticker: string;
  initial: R | null;
  pageSize: number;
  t: Translate;
  formats: InscriptionFormats;
}

/** The token's holders, largest balance first, a page at a time. */
export function HoldersTable({
  ticker,
  initial,
  pageSize,
  t,
  formats,
}: TokenTableProps<OwnersReply>) {
  const pages = useTablePages(Endpoints.seoTradesOwners, ticker, pageSize, initial);
  const title = t('inscription.holders.title');
  return (
    <TablePanel
      id="holders"
      title={title}
      pages={pages}
      query={TOKEN_TABLE_QUERY.holders}
      ticker={ticker}
      pageSize={pageSize}
      t={t}
      formats={formats}
    >
      {(reply) => (
        <table className={styles.table} data-testid="holders-table" data-page={reply.pageNo}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className={styles.num}>
                {t('inscription.holders.rank')}
              </th>
              <th scope="col">{t('inscription.holders.address')}</th>
              <th scope="col" className={styles.num}>
                {t('inscription.holders.balance')}
              </th>
              <th scope="col" className={styles.num}>
                {t('inscription.holders.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {reply.items.length === 0 ? (
              <tr>
                <td colSpan={4} className={styles.empty}>
                  {t('inscription.holders.empty')}
                </td>
              </tr>
            ) : (
              reply.items.map((owner) => (
                <tr key={`${owner.rank}-${owner.address}`} data-rank={owner.rank}>
                  <td className={styles.num}>{formats.count(owner.rank)}</td>
                  <th scope="row" className={styles.address} title={owner.address}>
                    {shortenId(owner.address)}
                  </th>
                  <td className={styles.num}>{formats.amount(owner.balance)}</td>
                  <td className={styles.num}>{formats.share(owner.share)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </TablePanel>
  );
}

/** The token's on-chain activity, newest first, a page at a time. */
export function ActivityTable({
  ticker,
  initial,
  pageSize,
  t,
  formats,
  fiat,
}: TokenTableProps<ActivityReply> & { fiat: Fiat }) {
  const pages = useTablePages(Endpoints.seoTradesActivity, ticker, pageSize, initial);
  const title = t('inscription.activity.title');
  return (
    <TablePanel
      id="activity"
      title={title}
      pages={pages}
      query={TOKEN_TABLE_QUERY.activity}
      ticker={ticker}
      pageSize={pageSize}
      t={t}
      formats={formats}
    >
      {(reply) => (
        <table className={styles.table} data-testid="activity-table" data-page={reply.pageNo}>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('inscription.activity.type')}</th>
              <th scope="col" className={styles.num}>
                {t('inscription.activity.amount')}
              </th>
              <th scope="col">{t('inscription.activity.from')}</th>
              <th scope="col">{t('inscription.activity.to')}</th>
              <th scope="col" className={styles.num}>
                {t('inscription.activity.price', { currency: fiat.value })}
              </th>
              <th scope="col">{t('inscription.activity.time')}</th>
              <th scope="col">{t('inscription.activity.transaction')}</th>
            </tr>
          </thead>
          <tbody>
            {reply.items.length === 0 ? (
              <tr>
                <td colSpan={7} className={styles.empty}>
                  {t('inscription.activity.empty')}
                </td>
              </tr>
            ) : (
              reply.items.map((entry) => (
                <tr
                  key={`${entry.txid}-${entry.inscriptionNumber}-${entry.type}`}
                  data-txid={entry.txid}
                  data-type={entry.type}
                >
                  <th scope="row">{t(`inscription.activity.types.${entry.type}`)}</th>
                  <td className={styles.num}>{formats.amount(entry.amount)}</td>
                  <td className={styles.address} title={entry.from || undefined}>
                    {entry.from ? shortenId(entry.from) : '—'}
                  </td>
                  <td className={styles.address} title={entry.to}>
                    {shortenId(entry.to)}
                  </td>
                  <td className={styles.num}>
                    {entry.priceUsdt === undefined ? '—' : formats.price(entry.priceUsdt, fiat)}
                  </td>
                  <td>{formats.dateTime(entry.time)}</td>
                  <td className={styles.address} title={entry.txid}>
                    {shortenId(entry.txid)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </TablePanel>
  );
}
