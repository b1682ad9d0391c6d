import { createRoot } from 'react-dom/client';

/**
 * The entry evaluates the framework (React and the rest of its chunk) in the page's first
 * script task, then loads the app's start (`app/start.tsx`: the shell, the router, Home's
 * code), which the browser evaluates in a task of its own: one evaluation of everything was a
 * task too long on a phone, and Lighthouse counts each task's part above 50 ms (at 4× CPU
 * slowdown) as blocking. The packages the start imports (`app/shell-vendor.ts`: MUI's
 * components) are evaluated first, in a task of their own, for the same reason. The server's
 * pending screen shows meanwhile.
 */
const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element.');
}
void import('./app/shell-vendor.ts')
  .then(() => import('./app/start.tsx'))
  .then(({ startApp }) => {
    startApp(container, createRoot);
  });
