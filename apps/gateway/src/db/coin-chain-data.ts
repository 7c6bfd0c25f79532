/**
 * The coins and chains a fresh database starts with (migration 006_coin_chains).
 * WARNING: the migration inlines this list, so editing it changes an applied migration: change
 * coin data in a new migration instead.
 */
export interface CoinChainSeed {
  chainName: string;
  /** The token contract (or mint, or jetton master); absent for a chain's native coin. */
  contractAddress?: string;
  rechargeable: boolean;
  withdrawable: boolean;
  /** Confirmations before a deposit is credited. */
  confirmations: number;
  /** Withdrawal fee, in units of the coin. */
  withdrawFee: string;
}

export interface CoinSeed {
  coinName: string;
  fullName: string;
  chains: readonly CoinChainSeed[];
}

const native = (
  chainName: string,
  confirmations: number,
  withdrawFee: string,
  flags: Partial<Pick<CoinChainSeed, 'rechargeable' | 'withdrawable'>> = {},
): CoinChainSeed => ({
  chainName,
  rechargeable: true,
  withdrawable: true,
  confirmations,
  withdrawFee,
  ...flags,
});

const token = (
  chainName: string,
  contractAddress: string,
  confirmations: number,
  withdrawFee: string,
  flags: Partial<Pick<CoinChainSeed, 'rechargeable' | 'withdrawable'>> = {},
): CoinChainSeed => ({ ...native(chainName, confirmations, withdrawFee, flags), contractAddress });

// Contract addresses are the issuers' published mainnet ones.
export const coinChainSeed: readonly CoinSeed[] = [
  {
    coinName: 'BTC',
    fullName: 'Bitcoin',
    chains: [
      native('BTC', 2, '0.0002'),
      token('BEP20', '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c', 15, '0.0000045'),
    ],
  },
  {
    coinName: 'ETH',
    fullName: 'Ethereum',
    chains: [
      native('ERC20', 64, '0.0012'),
      native('ArbitrumOne', 12, '0.0001'),
      native('Optimism', 12, '0.0001'),
      native('Base', 12, '0.0001'),
      token('BEP20', '0x2170Ed0880ac9A755fd29B2688956BD959F933F8', 15, '0.00009', {
        withdrawable: false,
      }),
    ],
  },
  {
    coinName: 'USDT',
    fullName: 'Tether USD',
    chains: [
      token('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 20, '1.5'),
      token('ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 64, '3.2'),
      token('BEP20', '0x55d398326f99059fF775485246999027B3197955', 15, '0.29'),
      token('SOL', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 32, '1'),
      token('ArbitrumOne', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 12, '0.15'),
      token('Optimism', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 12, '0.15'),
      token('Polygon', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 128, '0.8'),
      token('TON', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs', 1, '0.3', {
        withdrawable: false,
      }),
    ],
  },
  {
    coinName: 'USDC',
    fullName: 'USD Coin',
    chains: [
      token('ERC20', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 64, '3.2'),
      token('SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 32, '1'),
      token('ArbitrumOne', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 12, '0.15'),
      token('Optimism', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 12, '0.15'),
      token('Base', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 12, '0.1'),
      token('Polygon', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 128, '0.8'),
      token('BEP20', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 15, '0.29', {
        rechargeable: false,
      }),
    ],
  },
  { coinName: 'SOL', fullName: 'Solana', chains: [native('SOL', 32, '0.008')] },
  { coinName: 'TRX', fullName: 'TRON', chains: [native('TRC20', 20, '1')] },
  { coinName: 'BNB', fullName: 'BNB', chains: [native('BEP20', 15, '0.0005')] },
  { coinName: 'XRP', fullName: 'XRP', chains: [native('XRP', 1, '0.2')] },
  {
    coinName: 'DOGE',
    fullName: 'Dogecoin',
    chains: [
      native('DOGE', 40, '4'),
      token('BEP20', '0xbA2aE424d960c26247Dd6c32edC70B295c744C43', 15, '1.5'),
    ],
  },
  { coinName: 'TON', fullName: 'Toncoin', chains: [native('TON', 1, '0.05')] },
];
