import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  EDGE_OPERATING_SYSTEMS,
  EDGE_VERSION,
  type EdgeOperatingSystem,
  type TEdgePackage,
} from '@app/contracts/nucleus-edge';
import { build } from 'esbuild';
import { zipSync, type ZippableFile } from 'fflate';
import { create as createTar } from 'tar';
import type { Storage } from '../../platform/storage.js';

/**
 * The edge packages: the engine's command line (packages/synth/src/cli.ts) bundled by esbuild
 * into one ES module with its dependencies, a launcher that runs it with the customer's
 * Node.js, a README and the files' SHA-256 sums; a .tar.gz for Linux and macOS, a .zip for
 * Windows. They are built on the first request of a process and kept in storage under the
 * bundle's own hash, so a changed engine gets new packages and an unchanged one is not packed
 * twice.
 */

/** Every file of an archive carries this date, so the same bundle packs to the same bytes. */
const ARCHIVE_DATE = new Date('2026-01-01T00:00:00Z');
const BUNDLE_FILE = 'sinteza.mjs';
const MIN_NODE_MAJOR = 20;

export type EdgePackage = TEdgePackage & { key: string };

type ArchiveFile = { name: string; body: Buffer; isExecutable: boolean };

/** The command line's entry: beside the engine package's index. */
function cliEntry(): string {
  const index = createRequire(import.meta.url).resolve('@app/synth');
  return path.join(path.dirname(index), 'cli.ts');
}

async function bundleCli(): Promise<Buffer> {
  const result = await build({
    entryPoints: [cliEntry()],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${String(MIN_NODE_MAJOR)}`,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    define: { 'process.env.SINTEZA_EDGE_VERSION': JSON.stringify(EDGE_VERSION) },
    // The CommonJS dependencies (papaparse, xlsx) require Node's own modules.
    banner: {
      js: "import { createRequire as __sintezaRequire } from 'node:module';\nconst require = __sintezaRequire(import.meta.url);",
    },
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle of the Sinteza command line');
  return Buffer.from(output.contents);
}

function sha256(body: Buffer | Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

const SH_LAUNCHER = `#!/bin/sh
# Runs the Sinteza edge command line with this machine's Node.js (${String(MIN_NODE_MAJOR)} or later).
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
  echo "sinteza: Node.js ${String(MIN_NODE_MAJOR)} or later is needed: https://nodejs.org" >&2
  exit 127
fi
if ! node -e "process.exit(Number(process.versions.node.split('.')[0]) >= ${String(MIN_NODE_MAJOR)} ? 0 : 1)"; then
  echo "sinteza: Node.js ${String(MIN_NODE_MAJOR)} or later is needed, this is $(node --version)" >&2
  exit 127
fi
exec node "$here/${BUNDLE_FILE}" "$@"
`;

const CMD_LAUNCHER = [
  '@echo off',
  `rem Runs the Sinteza edge command line with this machine's Node.js (${String(MIN_NODE_MAJOR)} or later).`,
  'where node >nul 2>nul',
  `if errorlevel 1 (echo sinteza: Node.js ${String(MIN_NODE_MAJOR)} or later is needed: https://nodejs.org 1>&2 & exit /b 127)`,
  `node "%~dp0${BUNDLE_FILE}" %*`,
  '',
].join('\r\n');

function readme(opsys: EdgeOperatingSystem): string {
  const launcher = opsys === 'windows' ? 'sinteza.cmd' : './sinteza';
  return `# Sinteza edge ${EDGE_VERSION} (${opsys})

The Nucleus synthetic data engine's command line, to run on your own machine: your data never
leaves it. It needs Node.js ${String(MIN_NODE_MAJOR)} or later (https://nodejs.org); nothing else is installed.

Files: \`${BUNDLE_FILE}\` (the engine, one file), \`${launcher.replace('./', '')}\` (runs it with your
Node.js), \`SHA256SUMS\` (the SHA-256 of each file: \`sha256sum -c SHA256SUMS\`).

    ${launcher} algorithms
    ${launcher} profile customers.csv
    ${launcher} synthesize --algorithm bayesian-network --rows 1000 --seed 1 --format csv customers.csv > synthetic.csv
    ${launcher} report customers.csv synthetic.csv
    ${launcher} convert --format parquet synthetic.csv > synthetic.parquet

Run \`${launcher}\` alone for every command and option. Input files are CSV, Parquet or XLSX.

## Usage reports

With \`--report-usage URL --token TOKEN\` (the address and token that "Refresh edge token" on the
Nucleus edge page shows), \`synthesize\` tells the platform what it did once it is done: the
command, the algorithm, the number of rows, how long it took and this version. No data, column
name or file name is sent. When the platform cannot be reached the command still succeeds and
says on standard error that the report was not sent.
`;
}

function archiveFiles(opsys: EdgeOperatingSystem, bundle: Buffer): ArchiveFile[] {
  const files: ArchiveFile[] = [
    { name: BUNDLE_FILE, body: bundle, isExecutable: false },
    opsys === 'windows'
      ? { name: 'sinteza.cmd', body: Buffer.from(CMD_LAUNCHER), isExecutable: false }
      : { name: 'sinteza', body: Buffer.from(SH_LAUNCHER), isExecutable: true },
    { name: 'README.md', body: Buffer.from(readme(opsys)), isExecutable: false },
  ];
  const sums = files.map((file) => `${sha256(file.body)}  ${file.name}\n`).join('');
  return [...files, { name: 'SHA256SUMS', body: Buffer.from(sums), isExecutable: false }];
}

function folderName(opsys: EdgeOperatingSystem): string {
  return `sinteza-edge-${EDGE_VERSION}-${opsys}`;
}

async function tarGz(folder: string, files: ArchiveFile[]): Promise<Buffer> {
  const staging = await mkdtemp(path.join(tmpdir(), 'sinteza-edge-'));
  try {
    await mkdir(path.join(staging, folder));
    for (const file of files) {
      const target = path.join(staging, folder, file.name);
      await writeFile(target, file.body);
      await chmod(target, file.isExecutable ? 0o755 : 0o644);
    }
    const archive = path.join(staging, 'package.tar.gz');
    await createTar(
      { gzip: true, cwd: staging, file: archive, portable: true, mtime: ARCHIVE_DATE },
      [folder],
    );
    return await readFile(archive);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function zip(folder: string, files: ArchiveFile[]): Buffer {
  const entries = Object.fromEntries(
    files.map((file): [string, ZippableFile] => [
      `${folder}/${file.name}`,
      [file.body, { mtime: ARCHIVE_DATE }],
    ]),
  );
  return Buffer.from(zipSync(entries, { level: 9 }));
}

async function packAll(storage: Storage): Promise<EdgePackage[]> {
  const bundle = await bundleCli();
  const prefix = `nucleus/edge/${EDGE_VERSION}/${sha256(bundle).slice(0, 16)}`;
  const manifestKey = `${prefix}/manifest.json`;
  const stored = await storage.get(manifestKey);
  if (stored) return JSON.parse(stored.body.toString('utf8')) as EdgePackage[];

  const packages: EdgePackage[] = [];
  for (const opsys of EDGE_OPERATING_SYSTEMS) {
    const folder = folderName(opsys);
    const files = archiveFiles(opsys, bundle);
    const isWindows = opsys === 'windows';
    const body = isWindows ? zip(folder, files) : await tarGz(folder, files);
    const fileName = `${folder}${isWindows ? '.zip' : '.tar.gz'}`;
    const key = `${prefix}/${fileName}`;
    await storage.put(key, body, isWindows ? 'application/zip' : 'application/gzip');
    packages.push({
      opsys,
      version: EDGE_VERSION,
      fileName,
      sizeBytes: body.byteLength,
      sha256: sha256(body),
      key,
    });
  }
  await storage.put(manifestKey, Buffer.from(JSON.stringify(packages)), 'application/json');
  return packages;
}

/** One build per storage and process, shared by concurrent first requests; retried after a failure. */
const builds = new WeakMap<Storage, Promise<EdgePackage[]>>();

export function edgePackages(storage: Storage): Promise<EdgePackage[]> {
  let packages = builds.get(storage);
  if (!packages) {
    packages = packAll(storage);
    builds.set(storage, packages);
    void packages.catch(() => builds.delete(storage));
  }
  return packages;
}
