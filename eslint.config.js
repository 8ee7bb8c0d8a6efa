import { readdirSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const FEATURES = 'src/client/features'
// Every folder under src/client/features is a feature: the boundaries follow the folders, so a new feature is covered on creation.
const features = readdirSync(path.join(import.meta.dirname, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  { ignores: ['build/**', 'dist/**', 'node_modules/**', '.react-router/**', '.tmp/**', 'test-results/**', 'tests/artifacts/**', 'public/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // ARCHITECTURE.md: shared imports nothing of ours; client and server import only shared;
      // features do not import each other's internals (pages and app/ compose them).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/shared', from: ['./src/client', './src/server'], message: 'src/shared must not import client or server code.' },
            { target: './src/client', from: './src/server', message: 'The client may import only src/shared, never the server.' },
            { target: './src/server', from: './src/client', message: 'The server may import only src/shared, never the client.' },
            ...features.map((feature) => ({
              target: `./${FEATURES}/${feature}`,
              from: `./${FEATURES}`,
              except: [`./${feature}`],
              message: 'Features do not import each other; compose them in routes or app/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // src/shared/schemas/zod.ts sets zod up for the browser (no eval under the Content-Security-Policy): the client and
    // the shared code take z from there, never from 'zod' itself.
    files: ['src/client/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    ignores: ['src/shared/schemas/zod.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import z from src/shared/schemas/zod.ts, which sets zod up for the browser's Content-Security-Policy." }] }],
    },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.config.{js,ts}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
)
