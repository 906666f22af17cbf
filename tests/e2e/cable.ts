import { connect, createServer, type Socket } from "node:net";

export type Cable = { origin: string; unplug(): void; plug(): void; stop(): Promise<void> };

/**
 * A TCP relay in front of the app that can be unplugged, as a phone's data going away: unplugged,
 * its open connections drop and new ones are reset, whatever in the browser makes them: the page,
 * its service worker, or a keepalive write the worker lets through, which `setOffline` does not reach.
 */
export async function startCable(appPort: number): Promise<Cable> {
  const open = new Set<Socket>();
  let plugged = true;
  const server = createServer((client) => {
    if (!plugged) return void client.resetAndDestroy();
    const app = connect(appPort, "127.0.0.1");
    const drop = () => {
      for (const socket of [client, app]) {
        socket.destroy();
        open.delete(socket);
      }
    };
    for (const socket of [client, app]) {
      open.add(socket);
      socket.on("error", drop).on("close", drop);
    }
    client.pipe(app).pipe(client);
  });
  // On a port the system hands out: each worker's app has a cable of its own.
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const unplug = () => {
    plugged = false;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  return {
    origin: `http://localhost:${port}`,
    unplug,
    plug: () => void (plugged = true),
    stop: () =>
      new Promise<void>((resolve) => {
        unplug();
        server.close(() => resolve());
      }),
  };
}
