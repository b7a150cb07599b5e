const path = require('node:path');
const { makeConfig } = require('../tools/webpack.base.cjs');

module.exports = (_env, argv) => {
  const config = makeConfig({ dir: __dirname, name: 'shell', port: 3000, entry: './src/index.ts', publicPath: '/' }, argv);
  // /favicon.ico under its own name: what browsers ask for on pages without an icon link (the guides, /docs).
  // Rules that match one file all apply: the shared images rule must let this one name it.
  const images = config.module.rules.find((rule) => String(rule.test).includes('ico'));
  images.exclude = /[\\/]public[\\/]favicon\.ico$/;
  config.module.rules.push({
    test: /[\\/]public[\\/]favicon\.ico$/,
    type: 'asset/resource',
    generator: { filename: '[name][ext]' },
  });
  return config;
};
