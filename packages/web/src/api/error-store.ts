import { useSyncExternalStore } from 'react';
import { messages } from '@uap/domain';
import { ApiError } from './client.ts';

/** One blocking error dialog: the server's message as-is, or 'Error' with a generic text. */
export interface ErrorNotice {
  id: number;
  title: string | null;
  message: string;
}

let notices: readonly ErrorNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ErrorNotice[]): void {
  notices = next;
  listeners.forEach((listener) => {
    listener();
  });
}

function toNotice(error: unknown): Omit<ErrorNotice, 'id'> {
  if (error instanceof ApiError && !error.isNetworkError) {
    return { title: null, message: error.message };
  }
  return { title: messages.errorTitle, message: messages.serverError };
}

/** Queues an error dialog. A 401 shows nothing: sign-in has already been restarted. */
export function reportError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    return;
  }
  const notice = toNotice(error);
  // Several calls failing for the same reason make one dialog, not a stack of them.
  if (notices.some((n) => n.title === notice.title && n.message === notice.message)) {
    return;
  }
  publish([...notices, { id: nextId++, ...notice }]);
}

export function dismissError(id: number): void {
  publish(notices.filter((n) => n.id !== id));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queued error dialogs, oldest first. */
export function useErrorNotices(): readonly ErrorNotice[] {
  return useSyncExternalStore(subscribe, () => notices);
}
