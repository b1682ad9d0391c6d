import { useEffect } from 'react';
import { messages } from '@uap/domain';

/** Keeps the browser tab title in step with the screen: '{page} — UAP'. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = messages.documentTitle(page);
  }, [page]);
}
