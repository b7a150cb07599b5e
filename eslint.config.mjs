// One lint setup for every package: typescript-eslint's recommended rules, React hooks rules, and the
// house rules that keep the federation singletons intact.
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Pages import antd and the router through the shared subsets (federation singletons), never by file path. */
const SHARED_SUBSET_PATTERNS = [
  {
    group: ['antd/es/*', 'antd/lib/*'],
    message: "Import antd components from 'antd' (the shared subset in shared-ui).",
  },
  {
    group: ['react-router', 'react-router/*'],
    message: "Import from 'react-router-dom' (the shared subset in shared-ui).",
  },
];

/** What the first signed-in page runs imports neither antd nor the whole of shared-ui (issue 22). */
const FIRST_PAGE_PATHS = [
  {
    name: 'antd',
    message: 'The first signed-in page loads no antd: draw with our own elements, or lazy-load the part (AntdScope).',
  },
  {
    name: 'shared-ui',
    message: "Import from 'shared-ui/core' here: the whole of shared-ui brings antd to the first page.",
  },
];

// The house's import boundaries (STYLE.md "Our shape"): each package imports only what sits below it.
const OTHER_APPS = (self) =>
  ['./shell', './remote-student', './remote-staff', './remote-spso'].filter((app) => app !== self);
const boundaries = [
  ...['./shell', './remote-student', './remote-staff', './remote-spso'].map((app) => ({
    target: app,
    from: [...OTHER_APPS(app), './server'],
    message: 'A remote or the shell never imports another app: move the shared piece to shared-ui or shared-api.',
  })),
  {
    target: './shared-ui',
    from: ['./shell', './remote-student', './remote-staff', './remote-spso', './server'],
    message: 'shared-ui is imported by the apps, never the other way round.',
  },
  {
    target: './shared-api',
    from: ['./shared-ui', './shell', './remote-student', './remote-staff', './remote-spso', './server'],
    message: 'shared-api (client, session, contracts) never imports UI or app code.',
  },
  {
    target: './server',
    from: ['./shared-ui', './shell', './remote-student', './remote-staff', './remote-spso'],
    message: 'The server imports only the contracts of shared-api.',
  },
  {
    target: './server',
    from: './shared-api',
    except: ['./src/contracts', './dist/contracts'],
    message: "The server imports only 'shared-api/contracts' (no browser code).",
  },
];

// Inside the server the arrows point one way (STYLE.md): routes → services → repositories; lib/, events/,
// db/, documents/ and identity/ (the CAS and OIDC protocols) import no module; a module asks another
// module's service, never its repository.
// every folder of server/src/modules, read from the disk so a new module is under the rule from its first file
const SERVER_MODULES = readdirSync(new URL('./server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverLayers = [
  ...['lib', 'events', 'db', 'documents', 'identity'].map((folder) => ({
    target: `./server/src/${folder}`,
    from: './server/src/modules',
    message: `server/src/${folder} is beneath the modules: it imports none of them (a module may use it).`,
  })),
  {
    target: './server/src/modules/**/*.repository.ts',
    from: ['./server/src/modules/**/*.service.ts', './server/src/modules/**/*.routes.ts'],
    message: 'A repository holds SQL only: it never calls a service or a route.',
  },
  {
    target: './server/src/modules/**/*.service.ts',
    from: './server/src/modules/**/*.routes.ts',
    message: 'A service never imports routes: routes call services.',
  },
  {
    target: './server/src/modules/**/*.routes.ts',
    from: './server/src/modules/**/*.repository.ts',
    message: 'Routes call services, never a repository: the rules and the transaction live in the service.',
  },
  ...SERVER_MODULES.map((module) => ({
    target: `./server/src/modules/${module}`,
    from: `./server/src/modules/!(${module}|ledger)/**/*.repository.ts`,
    message:
      "A module never imports another module's repository: ask its service. (The ledger's applyLedgerEntry is " +
      "the one way to change a balance and runs in the caller's transaction: every module may call it.)",
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'e2e/artifacts/**',
      '**/*.cjs',
      '**/*.mjs',
      '**/*.js',
    ],
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
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // how import-x reads the files it follows (extensions, parser); the resolver below replaces its default
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...serverLayers] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Jest cannot load federated modules: the shell's route tests take the remotes' manifests from source.
    files: ['shell/src/**/*.test.tsx'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaries.filter((zone) => zone.target !== './shell'), ...serverLayers] },
      ],
    },
  },
  {
    // Pages import antd and the router through the shared subsets ('antd', 'react-router-dom'), never by
    // file path: a second copy would break the one-instance rule of the federation singletons.
    files: ['remote-*/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}'],
    // antd's locale data is plain data (no component): the signed-in providers take it by path
    ignores: ['shell/src/public/**', 'shell/src/app/antd-providers.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: SHARED_SUBSET_PATTERNS,
        },
      ],
    },
  },
  {
    // What the first signed-in page runs draws without antd (issue 22: ≤ 250 KB of JavaScript): antd and the
    // whole of shared-ui come with the parts that draw with them (AntdScope, lazy chunks), never from here.
    files: [
      'shell/src/app/signed-in-app.tsx',
      'shell/src/app/routes.tsx',
      'shell/src/app/antd-scope.tsx',
      'shell/src/layout/app-layout.tsx',
      'shell/src/layout/side-menu.tsx',
      'shell/src/layout/user-dropdown.tsx',
      'shell/src/layout/menu-items.tsx',
      'shell/src/layout/count-badge.tsx',
      'shell/src/pages/home-page.tsx',
      'shell/src/remotes/use-role-remote.ts',
      'shell/src/remotes/remote-loader.ts',
      'remote-*/src/manifest.tsx',
      'remote-*/src/**/*-watcher.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: FIRST_PAGE_PATHS,
          // the same patterns as for every page (a later rule replaces an earlier one for these files)
          patterns: SHARED_SUBSET_PATTERNS,
        },
      ],
    },
  },
  {
    // What runs before the landing page draws: no shared-api either (the API client, axios, the session: ~29 KB
    // gzip), loaded by dynamic import where needed (issue 22); type imports are free. Same list as above for antd.
    files: [
      'shell/src/bootstrap.tsx',
      'shell/src/app/app.tsx',
      'shell/src/app/routes.tsx',
      'shell/src/app/first-page.ts',
      'shell/src/app/early-requests.ts',
      'shell/src/public/landing-page.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'shared-api',
              allowTypeImports: true,
              message: "The landing page draws without shared-api: import('shared-api') where it is needed.",
            },
            ...FIRST_PAGE_PATHS,
          ],
          patterns: SHARED_SUBSET_PATTERNS,
        },
      ],
    },
  },
);
