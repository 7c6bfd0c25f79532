import {
  DEFAULT_PAGE_SIZE,
  RESERVED_TOKEN_SEGMENTS,
  brc20TokenSchema,
  runesTokenSchema,
  type Brc20Token,
} from '@exchange-web/protocol/inscription';
import { describe, expect, it } from 'vitest';
import { coinChainSeed } from '../db/coin-chain-data';
import { Dec, divide } from '../market/decimal';
import { ANCHOR_TIME, ORDI_DEPLOY_TIME, inscriptionNumberAt } from './chain-model';
import {
  COMPLETED_MINT_EVENTS,
  MAX_ACTIVITY,
  MAX_LISTED_HOLDERS,
  MINT_PROGRESS_DECIMALS,
  PRICE_SHAPE_LENGTH,
  PRICE_SIGNIFICANT_DIGITS,
  SEED_TOKEN_COUNT,
  compareText,
  generateInscriptionSeed,
  type SeedToken,
} from './seed-data';

const seed = generateInscriptionSeed();
const { tokens } = seed;
const byKey = new Map(tokens.map((token) => [token.tickerKey, token]));
const dec = (value: string) => new Dec(value);

/** The token as the list calls show it, to check every figure against the contract. */
const listed = (token: SeedToken): Brc20Token => ({
  ticker: token.ticker,
  inscriptionNumber: token.inscriptionNumber,
  inscriptionId: `${token.genesisTxid}i0`,
  deployTime: token.deployTime,
  supply: token.supply,
  minted: token.minted,
  mintProgress: token.mintProgress,
  holders: token.holders,
  transactions24h: token.transactions24h,
  priceUsdt: token.priceUsdt,
  change24h: token.change24h,
  volume24hUsdt: token.volume24hUsdt,
  marketCapUsdt: token.marketCapUsdt,
  volumeRank: token.volumeRank,
});

describe('the inscription seed data', () => {
  it('is the same every time it is generated', () => {
    expect(generateInscriptionSeed()).toEqual(seed);
  });

  it('holds a few hundred tokens with unique lower-case keys, none named like a page', () => {
    expect(tokens).toHaveLength(SEED_TOKEN_COUNT);
    expect(byKey.size).toBe(SEED_TOKEN_COUNT);
    const reserved = RESERVED_TOKEN_SEGMENTS.map((segment) => segment.toLowerCase());
    for (const token of tokens) {
      expect(token.tickerKey).toBe(token.ticker.toLowerCase());
      expect(token.tickerKey).toMatch(/^[a-z]{4,5}$/);
      expect(reserved).not.toContain(token.tickerKey);
    }
  });

  it('starts with the well-known tickers, ordi the largest by market cap', () => {
    for (const ticker of ['ordi', 'sats', 'rats', 'trac', 'piin', 'mubi', 'turt', 'bnsx']) {
      expect(byKey.has(ticker)).toBe(true);
    }
    for (const ticker of ['oxbt', 'meme', 'vmpx', 'pups']) expect(byKey.has(ticker)).toBe(true);
    const largest = [...tokens].sort((a, b) => dec(b.marketCapUsdt).cmp(a.marketCapUsdt));
    expect(largest[0]?.ticker).toBe('ordi');
    expect(byKey.get('ordi')).toMatchObject({ supply: '21000000', limitPerMint: '1000' });
  });

  it('fits every figure to the contract', () => {
    for (const token of tokens) expect(brc20TokenSchema.parse(listed(token))).toBeTruthy();
  });

  it('keeps market cap, mint progress and completion consistent', () => {
    for (const token of tokens) {
      const minted = dec(token.minted);
      const supply = dec(token.supply);
      expect(dec(token.marketCapUsdt).eq(dec(token.priceUsdt).times(minted))).toBe(true);
      expect(token.mintProgress).toBe(
        divide(minted, supply, MINT_PROGRESS_DECIMALS, Dec.roundDown).toFixed(),
      );
      expect(minted.gt(0) && minted.lte(supply)).toBe(true);
      const completed = minted.eq(supply);
      expect(token.mintProgress === '1').toBe(completed);
      expect(token.mintCompletedTime !== null).toBe(completed);
      if (token.mintCompletedTime !== null) {
        expect(token.mintCompletedTime).toBeGreaterThan(token.deployTime);
        expect(token.mintCompletedTime).toBeLessThan(ANCHOR_TIME);
      }
      expect(dec(token.limitPerMint).lte(minted)).toBe(true);
      expect(minted.mod(dec(token.limitPerMint)).eq(0)).toBe(true);
    }
  });

  it('leaves at least three full pages of tokens still minting', () => {
    const minting = tokens.filter((token) => token.mintProgress !== '1');
    expect(minting.length).toBeGreaterThanOrEqual(3 * DEFAULT_PAGE_SIZE);
  });

  it('prices to six significant digits and ranks 24 h volume from 1', () => {
    for (const token of tokens) {
      const price = dec(token.priceUsdt);
      expect(price.gt(0)).toBe(true);
      // Rounding to that many significant digits changes nothing.
      expect(price.prec(PRICE_SIGNIFICANT_DIGITS).eq(price)).toBe(true);
      expect(Number(token.change24h)).toBeGreaterThan(-1);
    }
    const ranked = [...tokens].sort(
      (a, b) => dec(b.volume24hUsdt).cmp(a.volume24hUsdt) || compareText(a.tickerKey, b.tickerKey),
    );
    expect(ranked.map((token) => token.volumeRank)).toEqual(tokens.map((_, index) => index + 1));
  });

  it('deploys in 2023 and 2024 with inscription numbers rising with time', () => {
    for (const [index, token] of tokens.entries()) {
      expect(token.tokenId).toBe(index + 1);
      expect(token.deployTime).toBeGreaterThanOrEqual(ORDI_DEPLOY_TIME);
      expect(new Date(token.deployTime).getUTCFullYear()).toBeLessThanOrEqual(2024);
      expect(token.inscriptionNumber).toBe(inscriptionNumberAt(token.deployTime));
      const previous = tokens[index - 1];
      if (previous) {
        expect(token.deployTime).toBeGreaterThanOrEqual(previous.deployTime);
        expect(token.inscriptionNumber).toBeGreaterThan(previous.inscriptionNumber);
      }
      // Five-byte tickers were allowed from block 837,090 (April 2024).
      if (token.ticker.length === 5) {
        expect(token.deployTime).toBeGreaterThan(Date.UTC(2024, 3, 20));
      }
    }
  });

  it('inscribes each deploy as BRC-20 JSON with a transaction id and taproot addresses', () => {
    expect(new Set(tokens.map((token) => token.genesisTxid)).size).toBe(tokens.length);
    for (const token of tokens) {
      expect(token.genesisTxid).toMatch(/^[0-9a-f]{64}$/);
      expect(token.deployer).toMatch(/^bc1p[a-z0-9]{58}$/);
      expect(token.owner).toMatch(/^bc1p[a-z0-9]{58}$/);
      const content = JSON.parse(token.content) as Record<string, string>;
      expect(content).toMatchObject({
        p: 'brc-20',
        op: 'deploy',
        tick: token.ticker,
        max: token.supply,
        lim: token.limitPerMint,
      });
      expect(content.dec).toBe(token.decimals === 18 ? undefined : String(token.decimals));
    }
    expect(byKey.get('ordi')?.content).toBe(
      '{"p":"brc-20","op":"deploy","tick":"ordi","max":"21000000","lim":"1000"}',
    );
  });

  it('gives each token series parameters within the views’ limits', () => {
    for (const { series, holders, minted } of tokens) {
      expect(series.priceShape).toHaveLength(PRICE_SHAPE_LENGTH);
      expect(series.ownerCount).toBe(Math.min(holders, MAX_LISTED_HOLDERS));
      expect(series.ownerCount).toBeGreaterThanOrEqual(2);
      expect(series.activityCount).toBeGreaterThan(COMPLETED_MINT_EVENTS + 2);
      expect(series.activityCount).toBeLessThanOrEqual(MAX_ACTIVITY);
      const share = Number(series.listedHoldersShare);
      expect(share > 0 && share < 1).toBe(true);
      // The last listed holder's balance (rank^-exponent of the listed share) is whole tokens.
      let weights = 0;
      for (let rank = 1; rank <= series.ownerCount; rank += 1) {
        weights += rank ** -series.holderExponent;
      }
      const smallest =
        (Number(minted) * share * series.ownerCount ** -series.holderExponent) / weights;
      expect(smallest).toBeGreaterThan(2);
    }
  });

  it('lists thirty Runes tokens with real names, three or four related to each token', () => {
    expect(seed.runes).toHaveLength(30);
    const names = seed.runes.map((rune) => rune.name);
    expect(names).toEqual(
      expect.arrayContaining(['DOG•GO•TO•THE•MOON', 'RSIC•GENESIS•RUNE', 'PUPS•WORLD•PEACE']),
    );
    expect(new Set(seed.runes.map((rune) => rune.runeId)).size).toBe(30);
    for (const rune of seed.runes) expect(runesTokenSchema.parse(rune)).toEqual(rune);
    const runeIds = new Set(seed.runes.map((rune) => rune.runeId));
    expect(seed.relatedRunes.map((related) => related.tokenId)).toEqual(
      tokens.map((token) => token.tokenId),
    );
    for (const { runeIds: related } of seed.relatedRunes) {
      expect(related.length === 3 || related.length === 4).toBe(true);
      expect(new Set(related).size).toBe(related.length);
      for (const id of related) expect(runeIds.has(id)).toBe(true);
    }
  });

  it('profiles every coin of the exchange', () => {
    expect(seed.cryptoProfiles.map((profile) => profile.coinName).sort()).toEqual(
      coinChainSeed.map((coin) => coin.coinName).sort(),
    );
  });
});
