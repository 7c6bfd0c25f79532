import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
// Next loads its config before any bundler runs, so a workspace package's TypeScript source is
// reached by path here, the one place allowed to.
// eslint-disable-next-line no-restricted-imports
import { HIDDEN_PATH_PREFIX, LOCALE_CODES } from '../../packages/protocol/src/languages';
import { NO_PREFIX_LOCALE } from './lib/router-locale';

// Production builds name their own trust root (README "Request signing"); without one the client
// keeps the development certificate. The build reads the certificate's public key (Node's X.509
// parser), so the browser imports a key and carries no certificate parser.
const trustCertFile = process.env.SIGN_TRUST_CERT_FILE;
const trustPublicKey = trustCertFile
  ? new X509Certificate(readFileSync(trustCertFile)).publicKey
      .export({ type: 'spki', format: 'der' })
      .toString('base64')
  : undefined;

/** The parts of webpack's chunks, modules and chunk graph the splitting rules read. */
interface WebpackChunk {
  name?: string | null;
  canBeInitial(): boolean;
}
interface WebpackModule {
  nameForCondition(): string | null;
}
interface WebpackChunkGraph {
  getModuleChunks(module: WebpackModule): WebpackChunk[];
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;

/** The part of Next's webpack configuration the site adjusts (Next bundles webpack's types). */
interface WebpackSplitting {
  optimization?: { splitChunks?: false | { cacheGroups?: Record<string, unknown> } };
  plugins?: unknown[];
}

/**
 * An on-demand chunk the code names (`webpackChunkName`): modules a page always loads together,
 * kept in one file so they come in one request and compress as one (issue 18).
 */
const isNamedOnDemand = (chunk: WebpackChunk) => Boolean(chunk.name) && !chunk.canBeInitial();

/** The part of the webpack Next lends to the hook that the site uses. */
interface LentWebpack {
  DefinePlugin: new (definitions: Record<string, unknown>) => unknown;
}

const config: NextConfig = {
  env: trustPublicKey ? { SIGN_TRUST_PUBLIC_KEY: trustPublicKey } : {},
  reactStrictMode: true,
  poweredByHeader: false,
  // The router's "default" locale stands for a path without a prefix: the language then comes from
  // the cookie (SPEC 2), so every code can also appear as an optional prefix, bg included.
  i18n: {
    locales: [NO_PREFIX_LOCALE, ...LOCALE_CODES, HIDDEN_PATH_PREFIX],
    defaultLocale: NO_PREFIX_LOCALE,
    // The language is detected by our own rule (cookie, path, first language), never redirected.
    localeDetection: false,
  },
  // SPEC 2 "history and api", read as two pages: `api` is the API-key page the account already
  // has. A redirect, not a page: Next keeps `/api` for API routes and gives it no language
  // prefix, while a redirect keeps the visitor's (`/ar/api` to `/ar/account/newapi`).
  redirects: async () => [{ source: '/api', destination: '/account/newapi', permanent: false }],
  // SPEC 2's `/bg/{language}/…` paths are served by proxy.ts, not by a rewrite here (issue 18).
  // Workspace packages ship TypeScript source; the site compiles them with its own code.
  transpilePackages: [
    '@exchange-web/protocol',
    '@exchange-web/client',
    '@exchange-web/tracker',
    '@exchange-web/react',
    // DESIGN "Known traps": one copy of antd's style engine, else server-extracted CSS is empty.
    '@ant-design/cssinjs',
  ],
  // jsdom (the server's HTML sanitiser window) loads files at run time: kept out of the bundle.
  serverExternalPackages: ['jsdom'],
  // Type errors fail `npm test` (scripts/typecheck.mjs); the production build skips a second pass.
  typescript: { ignoreBuildErrors: true },
  turbopack: { root: path.resolve(process.cwd(), '../..') },
  webpack: (
    webpackConfig: WebpackSplitting,
    { isServer, dev, webpack }: { isServer: boolean; dev: boolean; webpack: LentWebpack },
  ) => {
    // The header-footer remote's runtime, built for browsers and for a remote named by its entry
    // rather than a manifest: the build flags its own bundler plugin sets for
    // `experiments.optimization` ({ target: 'web', disableSnapshot: true }) leave out the Node
    // script loader and the manifest snapshot and preload plugins, a seventh of the runtime.
    if (!isServer)
      webpackConfig.plugins?.push(
        new webpack.DefinePlugin({
          ENV_TARGET: JSON.stringify('web'),
          FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
        }),
      );
    const splitChunks = webpackConfig.optimization?.splitChunks;
    // Code loaded on demand by two or more parts of a page (the endpoint schemas, the trading
    // paths, the query helpers) was copied into each part's chunk: Next splits shared code out
    // only from 20 KB. From 4 KB of source it becomes one chunk of its own, loaded once.
    if (!isServer && !dev && splitChunks && splitChunks.cacheGroups) {
      splitChunks.cacheGroups.sharedOnDemand = {
        chunks: 'async',
        minChunks: 2,
        minSize: 4000,
        priority: -15,
        reuseExistingChunk: true,
      };
      // webpack's own vendor group (one of its defaults, which Next leaves on) gives each library
      // of 20 KB a file of its own, even one only a named chunk uses (axios in the request
      // client): such a library stays in its chunk. One that other chunks share is split as before.
      splitChunks.cacheGroups.defaultVendors = {
        idHint: 'vendors',
        priority: -10,
        reuseExistingChunk: true,
        test: (module: WebpackModule, { chunkGraph }: { chunkGraph: WebpackChunkGraph }) =>
          NODE_MODULES.test(module.nameForCondition() ?? '') &&
          !chunkGraph.getModuleChunks(module).every(isNamedOnDemand),
      };
    }
    return webpackConfig;
  },
};

export default config;
