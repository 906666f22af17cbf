import { servingPidOf } from "../../bench/lib/abuse.mjs";
import { type App, freePort, launch } from "../integration/built-app";

/**
 * The whole service as an operator runs it (build/bin/start.js: the launcher, the embedded mock in
 * its process, the serving process its child, the PDF renderers the serving process's), for the
 * serial tests. What they measure of it (memory, another learner's home) is bench/lib/abuse.mjs's,
 * shared with the bench.
 */
export type Service = App & { mockOrigin: string; launcherPid: number };

export const PASSWORD = "Academia2026!";
export const ANA = "ana.martinez@academia.test";
export const CARLOS = "carlos.ruiz@academia.test";

/** The embedded service in production mode; cookies without `__Host-` (plain http on loopback). */
export async function startService(env: Record<string, string> = {}): Promise<Service> {
  const mockPort = await freePort();
  const app = await launch("build/bin/start.js", { MOCK_PORT: String(mockPort), DEMO_MODE: "1", INSECURE_COOKIES: "1", ...env });
  return { ...app, mockOrigin: `http://127.0.0.1:${mockPort}`, launcherPid: app.child.pid ?? 0 };
}

export const servingPid = (service: Service): number => servingPidOf(service.launcherPid);

/** Signs in through the app's form: the session cookie, as a Cookie header. */
export async function signIn(target: Pick<App, "origin">, email: string): Promise<string> {
  const response = await fetch(`${target.origin}/login`, {
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

/** The mock legacy API's headers for calls made as `email` (embedded mode's demo app key). */
async function legacyHeaders(service: Service, email: string): Promise<Record<string, string>> {
  const headers = { "X-App-Key": "demo-app-key-academia", "Content-Type": "application/json" };
  const login = await fetch(`${service.mockOrigin}/v1/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return { ...headers, Authorization: `Bearer ${token}` };
}

type LegacyRecord = { training_activity_id: number; progress_type: string };

/** The learner's progress records as the legacy API holds them. */
export async function legacyRecords(service: Service, email: string): Promise<LegacyRecord[]> {
  const reply = await fetch(`${service.mockOrigin}/v1/api/training/user_progress`, {
    headers: await legacyHeaders(service, email),
  });
  return ((await reply.json()) as { user_progress: LegacyRecord[] }).user_progress;
}
