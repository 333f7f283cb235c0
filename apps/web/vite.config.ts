import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a Brotli and a gzip copy beside every text file of the build, once, so that the
 * server sends them as they are (`preCompressed`) instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  const compressDir = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) compressDir(file);
      else if (COMPRESSIBLE.test(name) && statSync(file).size > 1024) {
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    }
  };
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      compressDir(outDir);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
