import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { disconnectSocket, logout, tokenStorage } from 'shared-api';
import { endSchoolSession } from './school-logout';

/**
 * Signs out: the socket closes, the server revokes the login, and the user lands on the landing page (or
 * goes through the school's logout page when they signed in with the school account).
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    disconnectSocket();
    // a school sign-in's session: the server's page ends the school's session too, then comes back to /
    const provider = tokenStorage.getSignInProvider();
    // The landing page forgets the session as it opens; clearing the store here first would let the
    // session gate send the user to /Login before the navigation to / lands.
    void logout().finally(() => {
      if (provider) endSchoolSession(provider);
      else navigate('/');
    });
  }, [navigate]);
}
