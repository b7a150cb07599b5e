import { createRoot } from 'react-dom/client';
import { configureApiClient, reconnectSocket } from 'shared-api';
import { App } from './app/app';
import { initI18n } from './i18n';

initI18n();
configureApiClient({
  baseURL: '',
  onSessionExpired: () => {
    window.location.hash = '#/Login';
  },
  onTokensRefreshed: () => reconnectSocket(),
});

const container = document.getElementById('root');
if (container) createRoot(container).render(<App />);
