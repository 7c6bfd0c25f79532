// The header-footer remote: a Module Federation container exposing Header and Footer. React is
// shared from the site (import: false), so the remote never brings a second copy.
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';

const here = (relative) => new URL(relative, import.meta.url).pathname;
const sharedFromHost = { singleton: true, requiredVersion: '^19.0.0', import: false };

/** @param {{ buildId: string, outDir?: string }} options */
export function remoteConfig({ buildId, outDir = here('./dist') }) {
  return {
    mode: 'production',
    context: here('./'),
    entry: {},
    target: 'web',
    output: { path: outDir, publicPath: 'auto', uniqueName: 'headerFooter', clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic' } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
      ],
    },
    plugins: [
      // The federation packages' CommonJS builds (which their plugin picks) cannot be tree-shaken:
      // their ES module twins let the entry drop what a browser never runs (Node script loading,
      // manifest snapshots, error texts), about half of the entry a visitor downloads.
      new rspack.NormalModuleReplacementPlugin(/@module-federation[\\/].*\.cjs$/, (resource) => {
        resource.request = resource.request.replace(/\.cjs$/, '.js');
      }),
      new rspack.DefinePlugin({ __HEADER_FOOTER_BUILD_ID__: JSON.stringify(buildId) }),
      new ModuleFederationPlugin({
        name: 'headerFooter',
        filename: 'remoteEntry.js',
        // Every page loads both, the footer right after the header: one file (one request, one
        // compression) rather than one for each and a third for what they share (issue 18).
        exposes: {
          './Header': { import: './src/Header.tsx', name: 'header-footer' },
          './Footer': { import: './src/Footer.tsx', name: 'header-footer' },
        },
        shared: {
          react: sharedFromHost,
          'react/jsx-runtime': sharedFromHost,
          'react-dom': sharedFromHost,
        },
        dts: false,
        manifest: false,
        // The site already runs the federation runtime: use its copy instead of shipping a second.
        experiments: { externalRuntime: true },
      }),
    ],
    // No source maps: they would carry the build machine's absolute paths (the federation
    // runtime's import, inlined in the entry's map), and the server would not serve them anyway.
    devtool: false,
    performance: { hints: false },
  };
}
