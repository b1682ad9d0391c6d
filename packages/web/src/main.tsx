import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element.');
}
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
