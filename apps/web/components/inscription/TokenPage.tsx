import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import type {
  Brc20TokenDetail,
  InscriptionInfo,
  RunesToken,
} from '@exchange-web/protocol/inscription';
import { PageLink } from '../PageLink';
import { useMemo, type ReactNode } from 'react';
import { inscriptionFormats, shortenId } from './formats';
import type { TokenPageProps } from './inscription-page-props';
import { LIST_ROOT_PATH, tokenPath } from './list-links';
import { MintProgress } from './MintProgress';
import { PriceHistory } from './PriceHistory';
import { SearchBox } from './SearchBox';
import { SeoHead } from './SeoHead';
import { ActivityTable, HoldersTable } from './TokenTables';
import styles from './inscription.module.css';
import { trendClass, type InscriptionView } from './view';

/** The token's header figures (SPEC 2 token page), as a description list. */
function TokenFigures({
  detail,
  t,
  formats,
  fiat,
}: InscriptionView & { detail: Brc20TokenDetail }) {
  const figures: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'change24h',
      label: t('inscription.token.change24h'),
      value: (
        <span className={trendClass(detail.change24h)}>{formats.change(detail.change24h)}</span>
      ),
    },
    {
      key: 'marketCap',
      label: t('inscription.token.marketCap'),
      value: formats.money(detail.marketCapUsdt, fiat),
    },
    {
      key: 'volume24h',
      label: t('inscription.token.volume24h'),
      value: formats.money(detail.volume24hUsdt, fiat),
    },
    { key: 'holders', label: t('inscription.token.holders'), value: formats.count(detail.holders) },
    { key: 'supply', label: t('inscription.token.supply'), value: formats.amount(detail.supply) },
    { key: 'minted', label: t('inscription.token.minted'), value: formats.amount(detail.minted) },
    {
      key: 'mintProgress',
      label: t('inscription.token.mintProgress'),
      value: (
        <MintProgress ticker={detail.ticker} ratio={detail.mintProgress} t={t} formats={formats} />
      ),
    },
    {
      key: 'high24h',
      label: t('inscription.token.high24h'),
      value: formats.price(detail.high24hUsdt, fiat),
    },
    {
      key: 'low24h',
      label: t('inscription.token.low24h'),
      value: formats.price(detail.low24hUsdt, fiat),
    },
    {
      key: 'transactions24h',
      label: t('inscription.token.transactions24h'),
      value: formats.count(detail.transactions24h),
    },
    {
      key: 'deployTime',
      label: t('inscription.token.deployTime'),
      value: formats.dateTime(detail.deployTime),
    },
    {
      key: 'inscriptionNumber',
      label: t('inscription.token.inscriptionNumber'),
      value: `#${formats.count(detail.inscriptionNumber)}`,
    },
    {
      key: 'limitPerMint',
      label: t('inscription.token.limitPerMint'),
      value: formats.amount(detail.limitPerMint),
    },
  ];
  return (
    <dl
      className={styles.figures}
      aria-label={t('inscription.token.figures', { ticker: detail.ticker })}
      data-testid="token-figures"
    >
      {figures.map((figure) => (
        <div key={figure.key} data-figure={figure.key}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Runes tokens shown beside the BRC-20 token. */
function RelatedRunes({
  runes,
  t,
  formats,
  fiat,
}: InscriptionView & { runes: readonly RunesToken[] | null }) {
  const title = t('inscription.runes.title');
  return (
    <section aria-labelledby="runes-title" className={styles.panel} data-testid="related-runes">
      <h2 id="runes-title">{title}</h2>
      <p className={styles.muted}>{t('inscription.runes.lead')}</p>
      {runes === null ? (
        <p role="alert" className={styles.alert}>
          {t('inscription.loadFailed')}
        </p>
      ) : runes.length === 0 ? (
        <p className={styles.muted}>{t('inscription.runes.empty')}</p>
      ) : (
        <div
          className={styles.tableScroll}
          tabIndex={0}
          role="region"
          aria-labelledby="runes-title"
        >
          <table className={styles.table}>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('inscription.runes.name')}</th>
                <th scope="col">{t('inscription.runes.symbol')}</th>
                <th scope="col" className={styles.num}>
                  {t('inscription.table.inCurrency', {
                    column: t('inscription.columns.price'),
                    currency: fiat.value,
                  })}
                </th>
                <th scope="col" className={styles.num}>
                  {t('inscription.columns.change24h')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('inscription.table.inCurrency', {
                    column: t('inscription.columns.marketCap'),
                    currency: fiat.value,
                  })}
                </th>
                <th scope="col" className={styles.num}>
                  {t('inscription.columns.holders')}
                </th>
              </tr>
            </thead>
            <tbody>
              {runes.map((rune) => (
                <tr key={rune.runeId} data-rune={rune.runeId}>
                  <th scope="row">{rune.name}</th>
                  <td>{rune.symbol}</td>
                  <td className={styles.num}>{formats.price(rune.priceUsdt, fiat)}</td>
                  <td className={`${styles.num} ${trendClass(rune.change24h) ?? ''}`}>
                    {formats.change(rune.change24h)}
                  </td>
                  <td className={styles.num}>{formats.money(rune.marketCapUsdt, fiat)}</td>
                  <td className={styles.num}>{formats.count(rune.holders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The deploy inscription as an ordinals explorer shows it: its facts and its content. */
function DeployInscription({
  info,
  detail,
  t,
  formats,
}: Omit<InscriptionView, 'fiat'> & { info: InscriptionInfo | null; detail: Brc20TokenDetail }) {
  return (
    <section aria-labelledby="info-title" className={styles.panel} data-testid="inscription-info">
      <h2 id="info-title">{t('inscription.info.title')}</h2>
      {info === null ? (
        <p role="alert" className={styles.alert}>
          {t('inscription.loadFailed')}
        </p>
      ) : (
        <>
          <dl className={styles.info}>
            <dt>{t('inscription.info.inscriptionId')}</dt>
            <dd className={styles.address}>{info.inscriptionId}</dd>
            <dt>{t('inscription.info.inscriptionNumber')}</dt>
            <dd>{`#${formats.count(info.inscriptionNumber)}`}</dd>
            <dt>{t('inscription.info.contentType')}</dt>
            <dd>{info.contentType}</dd>
            <dt>{t('inscription.info.contentLength')}</dt>
            <dd>{t('inscription.info.bytes', { value: formats.count(info.contentLength) })}</dd>
            <dt>{t('inscription.info.genesisTxid')}</dt>
            <dd className={styles.address}>{info.genesisTxid}</dd>
            <dt>{t('inscription.info.genesisHeight')}</dt>
            <dd>{formats.count(info.genesisHeight)}</dd>
            <dt>{t('inscription.info.genesisFee')}</dt>
            <dd>{t('inscription.info.sats', { value: formats.count(info.genesisFeeSats) })}</dd>
            <dt>{t('inscription.info.owner')}</dt>
            <dd className={styles.address}>{info.owner}</dd>
            <dt>{t('inscription.token.deployer')}</dt>
            <dd className={styles.address} title={detail.deployer}>
              {shortenId(detail.deployer, 10)}
            </dd>
            <dt>{t('inscription.token.decimals')}</dt>
            <dd>{formats.count(detail.decimals)}</dd>
            <dt>{t('inscription.info.deployTime')}</dt>
            <dd>{formats.dateTime(info.deployTime)}</dd>
          </dl>
          <h3 className={styles.muted}>{t('inscription.info.content')}</h3>
          {/* The deploy operation exactly as inscribed: text, escaped by React. */}
          <pre className={styles.content} dir="ltr" data-testid="inscription-content">
            <code>{info.content}</code>
          </pre>
        </>
      )}
    </section>
  );
}

/**
 * A BRC-20 token's page (SPEC 2 /inscription/brc-20/{token}): its figures, price history, holders
 * and activity (paged in place), related Runes tokens and the deploy inscription. All of it is in
 * the server's HTML except the chart, whose data is also a table there.
 */
export function TokenPage(props: TokenPageProps) {
  const { ticker, detail, seo } = props;
  const { t, language, currency } = useShellState();
  const formats = useMemo(() => inscriptionFormats(language), [language]);
  const fiat = currency.selected;
  const shared = { t, formats, fiat };
  return (
    <>
      <SeoHead
        seo={seo}
        fallback={{
          title: t('inscription.token.title', { ticker }),
          description: t('inscription.token.description', { ticker }),
        }}
      />
      <div className={styles.page} data-testid="token-page" data-ticker={ticker}>
        <div className={styles.toolbar}>
          <nav aria-label={t('inscription.token.breadcrumb')} className={styles.breadcrumb}>
            <ol>
              <li>
                <PageLink href={LIST_ROOT_PATH}>{t('inscription.token.backToList')}</PageLink>
              </li>
              <li>
                <PageLink href={tokenPath(ticker)} aria-current="page">
                  {ticker}
                </PageLink>
              </li>
            </ol>
          </nav>
          <SearchBox
            {...shared}
            keywordMax={props.keywordMax}
            suggestionLimit={props.suggestionLimit}
          />
        </div>
        <header className={styles.tokenHead}>
          <h1>{ticker}</h1>
          <span className={styles.badge}>{t('inscription.token.kind')}</span>
          {detail ? (
            <>
              <span className={styles.badge} data-testid="token-status">
                {t(
                  detail.completed
                    ? 'inscription.progress.completed'
                    : 'inscription.progress.minting',
                )}
              </span>
              <span className={styles.headPrice} data-testid="token-price">
                {formats.price(detail.priceUsdt, fiat)}
              </span>
              <span className={trendClass(detail.change24h)}>
                {formats.change(detail.change24h)}
              </span>
            </>
          ) : null}
        </header>
        {detail ? (
          <>
            <TokenFigures detail={detail} {...shared} />
            <PriceHistory
              ticker={ticker}
              initial={props.history}
              intervals={props.intervals}
              defaultInterval={props.defaultInterval}
              {...shared}
            />
            <div className={styles.twoColumns}>
              <HoldersTable
                ticker={ticker}
                initial={props.holders}
                pageSize={props.tablePageSize}
                t={t}
                formats={formats}
              />
              <ActivityTable
                ticker={ticker}
                initial={props.activity}
                pageSize={props.tablePageSize}
                {...shared}
              />
            </div>
            <RelatedRunes runes={props.runes} {...shared} />
            <DeployInscription info={props.info} detail={detail} t={t} formats={formats} />
          </>
        ) : (
          <p role="alert" className={styles.alert} data-testid="token-error">
            {t('inscription.token.unavailable')}{' '}
            <PageLink href={tokenPath(ticker)}>{t('inscription.table.retry')}</PageLink>
          </p>
        )}
      </div>
    </>
  );
}
