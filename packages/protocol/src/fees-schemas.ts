/** The zod schemas of the fee calls (fees.ts holds the types and the level rule). */
import * as z from 'zod/mini';
import { FEE_PRODUCTS } from './fees';
import { decimalString } from './market-schemas';

const feeRatesSchema = z.object({ maker: decimalString, taker: decimalString });
const productRatesSchema = z.object({
  spot: feeRatesSchema,
  margin: feeRatesSchema,
  futures: feeRatesSchema,
});

export const vipLevelSchema = z.object({
  level: z.number().check(z.int(), z.gte(0)),
  minVolumeUsdt: decimalString,
  minAssetsUsdt: decimalString,
  rates: productRatesSchema,
});

/** The schedule takes no query; a query given is refused rather than ignored. */
export const feeScheduleQuerySchema = z.strictObject({});
export const feeScheduleReplySchema = z.object({
  levels: z.array(vipLevelSchema),
  products: z.array(z.enum(FEE_PRODUCTS)),
  volumeDays: z.number().check(z.int()),
});
export type FeeScheduleReply = z.infer<typeof feeScheduleReplySchema>;

export const feeLevelRequestSchema = z.strictObject({});
export const accountFeeLevelSchema = z.object({
  account: z.enum(['real', 'paper']),
  level: z.number().check(z.int(), z.gte(0)),
  volume30d: decimalString,
  assetsUsdt: decimalString,
  computedAt: z.number().check(z.int()),
  rates: productRatesSchema,
  next: z.nullable(
    z.object({
      level: z.number().check(z.int()),
      minVolumeUsdt: decimalString,
      minAssetsUsdt: decimalString,
      volumeNeeded: decimalString,
      assetsNeeded: decimalString,
      progress: decimalString,
    }),
  ),
});
export const feeLevelReplySchema = z.object({ level: accountFeeLevelSchema });
