import {
  COPY_MARKETS,
  COPY_NICKNAME_MAX,
  type CopyMarket,
} from '@exchange-web/protocol/copy-trading';
import type { LeadFollower, ProfitShare } from '@exchange-web/protocol/copy-trading-schemas';
import { Endpoints } from '@exchange-web/protocol/endpoints';
import { leadProfilePath } from '@exchange-web/protocol/paths';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useEndpointQuery } from '@exchange-web/react/query/useEndpointQuery';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useSimulation } from '@exchange-web/react/simulation/SimulationProvider';
import { useMemo, useState, type FormEvent } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { PageLink } from '../PageLink';
import { pairName } from '../records/record-columns';
import { ListStatus } from '../records/RecordList';
import { RECORDS_REFRESH_MS } from '../records/usePagedList';
import { tradingFormats } from '../trading/formats';
import { CopyFrame } from './CopyFrame';
import { LeadActivity, LeadStatsTable } from './LeadProfileView';
import { Signed } from './LeadTable';
import { CopyStatus, useCopyAction } from './useCopyAction';
import styles from './copy.module.css';

/** The profit shares a lead may ask, in percent. */
const SHARE_CHOICES = ['0', '0.05', '0.1', '0.15', '0.2', '0.25', '0.3'] as const;

/**
 * The lead's side of copy trading (SPEC 2 `record/mcp`, read as copy trading's record page):
 * applying to lead with the account in use, then the profile's results, the followers and the
 * profit they shared.
 */
export function CopyLeading() {
  const { t, language } = useShellState();
  const { status } = useSession();
  const simulation = useSimulation().on;
  const formats = useMemo(() => tradingFormats(language), [language]);
  const { invalidate } = useEndpointActions();
  const reply = useEndpointQuery(
    Endpoints.copyLeading,
    {},
    { enabled: status === 'signedIn', pollMs: RECORDS_REFRESH_MS, quiet: true },
  );
  const apply = useCopyAction();
  const [nickname, setNickname] = useState('');
  const [about, setAbout] = useState('');
  const [markets, setMarkets] = useState<CopyMarket[]>(['spot', 'futures']);
  const [share, setShare] = useState<string>('0.1');
  const [invalid, setInvalid] = useState(false);
  const data = reply.data;
  const lead = data?.lead ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = nickname.trim();
    const valid = name.length >= 2 && name.length <= COPY_NICKNAME_MAX && markets.length > 0;
    setInvalid(!valid);
    if (!valid) return;
    const done = await apply.call(
      Endpoints.copyApply,
      { nickname: name, description: about, markets, profitShare: share },
      () => t('copy.leading.done'),
    );
    if (done) await invalidate(Endpoints.copyLeading);
  };

  const followerColumns: DataColumn<LeadFollower>[] = [
    { key: 'follower', title: t('copy.columns.follower'), render: (row) => row.follower },
    {
      key: 'amount',
      title: t('copy.columns.amount'),
      render: (row) =>
        row.amountMode === 'fixed'
          ? `${formats.amount(row.amount)} USDT`
          : `× ${formats.amount(row.amount)}`,
    },
    {
      key: 'status',
      title: t('copy.columns.status'),
      render: (row) => t(`copy.statuses.${row.status}`),
    },
    {
      key: 'result',
      title: t('copy.columns.result'),
      align: 'end',
      render: (row) => (
        <Signed value={row.realizedPnl}>{formats.signed(row.realizedPnl, 2)}</Signed>
      ),
    },
    {
      key: 'shared',
      title: t('copy.columns.shared'),
      align: 'end',
      render: (row) => formats.amount(row.sharedProfit, 8),
    },
    {
      key: 'since',
      title: t('copy.columns.since'),
      render: (row) => formats.dateTime(row.createdAt),
    },
  ];
  const shareColumns: DataColumn<ProfitShare>[] = [
    { key: 'time', title: t('copy.columns.time'), render: (row) => formats.dateTime(row.time) },
    { key: 'follower', title: t('copy.columns.follower'), render: (row) => row.follower },
    { key: 'symbol', title: t('copy.columns.symbol'), render: (row) => pairName(row.symbol) },
    {
      key: 'result',
      title: t('copy.columns.result'),
      align: 'end',
      render: (row) => formats.signed(row.realizedPnl, 2),
    },
    {
      key: 'shared',
      title: t('copy.columns.shared'),
      align: 'end',
      render: (row) => formats.amount(row.shared, 8),
    },
  ];

  return (
    <CopyFrame
      section="records"
      title={t('copy.leading.title')}
      lead={t('copy.leading.lead')}
      testId="copy-leading"
    >
      <p className={styles.note} data-testid="copy-account">
        {t(simulation ? 'copy.paper' : 'copy.real')}
      </p>
      <ListStatus failed={reply.error !== null} />
      {data && !lead ? (
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="apply-form">
          <fieldset className={styles.form}>
            <legend>{t('copy.leading.apply')}</legend>
            <p className={styles.note}>
              {t('copy.leading.applyLead', { amount: formats.amount(data.minBalance, 2) })}
            </p>
            <div className={styles.field}>
              <label htmlFor="apply-nickname">{t('copy.leading.nickname')}</label>
              <input
                id="apply-nickname"
                value={nickname}
                maxLength={COPY_NICKNAME_MAX}
                autoComplete="off"
                aria-invalid={invalid && nickname.trim().length < 2}
                onChange={(event) => setNickname(event.target.value)}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor="apply-about">{t('copy.leading.about')}</label>
              <textarea
                id="apply-about"
                value={about}
                maxLength={500}
                rows={3}
                onChange={(event) => setAbout(event.target.value)}
              />
            </div>
            <fieldset className={styles.checks}>
              <legend>{t('copy.leading.markets')}</legend>
              {COPY_MARKETS.map((market) => (
                <label key={market}>
                  <input
                    type="checkbox"
                    checked={markets.includes(market)}
                    onChange={(event) =>
                      setMarkets((current) =>
                        event.target.checked
                          ? [...current, market]
                          : current.filter((entry) => entry !== market),
                      )
                    }
                  />{' '}
                  {t(`copy.markets.${market}`)}
                </label>
              ))}
            </fieldset>
            <div className={styles.field}>
              <label htmlFor="apply-share">{t('copy.leading.share')}</label>
              <select
                id="apply-share"
                value={share}
                onChange={(event) => setShare(event.target.value)}
              >
                {SHARE_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {formats.share(choice)}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.actions}>
              <button
                type="submit"
                className="button-primary"
                disabled={apply.busy}
                data-testid="apply-submit"
              >
                {t(apply.busy ? 'copy.leading.busy' : 'copy.leading.submit')}
              </button>
            </div>
            {invalid ? (
              <p className={styles.error} role="alert">
                {t('copy.leading.invalid')}
              </p>
            ) : null}
            <CopyStatus message={apply.message} testId="apply-status" />
          </fieldset>
        </form>
      ) : null}
      {lead ? (
        <>
          <h2 data-testid="leading-name">{lead.nickname}</h2>
          {simulation ? null : (
            <p className={styles.note}>
              <PageLink href={leadProfilePath(lead.leadId)}>{t('copy.leading.profile')}</PageLink>
            </p>
          )}
          <dl className="stat-cards">
            <div>
              <dt>{t('copy.columns.followers')}</dt>
              <dd data-testid="leading-followers">{formats.amount(String(lead.followers), 0)}</dd>
            </div>
            <div>
              <dt>{t('copy.columns.aum')}</dt>
              <dd>{formats.amount(lead.aum, 2)}</dd>
            </div>
            <div>
              <dt>{t('copy.leading.sharedTotal')}</dt>
              <dd data-testid="leading-shared">{formats.amount(data?.sharedTotal ?? '0', 8)}</dd>
            </div>
          </dl>
          <LeadStatsTable stats={lead.stats} formats={formats} t={t} />
          <h2>{t('copy.leading.followers')}</h2>
          <DataTable
            columns={followerColumns}
            rows={data?.followers ?? null}
            rowKey={(row) => row.followId}
            rowData={(row) => ({ 'data-status': row.status })}
            loadingText={t('records.loading')}
            emptyText={t('copy.leading.noFollowers')}
            caption={t('copy.leading.followers')}
            data-testid="leading-followers-table"
          />
          <h2>{t('copy.leading.shares')}</h2>
          <DataTable
            columns={shareColumns}
            rows={data?.shares ?? null}
            rowKey={(row) => row.tradeId}
            loadingText={t('records.loading')}
            emptyText={t('copy.leading.noShares')}
            caption={t('copy.leading.shares')}
            data-testid="leading-shares"
          />
          <LeadActivity lead={lead} formats={formats} t={t} />
        </>
      ) : null}
      {apply.message && lead ? <CopyStatus message={apply.message} testId="apply-status" /> : null}
    </CopyFrame>
  );
}
