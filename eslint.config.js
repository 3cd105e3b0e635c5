// Flat config: type-aware rules everywhere, because dropped promises in socket and stream
// code lose messages silently.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, existsSync } from 'node:fs';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const webSrc = 'apps/web/src';

// Imports go one way: shared code (lib/, components/, hooks/, locales) → features → app.
const appImports = {
  group: ['@/app/*', '**/app/*'],
  message: 'Only the app (src/app) composes features and pages; nothing imports from it.',
};
const featureImports = {
  group: ['@/features/*', '**/features/*'],
  message:
    'Shared code (src/lib, src/components, src/hooks) must not import a feature; the app passes features in (see components/app-header/account-dialog-slot.ts).',
};

// One feature never reaches into another: shared code lives in components/, hooks/, lib/.
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...features
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [`@/features/${other}/*`, `**/features/${other}/*`, `../${other}/*`],
              message: `Feature "${feature}" must not import from feature "${other}"; move shared code to src/components, src/hooks or src/lib.`,
            })),
          appImports,
        ],
      },
    ],
  },
}));

const sharedBoundaries = {
  files: [`${webSrc}/{lib,components,hooks,locales}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', { patterns: [featureImports, appImports] }],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.config.js',
      '**/*.mjs',
      '**/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract even when their body awaits nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...featureBoundaries,
  sharedBoundaries,
  {
    // Tests may poke at internals and use loose typing of fixtures.
    files: ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
