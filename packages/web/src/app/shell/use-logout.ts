import { useAuth } from 'react-oidc-context';

/** Ends the session at the identity provider, which sends the user back to '/'. */
export function useLogout(): () => void {
  const auth = useAuth();
  return () => {
    void auth.signoutRedirect();
  };
}
