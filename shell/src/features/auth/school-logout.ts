import { schoolLogoutUrl, type SignInProviderId } from 'shared-api';

/**
 * After the portal's logout, a session that signed in with the school's account goes through the
 * server's page that ends the school's session too (CAS /logout, OIDC end-session), which comes back to
 * the portal's landing page. A full navigation: the school's pages are another site.
 */
export function endSchoolSession(provider: SignInProviderId): void {
  window.location.assign(schoolLogoutUrl(provider));
}
