/**
 * The trading calls' zod schemas, loaded on first use. Replies are parsed only once they arrive,
 * after the page has painted, so zod stays out of the trading pages' first load.
 */
export const tradingSchemas = () => import('@exchange-web/protocol/trading-schemas');
