// `node bench/profile.mjs [path] [--cpu-prof]`: one page of the app on the replayed upstream
// (bench/lib/replay.mjs): its median server time at one connection, its throughput at 20
// connections, and with `--cpu-prof` a CPU profile of the serving process under that load
// (bench/results/profiles/), summarised by self time per package and per function.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startReplay, upstreamEnv } from "./lib/replay.mjs";
import { signIn } from "./lib/servers.mjs";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const path = process.argv.slice(2).find((arg) => arg.startsWith("/")) ?? "/";
const profile = process.argv.includes("--cpu-prof");
const PROFILES = "bench/results/profiles";
const RUNS = 101;

/** User and system CPU time of a process so far, in ms (`/proc/<pid>/stat`, clock ticks of 10 ms). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The serving process alone (`--cpu-prof` is refused in NODE_OPTIONS, so not under the launcher). */
async function startServe(port, origin) {
  const child = spawn(
    process.execPath,
    [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${PROFILES}`] : []), "--max-old-space-size=192", "build/bin/serve.js"],
    {
      env: {
        ...process.env,
        ...upstreamEnv(origin),
        NODE_ENV: "production",
        PORT: String(port),
        LOG_LEVEL: "silent",
        SHUTDOWN_DELAY_MS: "0",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const app = { origin: `http://localhost:${port}`, mockOrigin: null };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`serve.js exited with ${child.exitCode}`);
    if (
      await fetch(`${app.origin}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  const exited = once(child, "exit");
  return { ...app, pid: child.pid, stop: () => (child.kill("SIGTERM"), exited) };
}

if (profile) mkdirSync(PROFILES, { recursive: true });
const before = new Set(profile ? readdirSync(PROFILES) : []);
const replay = await startReplay({ ports: { mock: 4561, replay: 4562 } });
const app = await startServe(3561, replay.origin).catch(async (error) => {
  await replay.stop();
  throw error;
});
try {
  const cookie = await signIn(app, { mockOrigin: replay.mockOrigin });
  await replay.record(app, [path], cookie);
  await replay.freeze();
  const times = [];
  const cpuBefore = cpuMsOf(app.pid);
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const response = await fetch(`${app.origin}${path}`, { headers: { Cookie: cookie } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  const cpuMs = (cpuMsOf(app.pid) - cpuBefore) / RUNS;
  times.sort((a, b) => a - b);
  const load = await autocannon({ url: `${app.origin}${path}`, connections: 20, duration: 8, headers: { cookie } });
  process.stdout.write(
    `${path}: median ${times[RUNS >> 1].toFixed(1)} ms at one connection, ${cpuMs.toFixed(1)} ms of CPU each; ${load.requests.average} req/s at 20, ${load.non2xx} non-2xx\n`,
  );
} finally {
  await app.stop();
  await replay.stop();
}

if (profile) {
  const file = readdirSync(PROFILES).find((name) => !before.has(name));
  process.stdout.write(`profile: ${PROFILES}/${file}\n`);
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(`${PROFILES}/${file}`, "utf8"));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (timeDeltas[index] ?? 0)));
  const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const packageOf = ({ url, functionName }) => {
    if (!url) return functionName.startsWith("(") ? functionName : "(native)";
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (match) return match[1];
    if (url.startsWith("node:")) return "node";
    return url.includes("/build/") ? "app" : url;
  };
  const sum = (keyOf) => {
    const totals = new Map();
    for (const [id, us] of selfUs) {
      const key = keyOf(byId.get(id).callFrame);
      totals.set(key, (totals.get(key) ?? 0) + us);
    }
    return [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25);
  };
  const print = (title, rows) => {
    process.stdout.write(`\n${title}\n`);
    for (const [key, us] of rows) process.stdout.write(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}\n`);
  };
  print("self time by package", sum(packageOf));
  print(
    "self time by function",
    sum((frame) => `${frame.functionName || "(anonymous)"} ${packageOf(frame)}:${frame.lineNumber + 1}`),
  );
}
