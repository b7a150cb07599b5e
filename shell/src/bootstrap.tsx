import { createRoot } from 'react-dom/client';
import { configureApiClient, loadSession, reconnectSocket, tokenStorage, type UserInfo } from 'shared-api';
import { App } from './app/app';
import { firstPageReady, pathOfHash, PUBLIC_PAGES } from './app/first-page';
import { takeEarly, USER_INFORMATION_PATH } from './app/early-requests';
import { initI18n, storedLanguageReady } from './i18n';

initI18n();
configureApiClient({
  baseURL: '',
  onSessionExpired: () => {
    window.location.hash = '#/Login';
  },
  onTokensRefreshed: () => reconnectSocket(),
});

// Signed in, the session is checked while the first page's chunk arrives, not after it has rendered.
// Its request left at boot (first-page.ts): that answer is used when it is a 200.
if (!PUBLIC_PAGES[pathOfHash(window.location.hash)] && tokenStorage.getAccess())
  void loadSession(
    takeEarly(USER_INFORMATION_PATH)?.then((body) => (body as { data?: UserInfo } | null)?.data ?? null) ?? null,
  );

const container = document.getElementById('root');
// Rendered once the first page's chunk and the stored language's texts are there (loaded side by side):
// the page draws at once, in its language, instead of through a fallback.
if (container)
  void Promise.all([firstPageReady(), storedLanguageReady()]).then(() => createRoot(container).render(<App />));
