# syntax=docker/dockerfile:1
# The production image (README "Production recipe"): the compiled server and worker, the built
# web app, and the sources the compiled files read beside them (migrations, seed data, models).
# One image, two commands: `node apps/server/dist/main.js` (API) and
# `node apps/server/dist/worker.js` (job worker), as in compose.yaml and `npm run test:scale`.

FROM node:20.19.5-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund \
  && npm run build \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:20.19.5-bookworm-slim AS runtime
# pg_dump and pg_restore for `npm run backup` / `npm run restore` (PostgreSQL 15, as compose.yaml's).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data \
  EMBEDDED_WORKER=false \
  TRUST_PROXY=true
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
