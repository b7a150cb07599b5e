// Draws the first pages into dist/index.html after the build (the shell's `npm run build`): the landing page, the
// login form and /Home's frame, in Vietnamese, as the app would draw them, with their CSS. The browser paints them
// at once, before any bundle has loaded; the app replaces them with the same page when it renders (issue 22: LCP).
// Run: node --import tsx src/first-paint/render.tsx [dist folder]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { renderToStaticMarkup } from 'react-dom/server';
// eslint-disable-next-line no-restricted-imports -- build time, in node: MemoryRouter is not in the browser's subset
import type * as ReactRouter from 'react-router';
import type { ComponentType, ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { SIDE_MENU_BREAKPOINT_PX } from '../app/constants';
import { FIRST_PAINT_ATTRIBUTE, firstPaintScript, GREETING_ID, type FirstPaintPage } from './pick';

const distDir = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..', 'dist'));

/** How html-webpack-plugin starts the app (tools/webpack.base.cjs); the first paint's script does it instead. */
const MAIN_SCRIPT = '<script defer="defer" src="/main.js"></script>';

/** The CSS files the pages import, in import order (style-loader adds them in that order too). */
const cssFiles: string[] = [];

/** The URL webpack gave a file (asset/resource: a content-hashed name in dist): the built file with its bytes. */
function builtUrlOf(source: string): string {
  // as latin1 text: byte for byte, without Buffer (whose types the DOM's lib of this package does not take)
  const bytes = fs.readFileSync(source, 'latin1');
  const ext = path.extname(source);
  const match = fs
    .readdirSync(distDir)
    .find((name) => name.endsWith(ext) && fs.readFileSync(path.join(distDir, name), 'latin1') === bytes);
  if (!match) throw new Error(`${source} is not in ${distDir}: build the shell first`);
  return `/${match}`;
}

// What webpack's loaders do for these imports (tools/webpack.base.cjs), done the node way: a CSS import is
// recorded (its rules go into the page's head), an image import is its built URL.
type Extensions = Record<string, (module: { exports: unknown }, filename: string) => void>;
// `require.extensions` is deprecated but still what a CommonJS import of a non-JS file goes through
const extensions = (Module as unknown as { _extensions: Extensions })._extensions;
extensions['.css'] = (module, filename) => {
  if (!cssFiles.includes(filename)) cssFiles.push(filename);
  module.exports = {};
};
for (const ext of ['.svg', '.png', '.ico', '.jpg', '.webp'])
  extensions[ext] = (module, filename) => {
    module.exports = { __esModule: true, default: builtUrlOf(filename) };
  };

/** A page module's default export, whether this file runs as CommonJS (tsx wraps the module once more) or ESM. */
function defaultOf(module: { default: ComponentType }): ComponentType {
  const inner = (module.default as unknown as { default?: ComponentType }).default;
  return inner ?? module.default;
}

/** The pages the first paint shows, each at its path (landing, login, /Home's frame). */
async function firstPages(): Promise<Record<FirstPaintPage, { path: string; element: ReactNode }>> {
  // required, as the pages require react-router (CommonJS): an import() would load its ESM build, a second
  // router whose context the pages would not see
  const { Route, Routes } = Module.createRequire(__filename)('react-router') as typeof ReactRouter;
  const Landing = defaultOf(await import('../public/landing-page'));
  const Login = defaultOf(await import('../public/login-page'));
  const Home = defaultOf(await import('../pages/home-page'));
  const { AppLayout } = await import('../layout/app-layout');
  return {
    landing: { path: '/', element: <Landing /> },
    login: { path: '/Login', element: <Login /> },
    // as the signed-in app draws /Home (signed-in-app.tsx), before the session and the role's menu are known:
    // the header, an empty side menu and the page's sections, its heading blank until the user's name is there
    home: {
      path: '/Home',
      element: (
        <Routes>
          <Route element={<AppLayout items={[]} />}>
            <Route path="/Home" element={<Home />} />
          </Route>
        </Routes>
      ),
    },
  };
}

/** Each page's markup in its hidden, inert wrapper; /Home's heading named for the greeting (pick.ts). */
function drawPages(pages: Record<FirstPaintPage, { path: string; element: ReactNode }>): string {
  const { MemoryRouter } = Module.createRequire(__filename)('react-router') as typeof ReactRouter;
  const blankHeading = '<h1>\u00a0</h1>';
  return Object.entries(pages)
    .map(([name, { path: at, element }]) => {
      let markup = renderToStaticMarkup(<MemoryRouter initialEntries={[at]}>{element}</MemoryRouter>);
      if (name === 'home') {
        // the heading the head script greets the user in, by the name kept from their last visit
        if (!markup.includes(blankHeading)) throw new Error('/Home drew no blank heading to greet in');
        markup = markup.replace(blankHeading, `<h1 id="${GREETING_ID}">\u00a0</h1>`);
      }
      // inert: shown, never used (no focus, no click, no typing that the app's render would drop)
      return `<div class="sp-first-paint" data-page="${name}" inert>${markup}</div>`;
    })
    .join('');
}

/** The pages' CSS, the rule showing the page <html> names, and the side menu open where the app opens it. */
function firstPaintCss(names: string[]): string {
  const shown = names
    .map((name) => `html[${FIRST_PAINT_ATTRIBUTE}="${name}"] .sp-first-paint[data-page="${name}"]`)
    .join(',');
  return (
    cssFiles.map((file) => fs.readFileSync(file, 'utf8')).join('\n') +
    `\n.sp-first-paint{display:none}${shown}{display:block}` +
    // the side menu is drawn closed (no window at build time); open on the windows where the app opens it
    // (menu-rule.ts), the page beside it as the app's .sp-content-shifted
    `\n@media (min-width:${SIDE_MENU_BREAKPOINT_PX + 1}px){.sp-first-paint .sp-sider{transform:translateX(0)}` +
    `.sp-first-paint .sp-content{margin-left:256px}}`
  );
}

/** The head script with /Home's greeting in Vietnamese, and its content-hashed file name. */
function headScript(i18n: I18n): { script: string; scriptName: string } {
  // the placeholder kept as it is: interpolation does not run again on a value
  const greeting = i18n.t('home.welcome', { name: '{{name}}' });
  if (!greeting.includes('{{name}}')) throw new Error(`home.welcome lost its placeholder: ${greeting}`);
  const script = firstPaintScript(greeting);
  // esbuild (tsx) names inner functions through a helper of its own, which the browser lacks: pick.ts avoids them
  if (script.includes('__name')) throw new Error(`the first paint's script calls esbuild's __name: ${script}`);
  return { script, scriptName: `first-paint.${createHash('sha256').update(script).digest('hex').slice(0, 10)}.js` };
}

async function main(): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const template = fs.readFileSync(indexFile, 'utf8');
  if (template.includes('class="sp-first-paint"')) throw new Error(`${indexFile} already has its first paint`);
  if (!template.includes(MAIN_SCRIPT)) throw new Error(`${indexFile} does not start the app with ${MAIN_SCRIPT}`);

  // after the hooks above: the pages and their imports load through them
  const { initI18n } = await import('../i18n');
  const { script, scriptName } = headScript(initI18n());
  const pages = await firstPages();
  const html = template
    // The script marks <html> before the body is drawn. It holds the parser until it has arrived: asked for first,
    // before main.js and the preloads (HTTP/1.1: six at a time, in the order found). Behind them, at 4x CPU, it
    // came ~250 ms late and so did the first paint.
    .replace('</title>', `</title><script src="/${scriptName}"></script>`)
    // main.js fetched from here as before, run by the script once the drawn page is painted (pick.ts, startApp)
    .replace(MAIN_SCRIPT, '<link rel="preload" as="script" href="/main.js">')
    .replace('</head>', `<style>${firstPaintCss(Object.keys(pages))}</style></head>`)
    .replace(
      '<div id="root"></div>',
      // after the drawn pages, the spinner's place: shown for every other page (index.html's rule)
      `<div id="root">${drawPages(pages)}<div class="sp-first-paint-wait"></div></div>`,
    );
  if (!html.includes(`</title><script src="/${scriptName}">`) || !html.includes('sp-first-paint-wait"></div></div>'))
    throw new Error(`${indexFile} has no <title>, no </head> or no empty #root`);

  writeCompressed(path.join(distDir, scriptName), script);
  writeCompressed(indexFile, html);
  console.log(`first paint: ${Object.keys(pages).join(', ')} drawn into ${indexFile} (${Buffer.byteLength(html)} B)`);
}

/** A file with its .br and .gz beside it, as the build's CompressionPlugin writes them (the server sends those). */
function writeCompressed(file: string, text: string): void {
  fs.writeFileSync(file, text);
  for (const ext of ['.br', '.gz']) fs.rmSync(file + ext, { force: true });
  // the plugin's threshold (tools/webpack.base.cjs)
  if (Buffer.byteLength(text) < 1024) return;
  // copied into a Uint8Array: the DOM's lib of this package does not take node's Buffer type
  const br = zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  fs.writeFileSync(`${file}.br`, new Uint8Array(br));
  fs.writeFileSync(`${file}.gz`, new Uint8Array(zlib.gzipSync(text, { level: 9 })));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
