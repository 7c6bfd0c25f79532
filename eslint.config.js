import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APP_PACKAGES = ['@exchange-web/web', '@exchange-web/gateway', '@exchange-web/header-footer'];
const appImports = {
  group: [
    ...APP_PACKAGES.map((name) => `${name}`),
    ...APP_PACKAGES.map((name) => `${name}/*`),
    '**/apps/**',
  ],
  message: 'packages/ never import from apps/ (DESIGN.md: dependency direction).',
};
const reactImports = {
  group: [
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    '@exchange-web/react',
    '@exchange-web/react/*',
  ],
  message: 'client and tracker are framework-free: React belongs in packages/react.',
};
// A relative path into another package, or into an app, skips its export map and its layer.
const crossingPaths = {
  group: [
    '**/packages/**',
    '**/apps/**',
    ...['protocol', 'client', 'tracker', 'react', 'node-guards'].map((name) => `**/${name}/src/**`),
  ],
  message:
    'Import a package by its name and export map (@exchange-web/protocol/...), never by path.',
};
const packageNames = (names) => names.flatMap((name) => [name, `${name}/*`]);
const gatewayImports = {
  group: [...packageNames(['@exchange-web/gateway']), '**/gateway/src', '**/gateway/src/**'],
  message: 'Only the gateway imports the gateway: the site and its tools speak to it over HTTP.',
};
const upperLayers = (names) => ({
  group: names.flatMap((name) => [name, `${name}/*`]),
  message: 'Dependencies run protocol <- client, tracker <- react <- web; protocol <- gateway.',
});

/** A config block refusing, in `files`, the imports that match any of `patterns`. */
const restrictImports = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      '.data/**',
      '.bench/**',
      '**/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: [
      'packages/**/*.{ts,tsx}',
      'apps/web/**/*.{ts,tsx}',
      'apps/header-footer/src/**/*.{ts,tsx}',
      'e2e/**/*.ts',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
  restrictImports(
    ['packages/protocol/**/*.ts'],
    appImports,
    reactImports,
    upperLayers(['@exchange-web/client', '@exchange-web/tracker']),
    crossingPaths,
  ),
  ...[
    ['client', 'tracker'],
    ['tracker', 'client'],
  ].map(([self, sibling]) =>
    restrictImports([`packages/${self}/**/*.ts`], appImports, reactImports, crossingPaths, {
      group: packageNames([`@exchange-web/${sibling}`]),
      message: 'client and tracker are siblings: neither imports the other.',
    }),
  ),
  restrictImports(
    ['packages/react/**/*.{ts,tsx}', 'packages/node-guards/**/*.{ts,mts,mjs}'],
    appImports,
    crossingPaths,
  ),
  restrictImports(
    [
      'apps/web/**/*.{ts,tsx}',
      'apps/header-footer/**/*.{ts,tsx,mjs}',
      'apps/mail-catcher/**/*.{ts,mjs}',
      'e2e/**/*.ts',
      'scripts/**/*.{ts,mjs}',
    ],
    gatewayImports,
    crossingPaths,
  ),
  {
    // Same as the block above for the site's pages, and next/link only through PageLink.
    ...restrictImports(['apps/web/**/*.{ts,tsx}'], gatewayImports, crossingPaths, {
      group: ['next/link'],
      message: 'Use components/PageLink: next/link prefetches every link in view (issue 18).',
    }),
    ignores: ['apps/web/components/PageLink.tsx'],
  },
  {
    // README "Security": untrusted links and HTML only through SafeLink and SafeHtml.
    files: ['packages/react/src/**/*.tsx', 'apps/web/**/*.tsx', 'apps/header-footer/src/**/*.tsx'],
    ignores: [
      'packages/react/src/security/SafeLink.tsx',
      'packages/react/src/security/SafeHtml.tsx',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'HTML reaches the page only through SafeHtml, which sanitises it (SPEC 5).',
        },
        {
          // A link's href from a variable or a property: text the page did not write.
          selector:
            "JSXOpeningElement[name.name=/^(a|area)$/] > JSXAttribute[name.name='href'] > JSXExpressionContainer > :matches(Identifier, MemberExpression, ChainExpression)",
          message:
            'A link from data goes through SafeLink (SPEC 5); a path the site builds, through PageLink or a path builder call.',
        },
      ],
    },
  },
  restrictImports(
    ['apps/gateway/**/*.ts'],
    upperLayers(['@exchange-web/client', '@exchange-web/tracker', '@exchange-web/react']),
    reactImports,
    crossingPaths,
  ),
);
