import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BOOTSTRAP_FILE, bootstrapScriptPlugin } from './scripts/bootstrapScriptPlugin';
import { mcpManifestPlugin } from './scripts/mcpManifestPlugin';
import { scopedScriptPlugin } from './scripts/scopedScriptPlugin';

/** Changes with every build, like the revision the PWA plugin gives index.html. */
const BUILD_REVISION = Date.now().toString(36);

export default defineConfig({
  plugins: [
    scopedScriptPlugin(),
    sveltekit(),
    mcpManifestPlugin(),
    bootstrapScriptPlugin(),
    SvelteKitPWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      kit: { adapterFallback: 'index.html', spa: true },
      manifest: {
        id: '/',
        name: 'VMark Web',
        short_name: 'VMark',
        description:
          'Markdown and GitHub Actions workflow editor that AI clients drive through MCP.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1f6feb',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['client/**/*.{js,css,ico,png,svg,webp,webmanifest,wasm,woff2}'],
        maximumFileSizeToCacheInBytes: 20 * 1024 * 1024,
        // Written after the service worker (bootstrapScriptPlugin), so not found by globPatterns.
        additionalManifestEntries: [{ url: BOOTSTRAP_FILE, revision: BUILD_REVISION }],
        // Take over open windows as soon as the shell is cached, so the app works offline at once.
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  // Fonts stay files (KaTeX's): the Content-Security-Policy admits fonts from the app only.
  build: { assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined) },
  worker: { format: 'es', plugins: () => [scopedScriptPlugin()] },
  test: {
    include: ['src/**/*.test.ts', 'relay/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['scripts/vitestSetup.ts'],
    // The relay's `#shared/…` imports (package.json "imports"), read from the sources as tsc does.
    alias: [
      {
        find: /^#shared\/(.*)\.js$/,
        replacement: `${fileURLToPath(new URL('./src/shared/', import.meta.url))}$1.ts`,
      },
    ],
  },
});
