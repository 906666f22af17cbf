import { type ChildProcess, spawn } from "node:child_process";
import { networkInterfaces } from "node:os";
import { scaled } from "./time-scale";

/** This machine's first non-loopback IPv4 address (what a phone on the LAN would open), if any. */
export function lanAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address;
}

/**
 * The built app in embedded mode (random mock port), on its own `port`, as `docker run -p` would
 * serve it to another device on a trusted network: plain http, so INSECURE_COOKIES=1.
 */
export async function startLanServer(port: number): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ["build/bin/start.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      LEGACY_API_URL: "",
      DEMO_MODE: "1",
      MOCK_PORT: "",
      INSECURE_COOKIES: "1",
      LOG_LEVEL: "warn",
      SHUTDOWN_DELAY_MS: "0",
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + scaled(30_000);
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill();
      throw new Error(`the app on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
