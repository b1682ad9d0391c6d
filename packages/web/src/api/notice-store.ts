import { useSyncExternalStore } from 'react';

/** A success message that closes by itself, with an optional link to what it names. */
export interface SuccessNotice {
  id: number;
  message: string;
  link: { label: string; to: string } | null;
}

let current: SuccessNotice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: SuccessNotice | null): void {
  current = next;
  listeners.forEach((listener) => {
    listener();
  });
}

/** Shows a success message (replacing the one on screen); errors use the error dialog instead and stay. */
export function notifySuccess(message: string, link: SuccessNotice['link'] = null): void {
  publish({ id: nextId++, message, link });
}

export function dismissSuccess(id: number): void {
  if (current?.id === id) {
    publish(null);
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The success message on screen, if any. */
export function useSuccessNotice(): SuccessNotice | null {
  return useSyncExternalStore(subscribe, () => current);
}
