import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startProcess, type ServerProcess } from './processes.js';

/**
 * A scaled-out installation on this machine, as the README's production recipe runs it: a
 * fresh PostgreSQL database, one storage folder shared by every process, API processes
 * (`EMBEDDED_WORKER=false`) and job workers from the production build (`npm run build`), and
 * nginx in front. Used by the scale-out test and the load benchmark.
 */
export type Cluster = {
  /** The balancer's address, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The test's own connection to the cluster's database. */
  sql: pg.Pool;
  apis: ClusterProcess[];
  workers: ClusterProcess[];
  /** Starts API process `index` again, on its port, and waits until it is ready. */
  restartApi(index: number): Promise<ClusterProcess>;
  /** Starts the worker of this index again (after it was killed); resolves once it claims jobs. */
  restartWorker(index: number): Promise<ClusterProcess>;
  /** Another nginx, in front of the API processes of these indexes only; its address. */
  startBalancer(apiIndexes: number[]): Promise<string>;
  /** Ends every process (nginx too), drops the database and removes the folders. */
  stop(): Promise<void>;
};

export type ClusterProcess = {
  /** `api-1`, `worker-2`: also its `application_name` in `pg_stat_activity`. */
  name: string;
  /** Its own address (API processes only). */
  url: string | undefined;
  server: ServerProcess;
};

export type ClusterOptions = {
  /** A PostgreSQL server where the cluster may create (and at the end drop) a database. */
  serverUrl: string;
  apis: number;
  workers: number;
  /** Variables for every process, over the cluster's own. */
  env?: Record<string, string>;
};

const READY_TIMEOUT_MILLISECONDS = 90_000;
const NGINX = process.env.NGINX_BIN ?? 'nginx';

/** Every child of every cluster, ended if the test process exits without stopping them. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const folder = mkdtempSync(path.join(tmpdir(), 'neuron-cluster-'));
  const database = await createDatabase(options.serverUrl);
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  // The pool's end answers before its clients' connections are closed; the database is dropped
  // (its connections terminated) only once they are, or a closing client fails.
  const clients = new Set<pg.PoolClient>();
  sql.on('connect', (client) => {
    clients.add(client);
    client.once('end', () => clients.delete(client));
  });
  const apis: ClusterProcess[] = [];
  const workers: ClusterProcess[] = [];
  const balancers: ServerProcess[] = [];
  const env = {
    DATA_DIR: path.join(folder, 'data'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    EMBEDDED_WORKER: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_MAX: '1000000',
    SANDBOX_SEPA_DELAY_SECONDS: '1',
    WEB_DIST: path.join(folder, 'no-web-app'),
    ...options.env,
  };
  const databaseUrlOf = (name: string) => `${database.url}?application_name=${name}`;
  const apiPorts: number[] = [];
  const startApi = async (index: number): Promise<ClusterProcess> => {
    const name = `api-${String(index + 1)}`;
    const port = (apiPorts[index] ??= await freePort());
    const server = track(
      startProcess('dist/main.js', {
        ...env,
        DATABASE_URL: databaseUrlOf(name),
        PORT: String(port),
      }),
    );
    const url = `http://127.0.0.1:${String(port)}`;
    await waitReady(url, server, name);
    const api = { name, url, server };
    apis[index] = api;
    return api;
  };
  const stop = async () => {
    const running = [...apis, ...workers].map((member) => member.server).concat(balancers);
    await Promise.all(running.map((server) => end(server)));
    const closed = [...clients].map((client) => once(client, 'end'));
    await sql.end();
    await Promise.all(closed);
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  };

  const startBalancer = async (apiIndexes: number[]): Promise<string> => {
    const port = await freePort();
    const upstreamPorts = apiIndexes.map((index) => apiPorts[index] ?? 0);
    const nginx = startNginx({ folder, port, upstreamPorts });
    balancers.push(nginx);
    const url = `http://127.0.0.1:${String(port)}`;
    await waitReady(url, nginx, 'nginx');
    return url;
  };

  const launchWorker = (index: number): ClusterProcess => {
    const name = `worker-${String(index + 1)}`;
    const server = track(
      // Its start line is at `info`: how the cluster knows it is up.
      startProcess('dist/worker.js', {
        ...env,
        LOG_LEVEL: 'info',
        DATABASE_URL: databaseUrlOf(name),
      }),
    );
    const worker = { name, url: undefined, server };
    workers[index] = worker;
    return worker;
  };
  const restartWorker = async (index: number): Promise<ClusterProcess> => {
    const worker = launchWorker(index);
    await waitWorkerStarted(worker);
    return worker;
  };

  try {
    // The first process migrates and seeds the new database; the others find it done.
    await startApi(0);
    await Promise.all(Array.from({ length: options.apis - 1 }, (_, index) => startApi(index + 1)));
    for (let index = 0; index < options.workers; index++) launchWorker(index);
    const url = await startBalancer(apis.map((_, index) => index));
    await Promise.all(workers.map((worker) => waitWorkerStarted(worker)));
    return { url, sql, apis, workers, restartApi: startApi, restartWorker, startBalancer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function track(server: ServerProcess): ServerProcess {
  children.add(server.child);
  void server.exited.then(() => children.delete(server.child));
  return server;
}

/** SIGTERM, then SIGKILL if it has not ended within a few seconds. */
async function end(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 8_000);
  await server.exited;
  clearTimeout(timer);
}

async function createDatabase(serverUrl: string) {
  const name = `scale_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * nginx as a child process (not a daemon), its configuration and temporary files in the
 * cluster's folder. A request that cannot reach an API process (refused, reset before an
 * answer) goes to the other one; one already sent is not repeated (nginx never retries a
 * POST it has sent), so only those in flight on a process that dies fail.
 */
function startNginx(options: { folder: string; port: number; upstreamPorts: number[] }) {
  const dir = path.join(options.folder, `nginx-${String(options.port)}`);
  mkdirSync(dir);
  // The worker processes run as an unprivileged user when nginx is started as root.
  chmodSync(options.folder, 0o755);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, temp));
    chmodSync(path.join(dir, temp), 0o777);
  }
  const upstreams = options.upstreamPorts
    .map((port) => `    server 127.0.0.1:${String(port)} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  const config = `
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  # nginx closes a client's kept-alive connection after 1,000 requests by default, and a client
  # that has already sent its next request on it sees a reset: bench:scale counted 1 to 6.
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 100m;
  upstream api {
${upstreams}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${String(options.port)};
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.once('error', (error) => {
      output += `${error.message} (is nginx installed? apt-get install -y nginx)`;
      resolve(null);
    });
  });
  return track({ child, output: () => output, exited });
}

/** Polls `/api/health/ready` until it answers 200; a process that exits first fails it. */
async function waitReady(url: string, server: ServerProcess, name: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MILLISECONDS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`${name} exited before it was ready:\n${server.output()}`);
    try {
      const response = await fetch(`${url}/api/health/ready`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${name} was not ready within ${String(READY_TIMEOUT_MILLISECONDS)} ms:\n${server.output()}`,
  );
}

async function waitWorkerStarted(worker: ClusterProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MILLISECONDS;
  while (Date.now() < deadline) {
    if (worker.server.child.exitCode !== null) {
      throw new Error(`${worker.name} exited:\n${worker.server.output()}`);
    }
    if (worker.server.output().includes('job worker started')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${worker.name} did not start:\n${worker.server.output()}`);
}
