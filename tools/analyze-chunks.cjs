// What each built chunk of an app holds, by package (a look before and after a bundle-size change).
// node tools/analyze-chunks.cjs <app dir> [chunk file prefix] — without a prefix, the 12 largest chunks.
const webpack = require('webpack');
const [dir, prefix] = process.argv.slice(2);
const cfg = require(`${dir}/webpack.config.cjs`)({}, { mode: 'production' });
webpack(cfg).run((err, stats) => {
  if (err) throw err;
  const comp = stats.compilation;
  const rows = [];
  for (const chunk of comp.chunks) {
    const files = [...chunk.files].filter((f) => f.endsWith('.js'));
    if (prefix && !files.some((f) => f.startsWith(prefix))) continue;
    const groups = {};
    let total = 0;
    for (const m of comp.chunkGraph.getChunkModulesIterable(chunk)) {
      for (const inner of m.modules ?? [m]) {
        const id = (inner.resource || inner.identifier() || '').replace(/^.*node_modules\//, '');
        const key = id.split('/').slice(0, id.startsWith('@') ? 2 : 1).join('/');
        groups[key] = (groups[key] || 0) + inner.size();
        total += inner.size();
      }
    }
    rows.push({ files, total, groups });
  }
  rows.sort((a, b) => b.total - a.total);
  for (const row of rows.slice(0, prefix ? rows.length : 12)) {
    console.log(`${row.files.join(',')} ${Math.round(row.total / 1024)}k (unminified)`);
    const top = Object.entries(row.groups).sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`  ${top.map(([k, v]) => `${k}:${Math.round(v / 1024)}k`).join('  ')}`);
  }
});
