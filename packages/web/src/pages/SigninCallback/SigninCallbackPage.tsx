import { useState } from 'react';
import { messages } from '@uap/domain';
import { Navigate } from 'react-router';
import { hasAuthParams } from '../../session/auth.ts';
import { useSession } from '../../session/session.tsx';
import { FullPageMessage } from '../../components/FullPageMessage.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';

/**
 * /signin-callback: the SessionProvider exchanges the code and then navigates to where the user
 * was going; this page covers the wait and a failed exchange.
 */
export function SigninCallbackPage() {
  const auth = useSession();
  // Read once: the SessionProvider's own navigation away from here must not race a redirect home.
  const [isCompletingSignin] = useState(() => hasAuthParams());
  if (auth.error) {
    const handleSignin = () => {
      void auth.signinRedirect();
    };
    return (
      <FullPageMessage
        message={`${messages.unauthorized} (${auth.error.message})`}
        actionLabel="Sign in"
        onAction={handleSignin}
      />
    );
  }
  // Opened without a pending sign-in (bookmark, back button): go home, signing in if needed.
  if (!isCompletingSignin && !auth.isLoading) {
    return <Navigate to="/" replace />;
  }
  return <PageSpinner label="Signing in" isFullPage />;
}
