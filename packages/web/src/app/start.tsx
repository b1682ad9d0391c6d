import { startTransition, StrictMode } from 'react';
import type { createRoot as CreateRoot } from 'react-dom/client';
import { startPublicConfig } from '../api/config.ts';
import { App } from './App.tsx';
import { preloadPageOf } from './pages.ts';
import { queryClient } from './query-client.ts';
import { getRouter } from './router.tsx';
import { getTheme } from './theme.ts';

/**
 * The start is a chain of short tasks, not one long one: the task that evaluates the page's
 * scripts is long enough, and a task only counts as blocking (Lighthouse's TBT) for its part
 * above 50 ms. Each step runs in a task of its own, in this order.
 */
export function startApp(container: HTMLElement, createRoot: typeof CreateRoot): void {
  const steps = [
    // Asking for the opened screen's files (a preload link each) is not small.
    () => {
      preloadPageOf(window.location.pathname);
    },
    // The configuration (from index.html, or downloaded): the first use of the query cache.
    () => {
      startPublicConfig(queryClient);
    },
    // Making the MUI theme.
    () => {
      getTheme();
    },
    // Compiling the route table's paths.
    () => {
      getRouter();
    },
    // The server's pending screen shows until React's first draw, which is a background render
    // that yields to the browser every few milliseconds instead of one long task.
    () => {
      const root = createRoot(container);
      startTransition(() => {
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        );
      });
    },
  ];
  for (const step of steps) {
    setTimeout(step, 0);
  }
}
