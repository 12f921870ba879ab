# syntax=docker/dockerfile:1
# The shop as a container image: docs/deploy.md says how to run it, alone or with compose.yaml.
# Its install and build commands are plain commands that work outside Docker too: cluster/src/dockerfile.test.ts
# carries this file out in a clean clone (no Docker daemon runs where the tests run) and starts the result.

# Build: every dependency, then the web app (apps/web/dist for browsers, apps/web/dist-server for rendering) and
# the server (apps/api/dist: the API and the contract as JavaScript, with the migrations).
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests alone first, so the install is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY cluster/package.json cluster/
# npm's cache is a build cache (BuildKit), never a layer of the image.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: production dependencies only, the built server and web app, and the API's and the contract's sources
# for the command-line tools (`npm run seed`, reconciliation), which run their TypeScript through tsx.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY cluster/package.json cluster/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/packages/contract/src packages/contract/src
COPY --from=build /app/apps/api/src apps/api/src
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
COPY --from=build /app/deploy/healthcheck.mjs deploy/healthcheck.mjs
# DATA_DIR: the dev mailbox without SMTP_URL, the embedded database without DATABASE_URL, images without S3_BUCKET.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
# The node image's own unprivileged user; the files above stay root's, so the shop cannot change its code.
USER node
EXPOSE 3000
# Ready means the database answers (Redis down is reported, not refused); an instance told to stop answers 503 at once.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# node itself, not npm or the tsx command: SIGTERM reaches the shop, which drains before it exits within
# SHUTDOWN_DELAY_SECONDS + SHUTDOWN_GRACE_SECONDS (5 + 4 s), inside `docker stop`'s default 10 s. Raise either and
# give `docker stop --time` (compose: stop_grace_period) more than their sum.
CMD ["node", "--heap-growing-percent=50", "--max-old-space-size=256", "apps/api/dist/server.js"]
