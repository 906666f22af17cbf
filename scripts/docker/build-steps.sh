#!/bin/sh
# The image's build steps, shared by the Dockerfile and by tests/docker-steps.sh (no Docker
# engine runs here, so the test replays these same commands in a temporary copy of the repo).
set -eu
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm install --no-audit --no-fund
npm run build
npm prune --omit=dev --no-audit --no-fund
