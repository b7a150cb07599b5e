/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

/**
 * One jest run over every package (`npm run test:unit`). Each package is a project with its own
 * environment: the server on Node (PGlite needs --experimental-vm-modules, set by the npm script),
 * the browser apps on jsdom. Workspace packages map to their sources, so nothing must be built first.
 */
const tsJest = {
  '^.+\\.(ts|tsx)$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.jest.json' }],
} as const;

const sharedMappers = {
  '^shared-api$': '<rootDir>/../shared-api/src/index.ts',
  '^shared-api/contracts$': '<rootDir>/../shared-api/src/contracts/index.ts',
  '^shared-ui$': '<rootDir>/../shared-ui/src/index.ts',
  '^shared-ui/theme$': '<rootDir>/../shared-ui/src/theme/index.ts',
  '^shared-ui/core$': '<rootDir>/../shared-ui/src/core.ts',
  '^test-support/(.*)$': '<rootDir>/../jest/$1',
  '^shared-ui/testing$': '<rootDir>/../shared-ui/src/testing/remote-manifest.tsx',
  '^antd$': '<rootDir>/../shared-ui/src/antd/index.ts',
  '^react-router-dom$': '<rootDir>/../shared-ui/src/router/index.ts',
  // antd's CommonJS build for jest; webpack uses the ES modules.
  '^antd/es/(.*)$': 'antd/lib/$1',
  '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
  '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  '\\.(css|svg|png|jpg|pdf|html)$': '<rootDir>/../jest/file-stub.cjs',
};

const webProject = (name: string): Config => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  transform: tsJest,
  moduleNameMapper: sharedMappers,
  setupFilesAfterEnv: ['<rootDir>/../jest/setup-dom.ts'],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
});

const config: Config = {
  // A global option (jest ignores it inside a project): 5 s, jest's default, is too short for a render
  // through antd on a loaded 2-core CI machine (a /Test page test took over 5 s there).
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'server',
      rootDir: '<rootDir>/server',
      testEnvironment: 'node',
      transform: {
        ...tsJest,
        '^.+\\.js$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.jest.json' }],
      },
      // openid-client, its oauth4webapi and jose, and oidc-provider (the tests' school server) are ES modules only
      transformIgnorePatterns: [
        '/node_modules/(?!(cookie|set-cookie-parser|openid-client|oauth4webapi|jose|oidc-provider)/)',
      ],
      moduleNameMapper: sharedMappers,
      testMatch: ['<rootDir>/test/**/*.test.ts', '<rootDir>/src/**/*.test.ts'],
    },
    webProject('shared-api'),
    webProject('shared-ui'),
    webProject('shell'),
    webProject('remote-student'),
    webProject('remote-staff'),
    webProject('remote-spso'),
  ],
};

export default config;
