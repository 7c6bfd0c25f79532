import { Endpoints } from '@exchange-web/protocol/endpoints';
import { PROOF_OF_RESERVES_PATH } from '@exchange-web/protocol/paths';
import { ReservesCode, verifyInclusion, type VerifyResult } from '@exchange-web/protocol/reserves';
import type { ReserveSnapshot } from '@exchange-web/protocol/reserves-schemas';
import { isApiError } from '@exchange-web/client/errors';
import { useEndpointActions } from '@exchange-web/react/query/useEndpointActions';
import { useSession } from '@exchange-web/react/session/SessionProvider';
import { useShellState } from '@exchange-web/react/shell/ShellProvider';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '../DataTable';
import { tradingFormats } from '../trading/formats';
import { LoginPrompt } from '../trading/LoginPrompt';
import styles from './reserves.module.css';

type Step = VerifyResult['steps'][number];
type Outcome =
  | {
      kind: 'verified' | 'failed';
      result: VerifyResult;
      proofJson: string;
      snapshot: ReserveSnapshot;
      balances: string[];
    }
  | { kind: 'notIncluded' }
  | { kind: 'error'; text: string };

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/**
 * Checks in the browser that the signed-in account's balances are in the latest snapshot: asks
 * for its leaf and path, hashes them up with WebCrypto, and shows each step and the outcome.
 */
export function VerifyBalances() {
  const { t, language } = useShellState();
  const { status } = useSession();
  const { call } = useEndpointActions();
  const formats = useMemo(() => tradingFormats(language), [language]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (status !== 'signedIn') return <LoginPrompt path={PROOF_OF_RESERVES_PATH} />;

  const verify = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const { proof, snapshot } = await call(
        Endpoints.reserveProof,
        {},
        { fresh: true, quiet: true },
      );
      const result = await verifyInclusion(proof, {
        snapshotId: snapshot.snapshotId,
        assets: snapshot.assets,
        hash: snapshot.root.hash,
        sums: snapshot.root.sums,
      });
      setOutcome({
        kind: result.ok ? 'verified' : 'failed',
        result,
        snapshot,
        balances: proof.balances,
        proofJson: JSON.stringify(
          {
            root: { snapshotId: snapshot.snapshotId, assets: snapshot.assets, ...snapshot.root },
            proof,
          },
          null,
          2,
        ),
      });
    } catch (failure) {
      setOutcome(
        isApiError(failure) && failure.code === ReservesCode.notInSnapshot
          ? { kind: 'notIncluded' }
          : { kind: 'error', text: t('reserves.failed') },
      );
    } finally {
      setBusy(false);
    }
  };

  const stepColumns: DataColumn<Step>[] = [
    { key: 'level', title: t('reserves.verify.level'), align: 'end', render: (step) => step.level },
    {
      key: 'side',
      title: t('reserves.verify.side'),
      render: (step) => t(step.side === 'left' ? 'reserves.verify.left' : 'reserves.verify.right'),
    },
    {
      key: 'sibling',
      title: t('reserves.verify.sibling'),
      render: (step) => <code title={step.sibling}>{short(step.sibling)}</code>,
    },
    {
      key: 'hash',
      title: t('reserves.verify.hash'),
      render: (step) => <code title={step.hash}>{short(step.hash)}</code>,
    },
  ];

  return (
    <div className={styles.verify} data-testid="reserves-verify">
      <button
        type="button"
        className="button-primary"
        disabled={busy}
        data-testid="reserves-verify-button"
        onClick={() => void verify()}
      >
        {t(busy ? 'reserves.verify.busy' : 'reserves.verify.button')}
      </button>
      <p role="status" data-testid="reserves-verify-status" data-kind={outcome?.kind ?? ''}>
        {outcome?.kind === 'verified'
          ? t('reserves.verify.ok', { time: formats.dateTime(outcome.snapshot.takenAt) })
          : outcome?.kind === 'failed'
            ? t('reserves.verify.failed')
            : outcome?.kind === 'notIncluded'
              ? t('reserves.verify.notIncluded')
              : outcome?.kind === 'error'
                ? outcome.text
                : ''}
      </p>
      {outcome?.kind === 'verified' || outcome?.kind === 'failed' ? (
        <>
          <h3>{t('reserves.verify.yourBalances')}</h3>
          <dl className="stat-cards" data-testid="reserves-my-balances">
            {outcome.snapshot.assets.map((asset, index) => (
              <div key={asset}>
                <dt>{asset}</dt>
                <dd data-asset={asset}>{formats.amount(outcome.balances[index] ?? '0')}</dd>
              </div>
            ))}
          </dl>
          <h3>{t('reserves.verify.steps')}</h3>
          <DataTable
            columns={stepColumns}
            rows={outcome.result.steps}
            rowKey={(step) => String(step.level)}
            loadingText={t('records.loading')}
            emptyText={t('reserves.none')}
            caption={t('reserves.verify.steps')}
            data-testid="reserves-steps"
          />
          <a
            className={styles.download}
            href={`data:application/json;charset=utf-8,${encodeURIComponent(outcome.proofJson)}`}
            download={`proof-of-reserves-${outcome.snapshot.snapshotId}.json`}
            data-testid="reserves-download-proof"
          >
            {t('reserves.verify.download')}
          </a>
        </>
      ) : null}
    </div>
  );
}
