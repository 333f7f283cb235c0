import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: {
    // `/v1` is the neurons' public API (the anonymizer), served beside `/api`.
    proxy: { '/api': 'http://localhost:3000', '/v1': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // The manifest lets a check sum what each route loads (the sign-in budget).
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Page tests render MUI and charts in jsdom: a few seconds each on a quiet machine, more
    // while CI runs the other projects beside them on two cores.
    testTimeout: 30_000,
  },
});
