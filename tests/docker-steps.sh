#!/usr/bin/env bash
# Replays the Dockerfile in a temporary copy of the repo: the build steps, then the image's
# start command with the production dependencies only, and checks /healthz.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
port=${DOCKER_STEPS_PORT:-3190}
# Only the server is stopped: `kill 0` would end this script's whole process group (npm test).
trap 'if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

# The repo's files as git sees them (tracked, and new ones not ignored): never the outputs other
# stages are writing at the same time (build/, test-results/, caches), which tar would trip on.
git -C "$root" ls-files -z --cached --others --exclude-standard \
  | tar -C "$root" --null --ignore-failed-read -T - -cf - | tar -C "$work" -xf -
cd "$work"
# The dependencies `npm install` put in the repo, linked, not copied (the image's install from the
# lockfile is the one .ci/run makes on a clean clone): the steps' own `npm install` then finds them
# in place, and `npm prune` unlinks the dev ones here only. Its hidden lockfile, which npm rewrites,
# is a copy. Where links cannot be made (another file system), the steps install from scratch.
if [ -d "$root/node_modules" ] && cp -al "$root/node_modules" node_modules 2>/dev/null; then
  rm node_modules/.package-lock.json && cp "$root/node_modules/.package-lock.json" node_modules/
else
  rm -rf node_modules
fi
sh scripts/docker/build-steps.sh > build.log 2>&1 || { tail -40 build.log; exit 1; }
test ! -d node_modules/@playwright/test || { echo "dev dependencies left in the image"; exit 1; }
test -f build/bin/pdf-worker.js || { echo "docker steps: the PDF renderer's worker bundle is missing"; exit 1; }
# The PDF renderer's worker reads pdf.js's CMaps and standard fonts from the production dependencies.
for data in cmaps/UniJIS-UCS2-H.bcmap cmaps/Adobe-Japan1-UCS2.bcmap standard_fonts/FoxitSerif.pfb standard_fonts/LiberationSans-Regular.ttf; do
  test -f "node_modules/pdfjs-dist/$data" || { echo "docker steps: pdfjs-dist/$data missing"; exit 1; }
done

probe() { node -e "fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "$1"; }

NODE_ENV=production DEMO_MODE=1 PORT=$port MOCK_PORT=$((port + 1)) LOG_LEVEL=silent node build/bin/start.js &
pid=$!
# Up to 60 s: npm test runs these steps at the lowest priority beside the serial stage.
for _ in $(seq 1 200); do
  if probe "http://127.0.0.1:$port/healthz"; then
    probe "http://127.0.0.1:$port/readyz" || { echo "docker steps: /readyz failed"; exit 1; }
    kill -TERM "$pid"
    status=0
    wait "$pid" || status=$?
    pid=
    [ "$status" -eq 0 ] || { echo "docker steps: the server exited $status after SIGTERM"; exit 1; }
    echo "docker steps: 1 passed, 0 failed"
    exit 0
  fi
  sleep 0.3
done
echo "docker steps: /healthz never answered"
exit 1
