import { useCallback, useState } from 'react';
import { failureText } from '../forms/failure-text.ts';

/**
 * A table's page fetch that remembers why it last failed, so a page can show the server's
 * sentence (e.g. 'UAP ID doesn't exist' for an unknown profile) beside the table's own notice.
 * A fetch given up (a newer one replaced it) changes nothing.
 */
export function useFetchFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  const track = useCallback(async <T>(fetch: Promise<T>, signal: AbortSignal): Promise<T> => {
    try {
      const answer = await fetch;
      setFailure(null);
      return answer;
    } catch (error) {
      if (!signal.aborted) {
        setFailure(failureText(error));
      }
      throw error;
    }
  }, []);
  return { failure, track };
}
