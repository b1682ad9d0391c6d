import { StrictMode } from 'react';
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
preloadPageOf(window.location.pathname);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
