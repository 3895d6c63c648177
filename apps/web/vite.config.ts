/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const target = process.env.LANTERN_API ?? 'http://127.0.0.1:3000';

/**
 * The workspace packages are pure (schemas, constants, rules) but do not say so in their package.json; telling
 * the bundler lets it drop unused zod schemas, so the first page does not carry every schema of the contract.
 */
const pureWorkspacePackages: Plugin = {
  name: 'lantern-pure-workspace-packages',
  transform(_code, id) {
    if (/[\\/]packages[\\/](contract|domain)[\\/]src[\\/]/.test(id)) return { code: _code, map: null, moduleSideEffects: false };
    return null;
  },
};

/**
 * One build serves both sites: the server injects the site facts into index.html (`<!--lantern-site-->`).
 * In `vite dev` there is no injection, so the app asks GET /api/v1/fetch_region through the proxy.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), pureWorkspacePackages],
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: false },
      '/districts': { target, changeOrigin: false },
      '/__dev': { target, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Keep the first route small: framework code in long-cached vendor chunks, each page lazily loaded.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 25 },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 25 },
            { name: 'radix', test: /node_modules[\\/](@radix-ui|@floating-ui|aria-hidden|react-remove-scroll.*|use-callback-ref|use-sidecar|tslib|get-nonce|detect-node-es)[\\/]/, priority: 20 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
