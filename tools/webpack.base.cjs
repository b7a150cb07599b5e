// One webpack setup for the shell and the three remotes; each app passes its name, exposes and port.
const path = require('node:path');
const zlib = require('node:zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons, root } = require('./federation-shared.cjs');

/** Files worth sending compressed (images are compressed already). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * @param {object} opts
 * @param {string} opts.dir        the app's folder
 * @param {string} opts.name       federation name (shell, remote_student, ...)
 * @param {number} opts.port       dev server port
 * @param {Record<string,string>} [opts.exposes]  remote exposes
 * @param {string} [opts.entry]    the page entry (shell, or a remote's standalone dev page)
 * @param {string} [opts.publicPath]
 */
function makeConfig(opts, argv = {}) {
  const mode = argv.mode === 'development' ? 'development' : 'production';
  const isRemote = Boolean(opts.exposes);
  const apiTarget = process.env.API_URL || 'http://127.0.0.1:8080';
  return {
    mode,
    context: opts.dir,
    entry: opts.entry ? { main: opts.entry } : {},
    // no eval-* devtool even in development: the portal's CSP refuses eval, and a remote's dev server is loaded
    // by the real portal (REMOTE_<ROLE>_URL=http://127.0.0.1:3001/remoteEntry.js)
    devtool: mode === 'development' ? 'cheap-module-source-map' : false,
    output: {
      path: path.join(opts.dir, 'dist'),
      // A content hash in the entry names breaks the federation runtime (STACK-NOTES): hash chunks only.
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      publicPath: opts.publicPath ?? 'auto',
      uniqueName: opts.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      alias: {
        'shared-api$': path.join(root, 'shared-api/src/index.ts'),
        'shared-api/contracts$': path.join(root, 'shared-api/src/contracts/index.ts'),
        'shared-ui$': path.join(root, 'shared-ui/src/index.ts'),
        'shared-ui/core$': path.join(root, 'shared-ui/src/core.ts'),
        // The theme alone, for the public pages that must not load the shared antd.
        'shared-ui/theme$': path.join(root, 'shared-ui/src/theme/index.ts'),
      },
    },
    module: {
      rules: [
        {
          test: /\.(ts|tsx)$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: mode === 'development' } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        { test: /\.(png|svg|jpg|webp|ico)$/, type: 'asset/resource' },
        { test: /\.html$/, include: /public[\\/]guides/, type: 'asset/resource', generator: { filename: 'guides/[name][ext]' } },
      ],
    },
    optimization: {
      minimize: mode === 'production',
      minimizer: [
        new (require('terser-webpack-plugin'))({
          minify: require('terser-webpack-plugin').swcMinify,
          terserOptions: { compress: { passes: 2 }, mangle: true },
        }),
      ],
    },
    performance: { hints: false },
    plugins: [
      new ModuleFederationPlugin({
        name: opts.name,
        filename: isRemote ? 'remoteEntry.js' : undefined,
        exposes: opts.exposes,
        remotes: {},
        shared: sharedSingletons(),
        dts: false,
        manifest: false,
        experiments: {
          // One federation runtime per page, not one per app (~27 KB gzip each): in a production build the
          // shell provides its runtime and each remote entry uses it. A remote's standalone dev page
          // (development mode) keeps its own, so it still runs alone.
          // Manifest snapshots are not used (remotes.json names each remoteEntry.js); browser only.
          optimization: { disableSnapshot: true, target: 'web' },
        },
      }),
      opts.entry &&
        new HtmlWebpackPlugin({
          // One page template for the shell and each remote's standalone dev page.
          template: path.join(root, 'shell/public/index.html'),
          favicon: path.join(root, 'shell/public/favicon.svg'),
        }),
      // Each file also as .br and .gz, made once at build time at the best ratio: the server sends them as
      // they are (@fastify/static preCompressed) instead of compressing every bundle on every request.
      ...(mode === 'production'
        ? [
            new CompressionPlugin({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: COMPRESSIBLE,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: 'gzip',
              test: COMPRESSIBLE,
              compressionOptions: { level: 9 },
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ].filter(Boolean),
    devServer: {
      host: '127.0.0.1',
      port: opts.port,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: false,
      historyApiFallback: false,
      proxy: [{ context: ['/v1', '/socket.io', '/remotes.json', '/healthz'], target: apiTarget, ws: true }],
    },
    stats: 'errors-warnings',
  };
}

module.exports = { makeConfig };
