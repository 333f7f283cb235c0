#!/usr/bin/env node
// An engine's build (`npm run build -w packages/<engine>`): its command line `src/cli.ts`
// bundled into `dist/cli.js`, which `node` runs as it is.
import { buildForNode } from './build.mjs';

await buildForNode({ directory: process.cwd(), entryPoints: { cli: 'src/cli.ts' } });
