import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const backend = process.env.LECTERN_DEV_BACKEND ?? 'http://localhost:8765';
const proxied = { target: backend, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // `/auth` itself is the SPA's sign-in screen; only `/auth/...` belongs to the server.
    proxy: {
      '/api': proxied,
      '^/auth/.*': proxied,
      '/health': proxied,
      '/debug': proxied,
      '/dev-oidc': proxied,
      '/dev-checkout': proxied,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
