import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, request } from "node:http";
import { connect } from "node:net";
import { setPriority } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";

/**
 * The red team's attacks of issue #26 at its sizes, and what they do to the service: the serving
 * process's and the whole service's peak RSS, whether the serving process is the same, and another
 * signed-in learner's home p99 during the attack against its p99 just before. One home for the
 * serial tests (tests/serial/abuse.test.ts asserts the bounds) and the bench's "abuse" section
 * (which prints them with PASS/MISS).
 */

const MiB = 1024 * 1024;
export const HEAP_MB = 192;
/** The attacker is another client than the learner whose pages are timed: another loopback address. */
export const ATTACKER_ADDRESS = "127.0.0.2";
/** Issue #26's bounds during an attack. */
export const SERVING_RSS_LIMIT = (HEAP_MB + 256) * MiB;
export const ALL_RSS_LIMIT = 1.5 * 1024 * MiB;
export const P99_FACTOR = 3;

// ---------------------------------------------------------------- processes and their memory

/** A process's direct children (Linux /proc). */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** A process and all its descendants. */
export function treeOf(pid) {
  return [pid, ...childrenOf(pid).flatMap(treeOf)];
}

/** Resident set size in bytes; 0 for a process that is gone. */
export function rssOf(pid) {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kib ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The resident memory of `pid` and every process under it, in bytes. */
export const treeRss = (pid) => treeOf(pid).reduce((total, each) => total + rssOf(each), 0);

const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
};

/** The launcher's child that serves the pages (build/bin/serve.js). */
export function servingPidOf(launcherPid) {
  const pid = childrenOf(launcherPid).find((child) => commandOf(child).includes("serve.js"));
  if (!pid) throw new Error(`launcher ${launcherPid} has no serving process`);
  return pid;
}

/** Samples every 100 ms, until `stop`, the serving process's RSS and the whole service's (launcher and its tree). */
export function watchMemory(launcherPid) {
  const peak = { serving: 0, all: 0 };
  const sample = () => {
    const serving = childrenOf(launcherPid).find((child) => commandOf(child).includes("serve.js"));
    if (serving) peak.serving = Math.max(peak.serving, rssOf(serving));
    peak.all = Math.max(peak.all, treeRss(launcherPid));
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

// ---------------------------------------------------------------- another learner's home

/** How long each of `count` home pages took (ms), `concurrency` at a time; a status other than 200 throws. */
export async function homeTimes(origin, cookie, count = 200, concurrency = 3) {
  const times = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const response = await fetch(`${origin}/`, { headers: { Cookie: cookie }, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`home answered ${response.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}

/** The 99th percentile (nearest rank). */
export function p99(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

// ---------------------------------------------------------------- the attacks

/**
 * The largest SCORM data `/activity-progress` takes for one activity: 8 SCOs' suspend data of
 * 63,000 '€' each (504,000 characters, 1.5 MB in UTF-8, under the 512 Ki characters of
 * SCORM_DATA_LIMITS), as a multipart write. `valid: false` sends the same size with a version the
 * route refuses (400 once parsed).
 */
export function largestWrite({ activity = 203, valid = true } = {}) {
  const items = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`sco-${i}`, { "cmi.suspend_data": "€".repeat(63_000) }]));
  const userData = JSON.stringify({ scorm: valid ? 2 : 3, current: "sco-0", items });
  const boundary = "----abuse";
  const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.from(
    `${field("activity", String(activity))}${field("action", "update_user_data")}${field("userData", userData)}--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One POST with a whole body; its status, or 0 when the connection failed. */
function post(origin, path, { body, contentType, cookie, accept = "application/json" }) {
  const url = new URL(path, origin);
  return new Promise((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        localAddress: ATTACKER_ADDRESS,
        headers: { "Content-Type": contentType, "Content-Length": body.length, Cookie: cookie, Accept: accept },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** Runs `once` in `parallel` loops, one after the other in each, until stopped; counts the statuses. */
function sustain(parallel, once) {
  let running = true;
  const statuses = {};
  const loops = Array.from({ length: parallel }, async () => {
    while (running) {
      const status = await once();
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return statuses;
    },
  };
}

/** Item 1: one signed-in learner keeps `parallel` of the largest writes (or invalid ones) in flight. */
export function progressWrites(origin, cookie, { parallel, valid }) {
  const write = largestWrite({ valid });
  return sustain(parallel, () => post(origin, "/activity-progress", { ...write, cookie }));
}

/**
 * Item 2: a client that never signs in keeps `connections` sign-in posts open, each declaring
 * 60,000 bytes and sending `email=a` then a byte every `everyMs`, opening another a second after
 * the server closes one (as slowloris tools do; a flood of connections is the firewall's). Counts
 * how the server ended them (the status it answered, or `closed`).
 */
export function slowBodies(origin, { connections, everyMs = 5_000 }) {
  const url = new URL(origin);
  let running = true;
  const statuses = {};
  const open = new Set();
  const one = () =>
    new Promise((resolve) => {
      const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: ATTACKER_ADDRESS });
      open.add(socket);
      let answer = "";
      let drip;
      socket.on("connect", () => {
        socket.write(
          `POST /login HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\nemail=a`,
        );
        drip = setInterval(() => socket.write("a"), everyMs);
      });
      socket.on("data", (chunk) => {
        if (answer.length < 16) answer += chunk.toString("latin1");
      });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(drip);
        open.delete(socket);
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? "closed";
        statuses[status] = (statuses[status] ?? 0) + 1;
        resolve();
      });
    });
  const loops = Array.from({ length: connections }, async (_, index) => {
    // Opened over the first second, as a client with many sockets would.
    await sleep((index / connections) * 1_000);
    while (running) {
      await one();
      if (running) await sleep(1_000);
    }
  });
  return {
    async stop() {
      running = false;
      for (const socket of open) socket.destroy();
      await Promise.all(loops);
      return statuses;
    },
  };
}

/** A files host answering `/storage/media/<kind>-<n>.pdf` with the bomb `<kind>` (bytes by kind). */
export async function startBombHost(bombs) {
  const server = createServer((request, response) => {
    const kind = /^\/storage\/media\/(.+)-\d+\.pdf$/.exec(request.url ?? "")?.[1];
    const bytes = kind ? bombs[kind] : undefined;
    response.writeHead(bytes ? 200 : 404, { "Content-Type": "application/pdf" }).end(bytes ?? "no");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/**
 * Item 3: learners (their Cookie headers) each keep `inFlight` page renders of the bombs `kinds`
 * in flight, every request a file of its own on a bomb host (startBombHost), so each is fetched and
 * drawn afresh.
 */
export function pdfRenders(origin, cookies, { kinds, inFlight = 8 }) {
  let file = 0;
  const render = async (cookie) => {
    const n = file++;
    const response = await fetch(`${origin}/pdf-pages/360/storage/media/${kinds[n % kinds.length]}-${n}.pdf/1.png`, {
      headers: { Cookie: cookie },
    }).catch(() => null);
    await response?.arrayBuffer().catch(() => undefined);
    return response?.status ?? 0;
  };
  const each = cookies.map((cookie) => sustain(inFlight, () => render(cookie)));
  return {
    async stop() {
      const all = await Promise.all(each.map((attack) => attack.stop()));
      const statuses = {};
      for (const counts of all)
        for (const [status, count] of Object.entries(counts)) statuses[status] = (statuses[status] ?? 0) + count;
      return statuses;
    },
  };
}

const ATTACK = fileURLToPath(new URL("./attack.mjs", import.meta.url));
const ATTACKER_NICE = 10;

/**
 * One of the attacks above (`progressWrites`, `slowBodies` or `pdfRenders`, by name, with its
 * arguments) in a process of its own (attack.mjs), as a real attacker is: its thousands of sockets,
 * requests and timers in this process would delay the timing of another learner's pages here,
 * whatever the server did. A real attacker's machine is not the server's either, so the process
 * runs at a lower priority (nice 10): it keeps its requests in flight, with the CPU the server
 * leaves. `stop` ends it and returns what it counted.
 */
export function apart(attack, ...args) {
  const child = spawn(process.execPath, [ATTACK, JSON.stringify({ attack, args })], { stdio: ["pipe", "pipe", "inherit"] });
  // No pid: the spawn failed, and `exited` below rejects with its error.
  if (child.pid !== undefined) setPriority(child.pid, ATTACKER_NICE);
  let counted = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (counted += chunk));
  const exited = once(child, "exit");
  return {
    async stop() {
      child.stdin.end();
      const [code] = await exited;
      if (code !== 0) throw new Error(`the attack ${attack} exited with ${code}`);
      return JSON.parse(counted);
    },
  };
}

// ---------------------------------------------------------------- one attack, measured

/**
 * Another learner's home p99 before and during `attack` (started, given 1.5 s to reach its
 * strength, then sampled while it goes on), the memory peaks meanwhile, and whether the serving
 * process is the same at the end. `baseline: false` skips the p99 before (null), for a check of
 * the p99 during against a fixed bound: the serial tests.
 */
export async function underAttack({ origin, launcherPid, cookie, start, samples = 200, baseline = true }) {
  await homeTimes(origin, cookie, 20);
  const before = baseline ? p99(await homeTimes(origin, cookie, samples)) : null;
  const servingPid = servingPidOf(launcherPid);
  const memory = watchMemory(launcherPid);
  const attack = start();
  await sleep(1_500);
  const during = p99(await homeTimes(origin, cookie, samples));
  const outcome = await attack.stop();
  const peak = memory.stop();
  return {
    before,
    during,
    peak,
    outcome,
    samePid: servingPidOf(launcherPid) === servingPid,
    pass:
      (before === null || during <= P99_FACTOR * before) &&
      peak.serving < SERVING_RSS_LIMIT &&
      peak.all < ALL_RSS_LIMIT &&
      servingPidOf(launcherPid) === servingPid,
  };
}

/** One line of the bench's table for a measured attack. */
export function abuseFigure(name, result) {
  const mb = (bytes) => `${Math.round(bytes / MiB)} MB`;
  return {
    figure: `Abuse: ${name}`,
    value: `home p99 ${result.during.toFixed(0)} ms (before ${result.before.toFixed(0)} ms, ${(result.during / result.before).toFixed(2)} ×); peak RSS serving ${mb(result.peak.serving)}, all ${mb(result.peak.all)}; ${result.samePid ? "same process" : "PROCESS REPLACED"}; answers ${JSON.stringify(result.outcome)}`,
    target: `p99 ≤ ${P99_FACTOR} × before, serving < ${mb(SERVING_RSS_LIMIT)}, all < ${mb(ALL_RSS_LIMIT)}, same process`,
    pass: result.pass,
  };
}
