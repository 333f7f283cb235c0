/**
 * How a production process is started: the Dockerfile's CMD, compose.yaml's services and the
 * scale-out test run these same commands from the repository's root after `npm run build`.
 */
export const PROCESS_COMMANDS = {
  api: ['node', 'apps/server/dist/main.js'],
  worker: ['node', 'apps/server/dist/worker.js'],
} as const;

/** The liveness address every API process answers (README "Scaling out"). */
export const LIVENESS_PATH = '/api/health/live';
