import { configureApiClient, reconnectSocket } from 'shared-api';

/**
 * The API client set up for the portal, once, by the first module that imports this one: every part that
 * calls the API imports it (the session gate, the login page, the release station), so the landing page,
 * which calls nothing, loads neither shared-api nor axios (issue 22).
 */
configureApiClient({
  baseURL: '',
  onSessionExpired: () => {
    window.location.hash = '#/Login';
  },
  onTokensRefreshed: () => reconnectSocket(),
});

export { loadSession } from 'shared-api';
