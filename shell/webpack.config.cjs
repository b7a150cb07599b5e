const fs = require('node:fs');
const path = require('node:path');
const { makeConfig } = require('../tools/webpack.base.cjs');
const { PreloadStartPlugin } = require('../tools/preload-start-plugin.cjs');

/**
 * Files the browser asks for by a fixed name at the site root: the web app manifest, the icons it names
 * and the service worker (its scope is its folder: it must be /sw.js). Copied from public/ as they are.
 */
const ROOT_FILES = ['manifest.webmanifest', 'sw.js', 'icon-192.png', 'icon-512.png'];

class RootFilesPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RootFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RootFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of ROOT_FILES) {
            const source = path.join(__dirname, 'public', file);
            compilation.fileDependencies.add(source);
            // minimized: the service worker stays as written (short, readable in the browser's tools)
            compilation.emitAsset(file, new sources.RawSource(fs.readFileSync(source)), { minimized: true });
          }
        },
      );
    });
  }
}

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
  config.plugins.push(new RootFilesPlugin());
  // the chunks every page runs before its first render, asked for by the page's head (not after main.js ran)
  if (argv.mode === 'production') config.plugins.push(new PreloadStartPlugin({ request: './bootstrap' }));
  return config;
};
