const HtmlWebpackPlugin = require('html-webpack-plugin');

/**
 * The chunks every page of the app runs before its first render, named in the page's <head> as
 * `<link rel="preload" as="script">` (issue 22, point 2). Without them the browser learns of these files
 * only once main.js has run the federation runtime and asked for its bootstrap; with them it fetches them
 * while main.js is still downloading and running.
 *
 * Which files: the chunks of the entry's `import(<bootstrap>)` and, followed through each shared module it
 * consumes (react, react-dom, the router, i18next, shared-api...), the chunks of the shell's own copy of
 * that module (the one the share scope gives at start). A route's page is left out (it depends on the location: main.js asks for it at once).
 */
class PreloadStartPlugin {
  /** @param {{ request?: string }} [opts] the entry's dynamic import that starts the app ('./bootstrap') */
  constructor(opts = {}) {
    this.request = opts.request ?? './bootstrap';
  }

  /** The JavaScript files to preload, in the order webpack would ask for them. */
  static startFiles(compilation, request) {
    const { chunkGraph } = compilation;
    const entryChunks = new Set();
    for (const entrypoint of compilation.entrypoints.values())
      for (const chunk of entrypoint.chunks) entryChunks.add(chunk);
    // the shell's own copy of each shared module (what the share scope gives it at start), by share key
    const provided = new Map();
    for (const chunk of entryChunks)
      for (const module of chunkGraph.getChunkModulesIterable(chunk))
        if (module.type === 'provide-module' && typeof module._name === 'string') provided.set(module._name, module);
    const seen = new Set();
    const files = [];
    const visitGroup = (group) => {
      if (group) for (const chunk of group.chunks) visitChunk(chunk);
    };
    const visitChunk = (chunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      if (!entryChunks.has(chunk))
        for (const file of chunk.files) if (file.endsWith('.js') && !files.includes(file)) files.push(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.type !== 'consume-shared-module') continue;
        // the provided copy's chunks; the consumer's fallback (the same code, other chunks) only without one
        const source = provided.get(module.options?.shareKey) ?? module;
        for (const block of source.blocks) visitGroup(chunkGraph.getBlockChunkGroup(block));
      }
    };
    for (const chunk of entryChunks)
      for (const module of chunkGraph.getChunkModulesIterable(chunk))
        for (const block of module.blocks ?? [])
          if (block.dependencies.some((d) => d.request === request)) visitGroup(chunkGraph.getBlockChunkGroup(block));
    return files;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PreloadStartPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadStartPlugin', (data) => {
        const publicPath = data.publicPath ?? '';
        const links = PreloadStartPlugin.startFiles(compilation, this.request).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', as: 'script', href: `${publicPath}${file}` }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { PreloadStartPlugin };
