// The browser gates every journey can call: axe-core (no serious or critical violation) and no horizontal overflow.
import axeCore from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = axeCore.source;

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

export interface AxeOptions {
  /** CSS selectors axe leaves out (a third-party widget we cannot fix), each with a reason in the caller. */
  exclude?: string[];
}

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core on the page as it is now and throws a readable list when a violation is serious or critical.
 * Injected with page.evaluate (the DevTools protocol's Runtime.evaluate), not with addScriptTag: the portal's CSP
 * refuses inline scripts, and an evaluate is not subject to the page's CSP, so the page keeps its real policy and
 * the gate does not hide a CSP violation the portal would have in production.
 */
export async function runAxe(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(`${axeSource}\n;void 0`);
  const violations = (await page.evaluate(async (exclude: string[]) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const context = exclude.length ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations;
  }, options.exclude ?? [])) as AxeViolation[];
  const blocking = violations.filter((v) => v.impact !== null && BLOCKING.has(v.impact));
  if (!blocking.length) return;
  const lines = blocking.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map(
        (n) =>
          `      ${n.target.map(String).join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join(' ').trim()}` : ''}`,
      )
      .join('\n');
    const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} node(s)) ${v.helpUrl}\n${nodes}${more}`;
  });
  throw new Error(
    `axe on ${label} (${page.url()}): ${blocking.length} serious/critical violation(s)\n${lines.join('\n')}`,
  );
}

/**
 * Throws when the page scrolls sideways or a visible element sticks out of the viewport by more than 1 px.
 * An element inside a container that clips or scrolls horizontally (a wide table in its own scroller) is fine:
 * the user reaches it by scrolling that container, not the page.
 */
export async function assertNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  // A string, not a function: tsx (esbuild keepNames) wraps inner functions in __name(), which the page lacks.
  const problems = (await page.evaluate(`(() => {
    const width = window.innerWidth;
    const out = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > width + 1) out.push(\`the page scrolls sideways: scrollWidth \${root.scrollWidth} > \${width}\`);
    const describe = (el) => {
      const id = el.id ? \`#\${el.id}\` : '';
      const cls = typeof el.className === 'string' && el.className.trim() ? \`.\${el.className.trim().split(/\\s+/).slice(0, 3).join('.')}\` : '';
      const text = (el.textContent ?? '').trim().slice(0, 30);
      return \`<\${el.tagName.toLowerCase()}\${id}\${cls}>\${text ? \` "\${text}"\` : ''}\`;
    };
    // Inside a container that clips or scrolls, an element is that container's business: the container itself
    // is checked on its own (and reported if it sticks out).
    const clippedByAncestor = (el) => {
      for (let p = el.parentElement; p && p !== document.body && p !== document.documentElement; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' || style.contain.includes('paint')) return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      // Zero-size and 1-px elements are visually hidden helpers (screen-reader text, focus guards).
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.right <= width + 1 && r.left >= -1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') continue;
      if (style.position === 'fixed' && (r.left >= width || r.right <= 0)) continue; // a closed drawer parked off-screen
      if (clippedByAncestor(el)) continue;
      out.push(\`\${describe(el)} spans \${Math.round(r.left)}..\${Math.round(r.right)} px\`);
      if (out.length >= 10) break;
    }
    return out;
  })()`)) as string[];
  if (problems.length) {
    const { width } = page.viewportSize() ?? { width: 0 };
    throw new Error(`horizontal overflow on ${label} at ${width} px (${page.url()}):\n  ${problems.join('\n  ')}`);
  }
}

/** The widths the layout gate checks: a small phone, a tablet, a laptop, a desktop. */
export const GATE_WIDTHS = [360, 768, 1280, 1920] as const;

/** axe and the overflow check at every gate width, restoring the page's viewport afterwards. */
export async function checkAtEveryWidth(page: Page, label: string, options: AxeOptions = {}): Promise<void> {
  const original = page.viewportSize();
  // A list still loading sits at half opacity under antd's spinner: axe would judge the contrast of a fading
  // frame. Wait for the data (a spinner that never ends is checked as it is).
  await page
    .waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  try {
    for (const width of GATE_WIDTHS) {
      await page.setViewportSize({ width, height: original?.height ?? 900 });
      // Lets antd's responsive observers run, then the transitions they start (the side menu sliding out) end.
      await page.waitForTimeout(150);
      await page
        .waitForFunction(
          () =>
            document
              .getAnimations()
              .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
          undefined,
          { timeout: 2_000 },
        )
        .catch(() => undefined);
      // A popup (a date picker's calendar) aligns to its field on the window's resize, which came before the
      // transitions moved the field: told once more, as a later resize would, it aligns where the field is now.
      await page.evaluate(() => window.dispatchEvent(new Event('resize')));
      await page.waitForTimeout(50);
      await assertNoHorizontalOverflow(page, label);
      await runAxe(page, `${label} at ${width} px`, options);
    }
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
