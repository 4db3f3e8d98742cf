# syntax=docker/dockerfile:1
# Health Chat in a container: the steps of tests/operations/production-layout.test.ts, which CI runs (this image is
# not built in CI: the machines there have no container runtime). Build with the dev dependencies, then run the
# build with production dependencies only.
#   docker build -t health-chat .
#   docker run -p 3000:3000 -v health-chat-data:/data -e OPENAI_BASE_URL=… health-chat
# compose.yaml runs it with PostgreSQL.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
# --legacy-peer-deps keeps the build tools out: better-auth names vitest and drizzle-kit as optional peers, and npm
# installs a devDependency that is also an optional peer of a production one even with --omit=dev (npm/cli#7772).
RUN npm ci --omit=dev --legacy-peer-deps --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist

# The code stays root's and read-only; the server writes only to DATA_DIR (PGlite, the generated AUTH_SECRET, the
# mail outbox), a volume that belongs to the unprivileged `node` user of the base image, mode 0700: the server
# refuses to start on a DATA_DIR other users may read (a new named volume takes this folder's owner and mode).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/index.js"]
