# Multi-stage image: build with dev dependencies, run with production ones as a non-root user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN sh scripts/docker/build-steps.sh

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000
# The PDF renderer draws text in CJK fonts a file does not embed with Noto CJK (docs/decisions/022).
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-noto-cjk \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/mock/files ./mock/files
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Demo: `docker run -e DEMO_MODE=1 academia`; production: LEGACY_API_URL and the secrets (README,
# docs/operations.md). With neither, the launcher exits at once saying what to set.
# PID 1 is the launcher: it validates the configuration, forwards SIGTERM to the app server and
# starts it again within a second when it dies unasked (decision 052); after more than 5 crashes in
# a minute it exits non-zero, so run the container with a restart policy (`--restart
# unless-stopped`, compose's `restart:`, Kubernetes' default) to have it restarted then.
CMD ["node", "build/bin/start.js"]
