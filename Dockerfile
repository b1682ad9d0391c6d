# UAP: one image for every instance. Build: docker build -t uap .
# Runs `node --import tsx packages/server/src/main.ts` as an unprivileged user on port 3000, with
# the built web app; the database comes from DATABASE_URL (PostgreSQL for several instances).

# --- build: every dependency, then the web app -----------------------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages packages
COPY scripts scripts
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# --- run: the server's dependencies, its sources and the built web app ------------------------
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    UAP_DATA_DIR=/data \
    WEB_DIST_DIR=/app/packages/web/dist
WORKDIR /app
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/packages/domain packages/domain
COPY --from=build --chown=root:root /app/packages/server packages/server
COPY --from=build --chown=root:root /app/packages/web/dist packages/web/dist
COPY --from=build --chown=root:root /app/packages/web/package.json packages/web/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains the instance (README: SHUTDOWN_DELAY_SECONDS, SHUTDOWN_GRACE_SECONDS).
STOPSIGNAL SIGTERM
CMD ["node", "--max-semi-space-size=64", "--min-semi-space-size=64", "--import", "tsx", "packages/server/src/main.ts"]
