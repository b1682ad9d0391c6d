import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startPublicConfig } from './api/config.ts';
import { preloadPageOf } from './app/pages.ts';
import { queryClient } from './app/query-client.ts';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element.');
}
// The configuration (from index.html, or downloaded) and the opened screen's code, while React starts.
startPublicConfig(queryClient);
// In a task of its own: asking for the screen's files (a preload link each) is not small, and the
// task that evaluates the page's scripts is long enough.
setTimeout(() => {
  preloadPageOf(window.location.pathname);
}, 0);
// The server's pending screen shows until React's first draw, which is a background render that
// yields to the browser every few milliseconds instead of one long task.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
