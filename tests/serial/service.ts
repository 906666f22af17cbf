import { readFileSync } from "node:fs";
import { type App, freePort, launch } from "../integration/built-app";

/**
 * The whole service as an operator runs it (build/bin/start.js: the launcher, the embedded mock in
 * its process, the serving process its child, the PDF renderers the serving process's), and what
 * the serial tests measure of it: each process's memory, the serving process's PID, and how long a
 * signed-in learner's home takes (issue #26: "another signed-in learner's home keeps a p99 within
 * 3× of its p99 measured before the attack in the same test").
 */
export type Service = App & { mockOrigin: string };

export const HEAP_MB = 192;
const MiB = 1024 * 1024;
/** Issue #26's bounds during an attack. */
export const SERVING_RSS_LIMIT = (HEAP_MB + 256) * MiB;
export const ALL_RSS_LIMIT = 1.5 * 1024 * MiB;

export const PASSWORD = "Academia2026!";
export const ANA = "ana.martinez@academia.test";
export const CARLOS = "carlos.ruiz@academia.test";

/** The embedded service in production mode; cookies without `__Host-` (plain http on loopback). */
export async function startService(env: Record<string, string> = {}): Promise<Service> {
  const mockPort = await freePort();
  const app = await launch("build/bin/start.js", {
    MOCK_PORT: String(mockPort),
    HEAP_MB: String(HEAP_MB),
    INSECURE_COOKIES: "1",
    ...env,
  });
  return { ...app, mockOrigin: `http://127.0.0.1:${mockPort}` };
}

/** A process's direct children (Linux /proc). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The serving process: the launcher's child that is a Node process (not a `prlimit` wrapper or the like). */
export function servingPid(service: Service): number {
  const pid = childrenOf(service.child.pid ?? 0).find((child) => readCmdline(child).includes("serve.js"));
  if (!pid) throw new Error("no serving process");
  return pid;
}

const readCmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
};

/** A process and all its descendants. */
export function treeOf(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(treeOf)];
}

export function rssOf(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kib ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Samples, every 100 ms until `stop`, the serving process's RSS and the whole service's (launcher, mock, server, renderers). */
export function watchMemory(service: Service) {
  const launcher = service.child.pid ?? 0;
  const peak = { serving: 0, all: 0 };
  const sample = () => {
    peak.serving = Math.max(peak.serving, rssOf(servingPid(service)));
    peak.all = Math.max(
      peak.all,
      treeOf(launcher).reduce((total, pid) => total + rssOf(pid), 0),
    );
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

/** Signs in through the app's form: the session cookie, as a Cookie header. */
export async function signIn(service: Service, email: string): Promise<string> {
  const response = await fetch(`${service.origin}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: PASSWORD }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** How long each of `count` home pages took (ms), `concurrency` at a time; a status other than 200 fails. */
export async function homeTimes(service: Service, cookie: string, count = 60, concurrency = 3): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const started = performance.now();
      const response = await fetch(`${service.origin}/`, { headers: { Cookie: cookie }, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`home answered ${response.status}`);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return times;
}

/** The 99th percentile (nearest rank). */
export function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}

/** The mock legacy API's headers for calls made as `email` (embedded mode's demo app key). */
export async function legacyHeaders(service: Service, email: string): Promise<Record<string, string>> {
  const headers = { "X-App-Key": "demo-app-key-academia", "Content-Type": "application/json" };
  const login = await fetch(`${service.mockOrigin}/v1/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { ...headers, Authorization: `Bearer ${token}` };
}

/** The learner's progress records as the legacy API holds them. */
export async function legacyRecords(
  service: Service,
  email: string,
): Promise<Array<{ training_activity_id: number; progress_type: string }>> {
  const reply = await fetch(`${service.mockOrigin}/v1/api/training/user_progress`, {
    headers: await legacyHeaders(service, email),
  });
  return ((await reply.json()) as { user_progress: Array<{ training_activity_id: number; progress_type: string }> })
    .user_progress;
}
