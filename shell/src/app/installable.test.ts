/**
 * The installable portal (issue 21, point 6): the web app manifest, its icons, the page's links to them,
 * and the service worker, which shows pushes and opens the portal on a tap — and does nothing else (no
 * fetch handler, no offline cache: no offline promise the portal cannot keep).
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { portalTheme } from 'shared-ui/theme';

const PUBLIC = path.join(__dirname, '..', '..', 'public');
const read = (file: string) => fs.readFileSync(path.join(PUBLIC, file));

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string }[];
}

/** A PNG's width and height from its IHDR chunk. */
function pngSize(file: Buffer): [number, number] {
  expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [file.readUInt32BE(16), file.readUInt32BE(20)];
}

describe('the web app manifest', () => {
  const manifest = JSON.parse(read('manifest.webmanifest').toString('utf8')) as Manifest;

  it('names the product, starts and stays at the root, standalone, in the portal colour', () => {
    expect(manifest).toMatchObject({
      name: 'Smart Printing System',
      short_name: 'Smart Printing',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color.toLowerCase()).toBe(String(portalTheme.token?.colorPrimary).toLowerCase());
  });

  it('has the product icons: 192 and 512 px PNGs and the SVG, each a file of public/ at the root', () => {
    const bySize = new Map(manifest.icons.map((icon) => [icon.sizes, icon]));
    for (const size of [192, 512]) {
      const icon = bySize.get(`${size}x${size}`);
      expect(icon).toMatchObject({ type: 'image/png' });
      expect(pngSize(read(icon?.src.replace(/^\//, '') ?? ''))).toEqual([size, size]);
    }
    expect(bySize.get('any')).toMatchObject({ src: '/favicon.svg', type: 'image/svg+xml' });
    expect(read('favicon.svg').toString('utf8')).toContain('<svg');
  });

  it('is linked from the page, with the theme colour', () => {
    const html = read('index.html').toString('utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${String(portalTheme.token?.colorPrimary)}" />`);
  });
});

describe('the service worker (/sw.js)', () => {
  const ORIGIN = 'https://print.hcmut.edu.vn';

  /** Runs sw.js in a fake worker scope; `windows` are the portal's open windows. */
  function startWorker(windows: { url: string; focus: jest.Mock; navigate: jest.Mock }[] = []) {
    const listeners = new Map<string, (event: unknown) => void>();
    const showNotification = jest.fn(async () => undefined);
    const openWindow = jest.fn(async () => null);
    const self = {
      location: new URL(`${ORIGIN}/sw.js`),
      registration: { showNotification },
      clients: { matchAll: jest.fn(async () => windows), openWindow },
      addEventListener: (name: string, listener: (event: unknown) => void) => listeners.set(name, listener),
    };
    vm.runInNewContext(read('sw.js').toString('utf8'), { self, URL });
    /** Dispatches an event and waits for what it handed to waitUntil. */
    const dispatch = async (name: string, event: Record<string, unknown>) => {
      let pending: Promise<unknown> = Promise.resolve();
      listeners.get(name)?.({ ...event, waitUntil: (promise: Promise<unknown>) => (pending = promise) });
      await pending;
    };
    const push = (data: unknown) =>
      dispatch('push', {
        data: {
          json: () => (typeof data === 'string' ? JSON.parse(data) : data) as unknown,
          text: () => (typeof data === 'string' ? data : JSON.stringify(data)),
        },
      });
    return { listeners, showNotification, openWindow, dispatch, push };
  }

  it('handles push and notificationclick only: no fetch handler, no offline cache', () => {
    const { listeners } = startWorker();
    expect([...listeners.keys()].sort()).toEqual(['notificationclick', 'push']);
    const source = read('sw.js').toString('utf8');
    expect(source).not.toMatch(/caches\.|addEventListener\(\s*['"](fetch|install|activate)['"]/);
  });

  it("shows the push's title and body, one notification per tag, keeping the page to open", async () => {
    const worker = startWorker();
    await worker.push({
      kind: 'job-completed',
      title: 'Đã in xong',
      body: 'Tệp "a.pdf" đã in xong',
      url: '/#/History',
      tag: 'job-completed:1',
    });
    expect(worker.showNotification).toHaveBeenCalledWith('Đã in xong', {
      body: 'Tệp "a.pdf" đã in xong',
      tag: 'job-completed:1',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: `${ORIGIN}/#/History` },
    });
  });

  it('opens only pages of the portal: a URL of another origin becomes the start page; text is shown as text', async () => {
    const worker = startWorker();
    await worker.push({ title: 'x', body: 'y', url: 'https://evil.example.com/' });
    expect(worker.showNotification).toHaveBeenLastCalledWith(
      'x',
      expect.objectContaining({ data: { url: `${ORIGIN}/` } }),
    );
    await worker.push('not json');
    expect(worker.showNotification).toHaveBeenLastCalledWith(
      'Smart Printing',
      expect.objectContaining({ body: 'not json', data: { url: `${ORIGIN}/` } }),
    );
  });

  it('a tap opens the page in a new window, or in the portal window already open', async () => {
    const tap = (url: string) => ({ notification: { close: jest.fn(), data: { url } } });
    const none = startWorker();
    await none.dispatch('notificationclick', tap(`${ORIGIN}/#/History`));
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/#/History`);

    const open = { url: `${ORIGIN}/#/Home`, focus: jest.fn(), navigate: jest.fn() };
    open.focus.mockResolvedValue(open);
    open.navigate.mockResolvedValue(open);
    const one = startWorker([open]);
    const event = tap(`${ORIGIN}/#/History`);
    await one.dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/#/History`);
    expect(one.openWindow).not.toHaveBeenCalled();
  });
});
