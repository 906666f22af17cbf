// A zero-cost stand-in of the legacy API, run as its own process by bench/lib/replay.mjs:
// first it forwards every request to UPSTREAM and records the reply (the recording pass through
// the real mock); after `POST /__replay/freeze` it answers from memory only, so the mock's own work
// does not count in what the bench measures. A request it never recorded is answered 599.
import { createHash } from "node:crypto";
import { createServer } from "node:http";

const upstream = process.env.UPSTREAM;
const port = Number(process.env.PORT);
if (!upstream || !port) throw new Error("UPSTREAM and PORT are required");

/** What makes two requests the same: method, path with query, body, token and language. */
function keyOf(request, body) {
  const bodyHash = body.length > 0 ? createHash("sha1").update(body).digest("hex") : "";
  return [
    request.method,
    request.url,
    bodyHash,
    request.headers.authorization ?? "",
    request.headers["accept-language"] ?? "",
  ].join(" ");
}

/** Response headers worth replaying: the rest (date, keep-alive, length) are the server's own. */
const KEPT_HEADERS = ["content-type", "cache-control", "etag", "last-modified", "content-disposition", "accept-ranges"];

const replies = new Map();
const stats = { recorded: 0, served: 0, misses: [] };
let frozen = false;
/** The GETs answered since `POST /__replay/mark`, as a same-work floor repeats them (bench/floor). */
let marked = [];

async function record(request, body) {
  const headers = { ...request.headers };
  delete headers.host;
  delete headers.connection;
  const response = await fetch(`${upstream}${request.url}`, {
    method: request.method,
    headers,
    body: body.length > 0 ? body : undefined,
    redirect: "manual",
  });
  const reply = {
    status: response.status,
    headers: Object.fromEntries(
      KEPT_HEADERS.flatMap((name) => (response.headers.has(name) ? [[name, response.headers.get(name)]] : [])),
    ),
    body: Buffer.from(await response.arrayBuffer()),
  };
  // A GET's latest reply wins (the learner's state after the pass); a write keeps its first.
  const key = keyOf(request, body);
  if (request.method === "GET" || !replies.has(key)) replies.set(key, reply);
  stats.recorded++;
  return reply;
}

function send(response, { status, headers, body }) {
  response.writeHead(status, { ...headers, "content-length": body.length });
  response.end(body);
}

createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks);
    if (request.url === "/__replay/freeze" && request.method === "POST") {
      frozen = true;
      return send(response, {
        status: 200,
        headers: { "content-type": "application/json" },
        body: Buffer.from(JSON.stringify({ replies: replies.size })),
      });
    }
    if (request.url === "/__replay/mark" && request.method === "POST") {
      marked = [];
      return send(response, { status: 204, headers: {}, body: Buffer.alloc(0) });
    }
    if (request.url === "/__replay/marked") {
      return send(response, {
        status: 200,
        headers: { "content-type": "application/json" },
        body: Buffer.from(JSON.stringify(marked)),
      });
    }
    if (request.method === "GET" && marked.length < 100) {
      marked.push({
        url: request.url,
        authorization: request.headers.authorization ?? "",
        acceptLanguage: request.headers["accept-language"] ?? "",
      });
    }
    if (request.url === "/__replay/stats") {
      const summary = {
        frozen,
        replies: replies.size,
        recorded: stats.recorded,
        served: stats.served,
        misses: stats.misses.slice(0, 20),
      };
      return send(response, {
        status: 200,
        headers: { "content-type": "application/json" },
        body: Buffer.from(JSON.stringify(summary)),
      });
    }
    if (!frozen) {
      record(request, body).then(
        (reply) => send(response, reply),
        (error) => send(response, { status: 502, headers: {}, body: Buffer.from(String(error)) }),
      );
      return;
    }
    const reply = replies.get(keyOf(request, body));
    if (!reply) {
      stats.misses.push(`${request.method} ${request.url}`);
      return send(response, { status: 599, headers: {}, body: Buffer.alloc(0) });
    }
    stats.served++;
    send(response, reply);
  });
}).listen(port, "127.0.0.1", () => process.stdout.write("listening\n"));

process.once("SIGTERM", () => process.exit(0));
