// The production build: the server's entry points compiled to plain JavaScript in `dist/`,
// with the workspace packages (`@app/*`, TypeScript sources) bundled in and every npm package
// left to `node_modules`. `node dist/main.js` then starts without a transpiler.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
const DIST_DIR = path.join(SERVER_DIR, 'dist');

/**
 * Bare imports stay external, except the workspace's own packages, which have no build, and
 * JSON files (Node would need an import attribute for them).
 */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/**
 * Files found beside a source (migrations, seed data, models) are addressed from
 * `import.meta.url`. Bundled, that would be the bundle's address: each such address is made
 * the source file's again, relative to `dist/`, so the same files are read.
 */
const sourceAddresses = {
  name: 'source-addresses',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const relative = path.relative(DIST_DIR, args.path).split(path.sep).join('/');
      const address = `new URL(${JSON.stringify(relative)}, import.meta.url)`;
      const contents = source
        .replace(/(new URL\((['"`])[^'"`]*\2,\s*)import\.meta\.url\)/g, `$1${address})`)
        .replace(/createRequire\(import\.meta\.url\)/g, `createRequire(${address})`);
      return { contents, loader: 'ts' };
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: SERVER_DIR,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'admin-create': 'src/admin-create.ts',
    backup: 'src/backup.ts',
    restore: 'src/restore.ts',
    // The CPU pool's threads load `tasks.js` beside the entry (platform/cpu/cpu-pool.ts).
    tasks: 'src/platform/cpu/tasks.ts',
  },
  outdir: DIST_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, sourceAddresses],
});
console.log(`built apps/server/dist in ${Date.now() - started} ms`);
