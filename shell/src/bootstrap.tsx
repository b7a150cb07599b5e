import { createRoot } from 'react-dom/client';
import type { UserInfo } from 'shared-api';
import { App } from './app/app';
import { firstPageOf, firstPageReady } from './app/first-page';
import { storedAccessToken, takeEarly, USER_INFORMATION_PATH } from './app/early-requests';
import { initI18n, storedLanguageReady } from './i18n';

initI18n();
const firstPage = firstPageOf(window.location.hash, storedAccessToken());

// shared-api (the API client, the session, the socket) is not part of the start: the landing page draws
// without it and never loads it. Every other page needs it, and it arrives beside that page's chunk.
const api =
  firstPage === 'landing'
    ? null
    : import('./app/api-setup').then(({ loadSession }) => {
        // Signed in, the session is checked while the first page's chunk arrives, not after it has rendered.
        // Its request left at boot (early-requests.ts): that answer is used when it is a 200. The app renders
        // once it is known: the page (or the /Home the build drew, first-paint/) is replaced by the page, not by
        // the session gate's spinner.
        if (firstPage !== 'signedIn') return undefined;
        return loadSession(
          takeEarly(USER_INFORMATION_PATH)?.then((body) => (body as { data?: UserInfo } | null)?.data ?? null) ?? null,
        );
      });

const container = document.getElementById('root');
// Rendered once the first page's chunk and the stored language's texts are there (loaded side by side), and,
// for a page that calls the API, the client configured: the page draws at once, in its language, instead of
// through a fallback.
if (container)
  void Promise.all([firstPageReady(), storedLanguageReady(), api]).then(() => createRoot(container).render(<App />));
