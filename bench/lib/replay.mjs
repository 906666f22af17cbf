import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { DEMO_SECRETS, startApp } from "./servers.mjs";

/**
 * The replay mode of the bench: the mock legacy API alone (`build/bin/mock.js`), a replay server
 * in a process of its own (bench/lib/replay-server.mjs) in front of it, and the app pointed at the
 * replay server as at a real upstream. `record(paths)` loads the measured pages through the real
 * mock once; `freeze()` then makes the replay server answer from memory only.
 */

const REPLAY_SERVER = fileURLToPath(new URL("./replay-server.mjs", import.meta.url));

async function waitForLine(child, text) {
  let seen = "";
  child.stdout.setEncoding("utf8");
  for await (const chunk of child.stdout) {
    seen += chunk;
    if (seen.includes(text)) return;
  }
  throw new Error(`${child.spawnargs.join(" ")} exited before "${text}"`);
}

function stopper(child) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
}

async function startMock(port) {
  const child = spawn(process.execPath, ["build/bin/mock.js"], {
    env: { ...process.env, MOCK_PORT: String(port), MOCK_LATENCY_MS: "0", LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  await waitForLine(child, "listening");
  child.stdout.resume();
  return { origin: `http://127.0.0.1:${port}`, stop: stopper(child) };
}

/** The environment of an app whose legacy API and files host are the replay server at `origin`. */
export const upstreamEnv = (origin) => ({
  ...DEMO_SECRETS,
  LEGACY_API_URL: `${origin}/v1/api`,
  FILES_HOST_URL: origin,
  MEDIA_VIA_APP: "1",
});

/** `ports`: {mock, replay}. Returns the replay server's controls and a way to start apps on it. */
export async function startReplay({ ports }) {
  const mock = await startMock(ports.mock);
  const child = spawn(process.execPath, [REPLAY_SERVER], {
    env: { ...process.env, UPSTREAM: mock.origin, PORT: String(ports.replay) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await waitForLine(child, "listening");
  child.stdout.resume();
  const origin = `http://127.0.0.1:${ports.replay}`;
  const stopReplay = stopper(child);
  return {
    origin,
    /** The real mock, for what the bench does to the learner's state before recording. */
    mockOrigin: mock.origin,
    /** An app whose legacy API and files host are the replay server. */
    startApp: ({ port }) => startApp({ port, env: upstreamEnv(origin) }),
    /** Loads each path twice with the session cookie, through the real mock. */
    async record(app, paths, cookie) {
      for (const path of paths) {
        for (let pass = 0; pass < 2; pass++) {
          const response = await fetch(`${app.origin}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`recording ${path}: ${response.status}`);
        }
      }
    },
    /** From now on the mock is not asked again (and is stopped). */
    async freeze() {
      const response = await fetch(`${origin}/__replay/freeze`, { method: "POST" });
      const { replies } = await response.json();
      await mock.stop();
      return replies;
    },
    async stats() {
      return (await fetch(`${origin}/__replay/stats`)).json();
    },
    /** The upstream GETs the app makes for `path` (its every call, in the order they came). */
    async callsOf(app, path, cookie) {
      await fetch(`${origin}/__replay/mark`, { method: "POST" });
      const response = await fetch(`${app.origin}${path}`, { headers: { Cookie: cookie } });
      const html = await response.text();
      const calls = await (await fetch(`${origin}/__replay/marked`)).json();
      return { calls: calls.filter((call) => !call.url.startsWith("/__replay/")), html };
    },
    async stop() {
      await Promise.all([stopReplay(), mock.stop()]);
    },
  };
}
