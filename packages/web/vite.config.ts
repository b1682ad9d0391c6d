import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The UAP server (API, embedded identity provider, metrics, SCIM) in development. */
const serverUrl = 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/oidc', '/metrics', '/scim'].map((path) => [path, serverUrl]));

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
  build: { outDir: 'dist', emptyOutDir: true },
});
