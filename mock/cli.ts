import { startMockServer } from "./index";

/** `npm run mock`: the mock legacy API alone, on MOCK_PORT (default 4010). */
async function main() {
  const server = await startMockServer({ port: Number(process.env.MOCK_PORT ?? 4010) });
  process.stdout.write(`${JSON.stringify({ level: "info", msg: "mock legacy API listening", url: server.url })}\n`);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void server.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: "error", msg: "mock legacy API failed to start", error: String(error) })}\n`);
  process.exit(1);
});
