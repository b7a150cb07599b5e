const path = require('node:path');
const { makeConfig } = require('../tools/webpack.base.cjs');

module.exports = (_env, argv) =>
  makeConfig({ dir: __dirname, name: 'shell', port: 3000, entry: './src/index.ts', publicPath: '/' }, argv);
