/**
 * Where REDIS_URL points: `redis://[[user]:password@]host[:port][/db]`, or `rediss://` for TLS (a
 * managed Redis or Valkey). Pure, so the configuration check and the client read it the same way.
 */
export type RedisTarget = {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
};

export type RedisUrlResult = { ok: true; target: RedisTarget } | { ok: false; problem: string };

const fail = (problem: string): RedisUrlResult => ({ ok: false, problem });

export function parseRedisUrl(value: string): RedisUrlResult {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail("must be a URL such as redis://redis:6379");
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") return fail("must start with redis:// or rediss://");
  if (!url.hostname) return fail("must name a host, as in redis://redis:6379");
  if (url.search || url.hash) return fail("takes no query string or fragment");
  const dbPath = url.pathname.replace(/^\//, "");
  if (dbPath !== "" && !/^(?:[0-9]|1[0-5])$/.test(dbPath)) return fail("the path must be a database number from 0 to 15");
  const port = url.port === "" ? 6379 : Number(url.port);
  return {
    ok: true,
    target: {
      host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port,
      db: dbPath === "" ? 0 : Number(dbPath),
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      tls: url.protocol === "rediss:",
    },
  };
}

/** The target as it may be logged: no credentials. */
export const describeTarget = (target: RedisTarget) =>
  `${target.tls ? "rediss" : "redis"}://${target.host.includes(":") ? `[${target.host}]` : target.host}:${target.port}/${target.db}`;
