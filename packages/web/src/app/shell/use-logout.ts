import { useSession } from '../../session/session.tsx';

/** Ends the session at the identity provider, which sends the user back to '/'. */
export function useLogout(): () => void {
  const auth = useSession();
  return () => {
    void auth.signoutRedirect();
  };
}
