import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadPageOf } from './app/pages.ts';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element.');
}
preloadPageOf(window.location.pathname);
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
