import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { resolve } from "node:path";

/**
 * The built app (build/bin/serve.js, or the launcher build/bin/start.js) as child processes over
 * real HTTP, and raw HTTP requests to it (node:http: fetch cannot set Host, stream a body it is
 * refused mid-way, or send TRACE).
 */
export type App = { port: number; origin: string; logs: string[]; child: ChildProcess; exit: Promise<number | null> };

/** The secrets every built app of these tests runs with; the mock takes LEGACY_APP_KEY. */
export const TEST_SECRETS = {
  LEGACY_APP_KEY: "built-app-test-key-0123",
  SESSION_SECRET: "built-app-test-session-secret-0123456789abcdef",
  SSO_AES_KEY: "00112233445566778899aabbccddeeff",
  SSO_AES_IV: "ffeeddccbbaa99887766554433221100",
};

export function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Builds when the sources are newer than the build, as `npm start` does (under the build's lock). */
export function ensureBuilt() {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/**
 * Starts `script` in production mode with only `env` and PATH, on a free port, and waits for
 * /healthz. A port is free when chosen, not when the app binds it (another stage's worker may take
 * it in between): the app is started again on another one when that happened.
 */
export async function launch(script: string, env: Record<string, string>, cwd = process.cwd()): Promise<App> {
  for (let attempt = 1; ; attempt++) {
    const app = await launchOnce(script, env, cwd);
    if ("port" in app) return app;
    if (!app.portTaken || attempt === 3) throw new Error(`the app did not start:\n${app.logs.join("\n")}`);
  }
}

async function launchOnce(
  script: string,
  env: Record<string, string>,
  cwd: string,
): Promise<App | { logs: string[]; portTaken: boolean }> {
  const port = await freePort();
  const child = spawn(process.execPath, [resolve(script)], {
    cwd,
    env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "info", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8").on("data", (chunk: string) => logs.push(...chunk.split("\n").filter(Boolean)));
  }
  const exit = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  const app = { port, origin: `http://127.0.0.1:${port}`, logs, child, exit };
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    if (
      await fetch(`${app.origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return app;
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill("SIGINT");
  await exit;
  return { logs, portTaken: logs.some((line) => line.includes(`EADDRINUSE`) && line.includes(`:${port}`)) };
}

/** The serving process alone (no launcher, no embedded mock), with the tests' secrets. */
export const startBuiltApp = (env: Record<string, string>) => launch("build/bin/serve.js", { ...TEST_SECRETS, ...env });

export async function stop(apps: App[]) {
  for (const app of apps) app.child.kill("SIGINT");
  await Promise.all(apps.map((app) => app.exit));
}

export const stopApp = (app: App) => stop([app]);

/** The serving process's resident memory, in bytes (Linux). */
export function rssOf(app: App): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${app.child.pid}/status`, "utf8"))?.[1];
  return Number(kib) * 1024;
}

export type Sent = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

type Send = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** A body streamed as `head` then copies of `chunk`, up to `bytes` (Infinity: until the server answers). */
  stream?: { head?: Buffer; chunk: Buffer; bytes: number };
  localAddress?: string;
};

/** One request; a streamed body stops as soon as the answer arrives (the server may cut the connection then). */
export function send(port: number, { method = "POST", path, headers = {}, body, stream, localAddress }: Send): Promise<Sent> {
  return new Promise((done, fail) => {
    let answered = false;
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers, localAddress });
    // CONNECT's answer comes as `connect`, whatever its status.
    req.on("connect", (res, socket) => {
      answered = true;
      socket.destroy();
      done({ status: res.statusCode ?? 0, headers: res.headers, body: "" });
    });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on("error", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", (error) => {
      if (!answered) fail(error);
    });
    if (!stream) return void req.end(body);
    let sent = stream.head?.length ?? 0;
    if (stream.head) req.write(stream.head);
    const pump = () => {
      while (!answered && !req.destroyed && sent < stream.bytes) {
        sent += stream.chunk.length;
        if (!req.write(stream.chunk)) return void req.once("drain", pump);
      }
      if (sent >= stream.bytes) req.end();
    };
    pump();
  });
}

/** The demo learner signed in through `app`'s sign-in form (with `headers` too): the `Cookie` value its answer sets. */
export async function signInByForm(app: App, headers: Record<string, string> = {}): Promise<string> {
  const answer = await send(app.port, {
    path: "/login",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: "email=ana.martinez%40academia.test&password=Academia2026%21",
  });
  if (answer.status !== 302) throw new Error(`signing in answered ${answer.status}`);
  return [answer.headers["set-cookie"] ?? []]
    .flat()
    .map((line) => line.split(";")[0])
    .join("; ");
}
