/**
 * The small model of the Bitcoin chain behind the demo inscription data: the data set's "as of"
 * time, inscription numbers and block heights over time, and made-up addresses and transaction
 * ids. Each rule that the migration's SQL also applies has its SQL twin here, beside it, so the
 * two cannot drift apart (the gateway tests check that they agree).
 */
import { createHash } from 'node:crypto';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * The data set's "as of" time: 2025-01-01T00:00:00Z. Every figure (price, 24 h change and
 * volume, holders) is the token's state at this instant, the price history ends here and all
 * activity happens before it. A constant rather than the clock, so the data set is the same on
 * every machine and every day.
 */
export const ANCHOR_TIME = Date.UTC(2025, 0, 1);

/** The deploy of `ordi`, the first BRC-20 token: the start of the model's timeline. */
export const ORDI_DEPLOY_TIME = Date.UTC(2023, 2, 8, 3, 0);
/** The block that holds ordi's deploy inscription. */
const ORDI_GENESIS_HEIGHT = 779_832;
/** Bitcoin's target spacing between blocks. */
const BLOCK_INTERVAL_MS = 600_000;

/**
 * Inscription numbers at points in time, joined by straight lines: roughly the real ordinals
 * count (ordi was #348,020; the count passed 50 million at the end of 2023).
 */
const INSCRIPTION_NUMBER_KNOTS: readonly (readonly [time: number, inscriptionNumber: number])[] = [
  [ORDI_DEPLOY_TIME, 348_020],
  [Date.UTC(2023, 4, 1), 8_500_000],
  [Date.UTC(2023, 5, 1), 15_000_000],
  [Date.UTC(2024, 0, 1), 50_000_000],
  [Date.UTC(2024, 6, 1), 72_000_000],
  [ANCHOR_TIME, 80_000_000],
];

const knotSegments = INSCRIPTION_NUMBER_KNOTS.slice(1).map((end, index) => {
  const start = INSCRIPTION_NUMBER_KNOTS[index] ?? end;
  return { start, end };
});

/**
 * The number of an inscription made at `time` (ms): increasing with time, integer arithmetic
 * only (BigInt here, bigint in SQL: the products pass 2^53) so both sides agree to the unit.
 */
export function inscriptionNumberAt(time: number): number {
  const clamped = Math.max(time, ORDI_DEPLOY_TIME);
  const segment =
    knotSegments.find(({ end }) => clamped < end[0]) ?? knotSegments[knotSegments.length - 1];
  if (!segment) throw new Error('no inscription number knots');
  const [t0, n0] = segment.start;
  const [t1, n1] = segment.end;
  const offset = (BigInt(clamped - t0) * BigInt(n1 - n0)) / BigInt(t1 - t0);
  return n0 + Number(offset);
}

/** The SQL twin of {@link inscriptionNumberAt}, an expression over the bigint `timeSql`. */
export function inscriptionNumberAtSql(timeSql: string): string {
  const clamped = `greatest(${timeSql}, ${ORDI_DEPLOY_TIME}::bigint)`;
  const line = ({ start: [t0, n0], end: [t1, n1] }: (typeof knotSegments)[number]) =>
    `${n0}::bigint + (${clamped} - ${t0}::bigint) * ${n1 - n0}::bigint / ${t1 - t0}::bigint`;
  const last = knotSegments[knotSegments.length - 1];
  if (!last) throw new Error('no inscription number knots');
  const cases = knotSegments
    .slice(0, -1)
    .map((segment) => `WHEN ${clamped} < ${segment.end[0]}::bigint THEN ${line(segment)}`);
  return `CASE ${cases.join(' ')} ELSE ${line(last)} END`;
}

/** The height of the block mined at `time` (ms), at one block every ten minutes from ordi's. */
export function blockHeightAt(time: number): number {
  return ORDI_GENESIS_HEIGHT + Math.floor((time - ORDI_DEPLOY_TIME) / BLOCK_INTERVAL_MS);
}

/** SHA-256 of a label, as 64 lower-case hex digits: the demo transaction ids. */
export function demoTxid(label: string): string {
  return createHash('sha256').update(label, 'utf8').digest('hex');
}

/** The SQL twin of {@link demoTxid}, over the text expression `labelSql`. */
export const demoTxidSql = (labelSql: string) =>
  `encode(sha256(convert_to(${labelSql}, 'UTF8')), 'hex')`;

// Hex digits mapped onto characters of bech32's alphabet, so the made-up addresses only use
// characters a real one may hold (no 1, b, i or o after the prefix).
const HEX_DIGITS = '0123456789abcdef';
const BECH32_DIGITS = 'qpzry9x8gf2tvdw0';
/** A taproot address is `bc1p` and 58 characters. */
const ADDRESS_BODY_LENGTH = 58;

/**
 * A made-up taproot address (`bc1p` + 58 bech32 characters) derived from a label, e.g.
 * `ordi:holder:1`. It looks real but its checksum is not: it is a demo address.
 */
export function demoAddress(label: string): string {
  const body = [...demoTxid(label)].map((digit) => BECH32_DIGITS[HEX_DIGITS.indexOf(digit)]);
  return `bc1p${body.join('').slice(0, ADDRESS_BODY_LENGTH)}`;
}

/** The SQL twin of {@link demoAddress}, over the text expression `labelSql`. */
export const demoAddressSql = (labelSql: string) =>
  `'bc1p' || left(translate(${demoTxidSql(labelSql)}, '${HEX_DIGITS}', '${BECH32_DIGITS}'), ${ADDRESS_BODY_LENGTH})`;
