# syntax=docker/dockerfile:1
# CleanProof's production image: the README's production start (npm run build once, then the built
# server on production dependencies only), as an unprivileged user. compose.yaml runs a fleet of it.
#   docker build -t cleanproof .
#   docker run -p 5000:5000 -e APP_URL=https://photos.example.com -e ADMIN_PASSWORD=... -e METRICS_TOKEN=... -e SMTP_URL=... cleanproof
# It listens on 0.0.0.0, so it is a public server with the production checks; a trial on your own
# machine with a local APP_URL needs -e ALLOW_INSECURE_LOCAL=true (logged as a warning).
# Node 22 LTS by default (CI tests 20 and 22); --build-arg NODE_VERSION=24 for Node 24.
ARG NODE_VERSION=22

# 1. Build: every dependency, then the web app (vite) and the server (tsc) into dist/.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only: no vite, typescript, tsx or test tools.
FROM node:${NODE_VERSION}-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. Run: what `npm run start:prod` needs (dist/, the SQL migrations, production node_modules).
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/app/data
WORKDIR /app
COPY package.json ./
COPY drizzle ./drizzle
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The code stays root's and read-only to the server; only DATA_DIR (outbox, PGlite when no
# DATABASE_URL) is the node user's.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm run start:prod` runs, without npm in between: SIGTERM reaches the server directly.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
