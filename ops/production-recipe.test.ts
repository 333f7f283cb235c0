import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/server/src/config.js';
import { composeSchemaProblems, parseCompose, type ComposeFile } from './compose-rules.js';
import { dockerfileProblems } from './dockerfile-rules.js';
import { PROCESS_COMMANDS } from './process-commands.js';

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const DOCKERFILE = read('Dockerfile');
const COMPOSE_TEXT = read('compose.yaml');
const compose = parseCompose(COMPOSE_TEXT) as ComposeFile;
const NGINX = read('ops/nginx.conf');

const API_SERVICES = ['api-1', 'api-2'];
const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
];
/** An operator's `.env` beside compose.yaml, as README "Production recipe" lists it. */
const OPERATOR_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: 'postgres-password',
  JWT_SECRET: 'a-secret-of-at-least-thirty-two-characters',
  S3_ACCESS_KEY: 'neuron',
  S3_SECRET_KEY: 's3-secret-key',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  SELLER_LEGAL_NAME: 'Acme Cloud S.A.',
  SELLER_NIF: 'A28000000',
  SELLER_ADDRESS: 'Gran Vía 2, 28013 Madrid',
  PUBLIC_URL: 'https://neuron.example.com',
};

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?error}`. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, kind: string | undefined, rest: string) => {
      const found = given[name];
      if (found) return found;
      if (kind === '?') throw new Error(`compose refuses to start: ${rest}`);
      return kind === '-' ? rest : '';
    },
  );
}

describe('Dockerfile', () => {
  it('keeps the image rules: pinned bases, multi-stage, npm ci, non-root, liveness check, the API command', () => {
    expect(dockerfileProblems(DOCKERFILE)).toEqual([]);
  });

  it('names each broken rule of a careless Dockerfile', () => {
    const careless = [
      'FROM node:latest',
      'WORKDIR /app',
      'COPY . .',
      'RUN npm install && apt-get install -y postgresql-client',
      'CMD npm start',
    ].join('\n');
    expect(dockerfileProblems(careless)).toEqual([
      'the build is not multi-stage',
      'base image node:latest is not pinned to an exact version',
      'the final stage runs as root',
      'no HEALTHCHECK asks /api/health/live',
      'CMD is not ["node","apps/server/dist/main.js"] in exec form',
      'dependencies are not installed with npm ci',
      'npm install is used (npm ci keeps the lock file)',
      'apt-get install without --no-install-recommends',
      'apt lists are left in the image',
    ]);
  });

  it("builds, with the image's `npm run build`, every workspace package that has a build", () => {
    const rootBuild = (JSON.parse(read('package.json')) as { scripts: { build: string } }).scripts
      .build;
    const workspaces = ['apps', 'packages'].flatMap((folder) =>
      readdirSync(new URL(`../${folder}`, import.meta.url)).map((name) => `${folder}/${name}`),
    );
    const built = workspaces.filter((workspace) => {
      const manifest = JSON.parse(read(`${workspace}/package.json`)) as {
        scripts?: { build?: string };
      };
      return manifest.scripts?.build !== undefined;
    });
    expect(built).toEqual(expect.arrayContaining(['apps/server', 'packages/synth']));
    for (const workspace of built) expect(rootBuild).toContain(`npm run build -w ${workspace}`);
  });

  it('counts a USER switched back to root in the final stage as root', () => {
    const backToRoot = DOCKERFILE.replace(/^USER node$/m, 'USER node\nUSER root');
    expect(dockerfileProblems(backToRoot)).toEqual(['the final stage runs as root']);
  });
});

describe('compose.yaml', () => {
  it('is valid against the Compose Specification schema', () => {
    expect(composeSchemaProblems(compose)).toEqual([]);
  });

  it('is refused by the schema when a service carries an unknown key or a wrong type', () => {
    const broken = parseCompose(
      COMPOSE_TEXT.replace(
        '    restart: unless-stopped\n',
        '    restart: unless-stopped\n    replicas: 2\n',
      ).replace('      retries: 10\n', '      retries: ten\n'),
    );
    const problems = composeSchemaProblems(broken);
    expect(problems).toContainEqual(expect.stringContaining('must NOT have additional properties'));
    expect(problems).toContainEqual(expect.stringMatching(/healthcheck\/retries must be/));
  });

  it('runs PostgreSQL, an S3 store, a mail catcher, two API processes, a worker and a balancer', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api-1', 'api-2', 'mailpit', 'minio', 'minio-bucket', 'nginx', 'postgres', 'worker'].sort(),
    );
  });

  it('starts the API and the worker with the commands of the image and of the scale-out test', () => {
    for (const name of API_SERVICES) {
      expect(compose.services[name]?.command).toEqual(PROCESS_COMMANDS.api);
    }
    expect(compose.services.worker?.command).toEqual(PROCESS_COMMANDS.worker);
    // Both are entries the server's production build writes.
    const build = read('apps/server/build.mjs');
    expect(build).toContain("main: 'src/main.ts'");
    expect(build).toContain("worker: 'src/worker.ts'");
    // The scale-out test starts the same two files (its processes run in apps/server).
    const cluster = read('apps/server/src/test/cluster.ts');
    expect(PROCESS_COMMANDS.api).toEqual(['node', 'apps/server/dist/main.js']);
    expect(PROCESS_COMMANDS.worker).toEqual(['node', 'apps/server/dist/worker.js']);
    expect(cluster).toContain("startProcess('dist/main.js'");
    expect(cluster).toContain("startProcess('dist/worker.js'");
  });

  it('gives every app process the same database, mail, S3 storage and secret, in production mode', () => {
    const appServices = [...API_SERVICES, 'worker'].map((name) => compose.services[name]);
    const environments = appServices.map((service) => service?.environment ?? {});
    for (const environment of environments) {
      expect(environment).toEqual(environments[0]);
      expect(environment).toMatchObject({
        NODE_ENV: 'production',
        EMBEDDED_WORKER: 'false',
        TRUST_PROXY: 'true',
      });
      expect(environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(environment.SMTP_URL).toBe('smtp://mailpit:1025');
      expect(environment.S3_ENDPOINT).toBe('http://minio:9000');
      expect(Object.keys(environment)).toEqual(
        expect.arrayContaining([...S3_VARIABLES, 'JWT_SECRET']),
      );
    }
    for (const service of appServices) expect(service?.image).toBe(appServices[0]?.image);
  });

  it("lists in the README's .env the variables an operator sets", () => {
    const envFile = /cat > \.env <<'ENV'\n([\s\S]*?)\nENV\n/.exec(read('README.md'))?.[1] ?? '';
    const listed = envFile.split('\n').map((line) => line.split('=')[0]);
    expect(listed.sort()).toEqual(Object.keys(OPERATOR_ENV).sort());
  });

  it('starts its app processes in production with that .env, the invoices naming its seller', () => {
    for (const service of [...API_SERVICES, 'worker']) {
      const environment = Object.entries(compose.services[service]?.environment ?? {}).map(
        ([name, value]) => [name, interpolate(value, OPERATOR_ENV)] as const,
      );
      const config = loadConfig({
        ...Object.fromEntries(environment),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'compose-config-')),
      });
      expect(config.env).toBe('production');
      expect(config.seller).toEqual({
        legalName: 'Acme Cloud S.A.',
        nif: 'A28000000',
        address: 'Gran Vía 2, 28013 Madrid',
      });
    }
  });

  it('pins every image it does not build', () => {
    const pulled = Object.entries(compose.services).filter(([, service]) => !service.build);
    for (const [name, service] of pulled) {
      expect(service.image, name).toMatch(/:(v?\d+\.\d+(\.\d+)?[\w.-]*|RELEASE\.[\w.-]+)$/);
    }
  });

  it('balances over both API processes on the port they listen on', () => {
    for (const name of API_SERVICES) expect(NGINX).toContain(`server ${name}:3000`);
    const nginx = compose.services.nginx;
    expect(Object.keys(nginx?.depends_on ?? {}).sort()).toEqual(API_SERVICES);
    expect(COMPOSE_TEXT).toContain('./ops/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });
});
