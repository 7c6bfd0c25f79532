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
const upperLayers = (names) => ({
  group: names.flatMap((name) => [name, `${name}/*`]),
  message: 'Dependencies run protocol <- client, tracker <- react <- web; protocol <- gateway.',
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
  {
    files: ['packages/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            appImports,
            reactImports,
            upperLayers(['@exchange-web/client', '@exchange-web/tracker']),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/client/**/*.ts', 'packages/tracker/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appImports, reactImports] }],
    },
  },
  {
    files: ['packages/react/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appImports] }],
    },
  },
  {
    files: ['apps/gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            upperLayers(['@exchange-web/client', '@exchange-web/tracker', '@exchange-web/react']),
            reactImports,
          ],
        },
      ],
    },
  },
);
