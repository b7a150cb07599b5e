const webpack = require('webpack');
const dir = process.argv[2];
const cfg = require(dir + '/webpack.config.cjs')({}, { mode: 'production' });
webpack(cfg).run((err, stats) => {
  if (err) throw err;
  const s = stats.toJson({ all: false, chunks: true, chunkModules: true, chunkOrigins: true, ids: true, assets: true });
  for (const c of s.chunks.sort((a, b) => b.size - a.size).slice(0, +process.argv[3] || 10)) {
    const groups = {};
    const walk = (mods) => { for (const m of mods || []) { if (m.modules) { walk(m.modules); continue; } const nm = m.name || ''; const idx = nm.lastIndexOf('node_modules/'); let n = idx >= 0 ? nm.slice(idx + 13) : nm; n = n.split('/').slice(0, n.startsWith('@') ? 2 : 1).join('/'); groups[n] = (groups[n] || 0) + m.size; } };
    walk(c.modules);
    console.log('chunk', (c.files||[]).join(','), c.names.join(','), Math.round(c.size / 1024) + 'k', 'origins:', (c.origins || []).map((o) => o.request).slice(0, 3).join(' | '));
    console.log('   ', Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => k + ':' + Math.round(v / 1024) + 'k').join('  '));
  }
});
