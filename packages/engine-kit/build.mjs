// The production build of the server and of the engines' command lines: TypeScript entry points
// compiled to plain JavaScript, with the workspace packages (`@app/*`, TypeScript sources, which
// have no build of their own) bundled in and every npm package left to `node_modules`, so that
// `node dist/<entry>.js` starts without a transpiler.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

/** Bare imports stay external, except the workspace's own packages and JSON files (Node would need an import attribute for them). */
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
 * the source file's again, relative to `outdir`, so the same files are read.
 */
function sourceAddresses(outdir) {
  return {
    name: 'source-addresses',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const address = `new URL(${JSON.stringify(relative)}, import.meta.url)`;
        const contents = source
          .replace(/(new URL\((['"`])[^'"`]*\2,\s*)import\.meta\.url\)/g, `$1${address})`)
          .replace(/createRequire\(import\.meta\.url\)/g, `createRequire(${address})`);
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * Bundles `entryPoints` (name: source, relative to `directory`) into `directory/dist`, one ES
 * module per entry; with `sourcemap` the files' own lines show in stack traces.
 */
export async function buildForNode({ directory, entryPoints, sourcemap = false }) {
  const outdir = path.join(directory, 'dist');
  await build({
    absWorkingDir: directory,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    logLevel: 'warning',
    plugins: [externalPackages, sourceAddresses(outdir)],
  });
}
