import path from 'node:path';
import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Workspace packages ship TypeScript source; the site compiles them with its own code.
  transpilePackages: [
    '@exchange-web/protocol',
    '@exchange-web/client',
    '@exchange-web/tracker',
    '@exchange-web/react',
  ],
  // Type errors fail `npm test` (scripts/typecheck.mjs); the production build skips a second pass.
  typescript: { ignoreBuildErrors: true },
  turbopack: { root: path.resolve(process.cwd(), '../..') },
};

export default config;
