// The production build: the server's entry points compiled to plain JavaScript in `dist/`,
// with the workspace packages (`@app/*`, TypeScript sources) bundled in and every npm package
// left to `node_modules`. `node dist/main.js` then starts without a transpiler.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildForNode } from '@app/engine-kit/build';

const started = Date.now();
await buildForNode({
  directory: path.dirname(fileURLToPath(import.meta.url)),
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'admin-create': 'src/admin-create.ts',
    backup: 'src/backup.ts',
    restore: 'src/restore.ts',
    // The CPU pool's threads load `tasks.js` beside the entry (platform/cpu/cpu-pool.ts).
    tasks: 'src/platform/cpu/tasks.ts',
  },
  sourcemap: true,
});
console.log(`built apps/server/dist in ${Date.now() - started} ms`);
