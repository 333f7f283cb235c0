// Measures the JavaScript each public route downloads, gzipped, from the built web app.
// Run after `npm run build`: node bench/web-weight.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));

const ROUTES = {
  '/sign-in': 'src/features/auth/pages/sign-in-page.tsx',
  '/sign-up': 'src/features/auth/pages/sign-up-page.tsx',
  '/home': 'src/features/home/pages/home-page.tsx',
  '/account/profile': 'src/features/account/pages/profile-page.tsx',
};

/** The chunk files a key loads before it runs: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipSize = (file) => gzipSync(readFileSync(path.join(DIST, file))).length;
const entry = staticClosure('index.html');

const rows = Object.entries(ROUTES).map(([route, key]) => {
  if (!manifest[key])
    throw new Error(`${key} is not a chunk of the build: is the route still lazy?`);
  const files = staticClosure(key, new Set(entry));
  const js = [...files].filter((file) => file.endsWith('.js'));
  const bytes = js.reduce((sum, file) => sum + gzipSize(file), 0);
  return { route, chunks: js.length, 'gzip kB': (bytes / 1000).toFixed(1) };
});
console.table(rows);
