// The singletons every app of the portal shares through Module Federation. Versions are read from
// the package.json of what is installed, so shell and remotes always agree on what they ask for.
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const versionOf = (pkg) => require(require.resolve(`${pkg}/package.json`, { paths: [root] })).version;

/**
 * antd is shared as ONE module: shared-ui's antd subset (an explicit list of the components the
 * portal uses), so that sharing antd keeps tree shaking. `import { Button } from 'antd'` anywhere
 * resolves to that subset (TypeScript paths and jest map it the same way), so a component missing
 * from the list is a compile error, not a blank page.
 */
const antdSubset = path.join(root, 'shared-ui/src/antd/index.ts');
/** The same for react-router: the whole of v7 is ~60 KB gzip when shared; the used API is a fraction. */
const routerSubset = path.join(root, 'shared-ui/src/router/index.ts');

function sharedSingletons() {
  const single = (pkg, extra = {}) => ({
    singleton: true,
    requiredVersion: versionOf(pkg.replace(/\/(client|jsx-runtime|jsx-dev-runtime)$/, '')),
    version: versionOf(pkg.replace(/\/(client|jsx-runtime|jsx-dev-runtime)$/, '')),
    ...extra,
  });
  return {
    react: single('react'),
    'react/jsx-runtime': single('react/jsx-runtime'),
    'react/jsx-dev-runtime': single('react/jsx-dev-runtime'),
    'react-dom': single('react-dom'),
    'react-dom/client': single('react-dom/client'),
    'react-router-dom': { ...single('react-router-dom'), import: routerSubset },
    antd: { ...single('antd'), import: antdSubset },
    i18next: single('i18next'),
    'react-i18next': single('react-i18next'),
    zustand: single('zustand'),
    'socket.io-client': single('socket.io-client'),
    dayjs: single('dayjs'),
    'shared-api': { ...single('shared-api'), import: path.join(root, 'shared-api/src/index.ts') },
    'shared-ui': { ...single('shared-ui'), import: path.join(root, 'shared-ui/src/index.ts') },
    // the light part the first signed-in page needs (no antd, no component): shared-ui/src/core.ts
    'shared-ui/core': { ...single('shared-ui'), import: path.join(root, 'shared-ui/src/core.ts') },
  };
}

module.exports = { sharedSingletons, antdSubset, routerSubset, root };
