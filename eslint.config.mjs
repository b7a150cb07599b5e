// One lint setup for every package: typescript-eslint's recommended rules, React hooks rules, and the
// house rules that keep the federation singletons intact.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'data/**', 'e2e/artifacts/**', '**/*.cjs', '**/*.mjs', '**/*.js'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Pages import antd and the router through the shared subsets ('antd', 'react-router-dom'), never by
    // file path: a second copy would break the one-instance rule of the federation singletons.
    files: ['remote-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}'],
    ignores: ['shell/src/public/**', 'shell/src/app/signed-in-app.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['antd/es/*', 'antd/lib/*'], message: "Import antd components from 'antd' (the shared subset in shared-ui)." },
            { group: ['react-router', 'react-router/*'], message: "Import from 'react-router-dom' (the shared subset in shared-ui)." },
          ],
        },
      ],
    },
  },
);
