const { makeConfig } = require('../tools/webpack.base.cjs');

// Builds remoteEntry.js (loaded by the shell at run time) and a standalone page for `npm run dev`.
module.exports = (_env, argv) =>
  makeConfig(
    {
      dir: __dirname,
      name: 'remote_student',
      port: 3001,
      exposes: { './manifest': './src/manifest.tsx' },
      entry: './src/standalone.ts',
    },
    argv,
  );
