import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { upstream } from "~/infra/upstream.server";
import { login } from "~/legacy/auth.server";
import { getUserPoints, getUserProgress } from "~/legacy/training.server";
import type { ProgressReply } from "~/player/types";
import {
  caught,
  context,
  get,
  hangUpstream,
  post,
  replyOf,
  signedInCookie,
  spyOnUpstream,
  upstreamUrls,
  withLegacy,
} from "./helpers";

const legacy = withLegacy();
let cookie: string;
const learner = { email: "ana.martinez@academia.test", password: "Academia2026!" };

beforeAll(() => {
  // The file proxy streams from the mock's /storage, as in embedded mode.
  process.env.FILES_HOST_URL = legacy().origin;
});
beforeEach(async () => {
  cookie = await signedInCookie();
});

type Loaded = Awaited<ReturnType<typeof openOnHome>>;

async function openOnHome(activity: string, headers: Record<string, string> = {}) {
  const { loader } = await import("~/routes/_app+/_home+/$activity");
  const request = new Request(`http://localhost/${activity}`, { headers: { Cookie: cookie, ...headers } });
  return replyOf(await loader({ request, params: { activity }, context }));
}

function ready(loaded: Loaded) {
  if (loaded.data.state === "not_found") throw new Error("activity not found");
  return loaded.data;
}

async function legacyCtx() {
  return { locale: "es" as const, token: (await login({ locale: "es" }, learner)).accessToken };
}

async function recordOf(activityId: number) {
  const progress = await getUserProgress(await legacyCtx());
  return progress.find((record) => record.activityId === activityId && record.type === "ACTIVITY");
}

async function report(fields: Record<string, string>): Promise<{ status: number; body: ProgressReply }> {
  const { action } = await import("~/routes/activity-progress");
  const response = await action({ request: post("/activity-progress", fields, cookie), params: {}, context });
  return { status: response.status, body: (await response.json()) as ProgressReply };
}

describe("activity loader", () => {
  it.each([
    ["101", "video", "/files/storage/media/video-bienvenida.mp4"],
    ["102", "image", "/files/storage/media/infografia-control-interno.png"],
    ["103", "pdf", "/files/storage/media/guia-auditoria-interna.pdf"],
    ["104", "audio", "/files/storage/media/podcast-auditoria.wav"],
    ["105", "pdf", "/files/storage/media/guia-auditoria-interna.pdf"],
    ["106", "scorm", "/files/storage/scorm/intro-auditoria/index.html"],
  ])("plays activity %s as %s from the same-origin file proxy", async (id, kind, src) => {
    const data = ready(await openOnHome(id));
    expect(data.state).toBe("ready");
    expect(data.closeTo).toBe("/");
    expect(data.activity).toMatchObject({ id: Number(id), kind, src });
    expect(data.activity.title).not.toBe("");
    expect(data.record?.finalized).toBe(true);
  });

  it("finds the SCORM manifest and the modules of a package", async () => {
    const data = ready(await openOnHome("106"));
    expect(data.activity.manifestUrl).toBe("/files/storage/scorm/intro-auditoria/imsmanifest.xml");
    expect(data.activity.modules.map((module) => module.key)).toEqual(["pagina-1", "pagina-2", "pagina-3"]);
  });

  it("reads the package's manifest on the server: its SCOs, their launch and the mastery score", async () => {
    const data = ready(await openOnHome("106"));
    expect(data.scorm).toEqual({
      version: "1.2",
      title: "Introducción a la auditoría interna",
      items: [
        {
          id: "item-intro",
          title: "Introducción a la auditoría interna",
          depth: 0,
          launch: "/files/storage/scorm/intro-auditoria/index.html",
          sco: true,
          cmi: { "cmi.student_data.mastery_score": "80" },
          objectives: [],
        },
      ],
    });
    expect(ready(await openOnHome("101")).scorm).toBeNull();
  });

  it("plays a package whose manifest cannot be read as its launch file alone", async () => {
    const { readScormPackage } = await import("~/player/server/scorm-manifest.server");
    expect(await readScormPackage("/files/storage/scorm/no-existe/imsmanifest.xml")).toBeNull();
    expect(await readScormPackage("/files/storage/../secret/imsmanifest.xml")).toBeNull();
    expect(await readScormPackage("/elsewhere/imsmanifest.xml")).toBeNull();
    expect((await readScormPackage("/files/storage/scorm/arqueo-caja-2004/imsmanifest.xml"))?.version).toBe("2004");
  });

  it("parses each manifest text once for every learner, and a package replaced again", async () => {
    const { readScormPackage } = await import("~/player/server/scorm-manifest.server");
    const path = "/files/storage/scorm/intro-auditoria/imsmanifest.xml";
    const first = await readScormPackage(path);
    expect(await readScormPackage(path)).toBe(first);
    // Shared by every request: nothing can change it for the next learner.
    expect(Object.isFrozen(first?.items[0]?.cmi)).toBe(true);
    spyOnUpstream((url) =>
      url.endsWith("/intro-auditoria/imsmanifest.xml")
        ? fetch(url)
            .then((response) => response.text())
            .then((xml) => new Response(xml.replace("<adlcp:masteryscore>80<", "<adlcp:masteryscore>70<"), { status: 200 }))
        : undefined,
    );
    const replaced = await readScormPackage(path);
    expect(replaced).not.toBe(first);
    expect(replaced?.items[0]?.cmi).toEqual({ "cmi.student_data.mastery_score": "70" });
    vi.restoreAllMocks();
  });

  it.each([
    ["5xx", () => Promise.resolve(new Response("busy", { status: 503 }))],
    ["a redirect", () => Promise.resolve(new Response("moved", { status: 302, headers: { Location: "/elsewhere.xml" } }))],
    ["down", () => Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))],
  ])("does not play a package whose manifest the files host did not serve (%s): the player says it failed", async (_, reply) => {
    spyOnUpstream((url) => (url.endsWith("/imsmanifest.xml") ? reply() : undefined));
    const { readScormPackage, ManifestUnreachable } = await import("~/player/server/scorm-manifest.server");
    await expect(readScormPackage("/files/storage/scorm/intro-auditoria/imsmanifest.xml")).rejects.toBeInstanceOf(
      ManifestUnreachable,
    );
    const loaded = ready(await openOnHome("106"));
    expect(loaded.activity.kind).toBe("scorm");
    expect(loaded.scorm).toBeNull();
    expect(loaded.scormProblem).toEqual({ reason: "unreachable" });
    vi.restoreAllMocks();
  });

  it("reads a manifest the files host does not have (404, however long its page) as none: the launch file plays alone", async () => {
    spyOnUpstream((url) =>
      url.endsWith("/imsmanifest.xml") ? Promise.resolve(new Response("x".repeat(2 * 1024 * 1024), { status: 404 })) : undefined,
    );
    const { readScormPackage } = await import("~/player/server/scorm-manifest.server");
    expect(await readScormPackage("/files/storage/scorm/intro-auditoria/imsmanifest.xml")).toBeNull();
    expect(ready(await openOnHome("106"))).toMatchObject({
      scormProblem: null,
      scorm: { version: "1.2", items: [{ id: "sco" }] },
    });
    vi.restoreAllMocks();
  });

  it.each([
    ["not XML", () => new Response("<manifest><organizations default='o'><organization identifier='o'><item", { status: 200 })],
    ["no organisation", () => new Response("<manifest><organizations/><resources/></manifest>", { status: 200 })],
    ["too large", () => new Response(`<manifest>${" ".repeat(1024 * 1024)}</manifest>`, { status: 200 })],
  ])(
    "does not play a package whose manifest is there but %s: broken, with the request's id for support (issue #27)",
    async (_, reply) => {
      spyOnUpstream((url) => (url.endsWith("/imsmanifest.xml") ? Promise.resolve(reply()) : undefined));
      const { readScormPackage, ManifestBroken } = await import("~/player/server/scorm-manifest.server");
      await expect(readScormPackage("/files/storage/scorm/intro-auditoria/imsmanifest.xml")).rejects.toBeInstanceOf(
        ManifestBroken,
      );
      const loaded = ready(await openOnHome("106", { "X-Request-Id": "ref-123" }));
      expect(loaded.scorm).toBeNull();
      expect(loaded.scormProblem).toEqual({ reason: "broken", reference: "ref-123" });
      vi.restoreAllMocks();
    },
  );

  it("asks for the launch file beside the manifest, not after it, and once", async () => {
    const events: string[] = [];
    const spy = spyOnUpstream((url, init) => {
      if (url.endsWith("/intro-auditoria/index.html") && init.method === "HEAD") events.push("launch file asked");
      if (!url.endsWith("/intro-auditoria/imsmanifest.xml")) return undefined;
      events.push("manifest asked");
      return new Promise((resolve) => setTimeout(resolve, 100)).then(() => {
        events.push("manifest read");
        return fetch(url);
      });
    });
    expect(ready(await openOnHome("106"))).toMatchObject({ scormProblem: null, scorm: { version: "1.2" } });
    expect(events).toEqual(["launch file asked", "manifest asked", "manifest read"]);
    expect(upstreamUrls(spy).filter((url) => url.endsWith("/index.html"))).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it("does not play a package whose launch file the files host does not have (404), and plays it when unsure (5xx, down)", async () => {
    let launch: () => Promise<Response> = () => Promise.resolve(new Response(null, { status: 404 }));
    spyOnUpstream((url, init) => (url.endsWith("/intro-auditoria/index.html") && init.method === "HEAD" ? launch() : undefined));
    expect(ready(await openOnHome("106")).scormProblem).toMatchObject({ reason: "broken" });
    launch = () => Promise.resolve(new Response(null, { status: 503 }));
    expect(ready(await openOnHome("106"))).toMatchObject({ scormProblem: null, scorm: { version: "1.2" } });
    launch = () => Promise.reject(Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }));
    expect(ready(await openOnHome("106"))).toMatchObject({ scormProblem: null, scorm: { version: "1.2" } });
    vi.restoreAllMocks();
  });

  it("hands the flat SCORM data saved before issue #13 over as the first SCO's", async () => {
    const data = ready(await openOnHome("203"));
    expect(data.resume).toEqual({
      scorm: 2,
      current: "item-intro",
      items: { "item-intro": { "cmi.core.lesson_location": "2", "cmi.core.lesson_status": "incomplete" } },
    });
    expect(data.record).toMatchObject({ initiated: true, finalized: false });
  });

  it("opens an external link in its window, a video link by its embed address", async () => {
    const article = ready(await openOnHome("107"));
    expect(article.activity).toMatchObject({
      kind: "external",
      src: null,
      durationMinutes: 20,
      link: { url: "https://www.theiia.org/en/standards/", windowUrl: "https://www.theiia.org/en/standards/" },
    });
    const video = ready(await openOnHome("204"));
    expect(video.activity.link).toEqual({
      url: "https://www.youtube.com/watch?v=AuditInt001",
      windowUrl: "https://www.youtube.com/embed/AuditInt001",
    });
  });

  it("hands the player the minutes it may count offline: the activity's duration, or its wait when it has none", async () => {
    expect(ready(await openOnHome("107")).activity).toMatchObject({ durationMinutes: 20, offlineTimeCap: 20 });
    expect(ready(await openOnHome("205")).activity).toMatchObject({ kind: "image", durationMinutes: 1, offlineTimeCap: 1 });
    expect(ready(await openOnHome("203")).activity).toMatchObject({ kind: "scorm", durationMinutes: 15, offlineTimeCap: 15 });
  });

  it("plays a parent_activity's parent and records the activity itself", async () => {
    const data = ready(await openOnHome("108"));
    expect(data.activity).toMatchObject({ id: 108, kind: "video", src: "/files/storage/media/video-bienvenida.mp4" });
    expect(data.activity.title).toBe("Repaso: bienvenida a la auditoría");
  });

  it("finds activities outside the routes: shared by leaders and the academy's showcases", async () => {
    expect(ready(await openOnHome("601")).activity.kind).toBe("external");
    expect(ready(await openOnHome("501")).activity.kind).toBe("scorm");
  });

  it("says 'not found' with a 404 for an unknown id, and sends a non-numeric one home", async () => {
    const unknown = await openOnHome("99999");
    expect(unknown.data).toEqual({ state: "not_found", closeTo: "/" });
    expect(unknown.status).toBe(404);
    const { loader } = await import("~/routes/_app+/_home+/$activity");
    const response = await caught(loader({ request: get("/abc", cookie), params: { activity: "abc" }, context }));
    expect(response.headers.get("Location")).toBe("/");
  });

  it("shows a locked escape room and an activity of an inactive route without their player", async () => {
    expect(ready(await openOnHome("209")).state).toBe("locked");
    expect(ready(await openOnHome("301")).state).toBe("unavailable");
  });

  it("hands the player what follows a finish: the points recorded, the route's percentage with it, the next step (issue #29)", async () => {
    // Every other activity of the first route is finished: its escape room is next, and open.
    expect(ready(await openOnHome("108")).record?.points).toBe(10);
    expect(ready(await openOnHome("108")).after).toEqual({
      route: { name: "Formación Inicial", href: "/learning-path/formacion-inicial", progress: 88.88 },
      next: { kind: "activity", title: "Escape Room: el caso del inventario", href: "/learning-path/formacion-inicial/109" },
    });
    // Not finished yet: no record, the percentage it will give, and the next activity not finished (206 after 205).
    expect(ready(await openOnHome("205")).record).toBeNull();
    expect(ready(await openOnHome("205")).after).toEqual({
      route: { name: "Formación Requerida", href: "/learning-path/formacion-requerida", progress: 37.5 },
      next: { kind: "activity", title: "Podcast: entrevistas efectivas", href: "/learning-path/formacion-requerida/206" },
    });
    // After 207 only the escape room is left, locked while 203, 204 and 205 are not finished: named, with the route.
    expect(ready(await openOnHome("207")).after.next).toEqual({
      kind: "locked",
      title: "Escape Room: auditoría en la sucursal",
      href: "/learning-path/formacion-requerida",
    });
    // The route's last activity leads back to the route; outside every route there is no next step.
    expect(ready(await openOnHome("209")).after.next).toEqual({ kind: "end", href: "/learning-path/formacion-requerida" });
    expect(ready(await openOnHome("503")).after).toEqual({ route: null, next: null });
  });

  it("turns Save-Data on into the data-saver flag", async () => {
    expect(ready(await openOnHome("101")).saveData).toBe(false);
    expect(ready(await openOnHome("101", { "Save-Data": "on" })).saveData).toBe(true);
  });

  it("closes to the route page on a learning path, and sends a bad id there", async () => {
    const { loader } = await import("~/routes/_app+/learning-path+/$slug.$activity");
    const params = { slug: "formacion-requerida", activity: "205" };
    const loaded = replyOf(await loader({ request: get("/learning-path/formacion-requerida/205", cookie), params, context }));
    expect(ready(loaded)).toMatchObject({
      state: "ready",
      closeTo: "/learning-path/formacion-requerida",
      record: null,
    });
    const response = await caught(
      loader({
        request: get("/learning-path/formacion-requerida/x", cookie),
        params: { ...params, activity: "x" },
        context,
      }),
    );
    expect(response.headers.get("Location")).toBe("/learning-path/formacion-requerida");
  });
});

describe("progress action", () => {
  it("records started, update_time and finished on /training/user_progress", async () => {
    expect(await recordOf(205)).toBeUndefined();
    const started = await report({ action: "started", activity: "205" });
    expect(started.body).toEqual({
      ok: true,
      record: { initiated: true, finalized: false, progress: 0, taskDuration: 0, points: 0 },
    });
    expect(await recordOf(205)).toMatchObject({ initiated: true, finalized: false });

    await report({ action: "update_time", activity: "205", time: "0.5" });
    expect((await recordOf(205))?.taskDuration).toBe(0.5);

    const finished = await report({ action: "finished", activity: "205" });
    // The finish's reply carries the points recorded, so the player says them at once (issue #29).
    expect(finished.body).toMatchObject({ ok: true, record: { finalized: true, progress: 100, points: 10 } });
    expect(await recordOf(205)).toMatchObject({ finalized: true, progress: 100 });
  });

  it("counts a finished sent twice once", async () => {
    const ctx = await legacyCtx();
    const before = (await getUserPoints(ctx)).points;
    await report({ action: "started", activity: "205" });
    await report({ action: "finished", activity: "205" });
    const once = (await getUserPoints(ctx)).points;
    await report({ action: "finished", activity: "205" });
    expect(once).toBe(before + 10);
    expect((await getUserPoints(ctx)).points).toBe(once);
  });

  it("never records a write under another learner's session (a page left open, its outbox draining, while someone else signed in)", async () => {
    const ana = ready(await openOnHome("205")).learner.id;
    const before = await recordOf(205);
    const other = await report({ action: "finished", activity: "205", learner: "999999" });
    expect(other).toEqual({ status: 409, body: { ok: false, error: "session", location: "/" } });
    expect(await recordOf(205)).toEqual(before);
    // The learner's own write, named as theirs, goes through.
    const own = await report({ action: "started", activity: "205", learner: String(ana) });
    expect(own.body).toMatchObject({ ok: true });
  });

  it("counts five finished sent at once (two tabs, a retry and the outbox) once, each answered as finished", async () => {
    const ctx = await legacyCtx();
    const before = (await getUserPoints(ctx)).points;
    await report({ action: "started", activity: "205" });
    const answers = await Promise.all(Array.from({ length: 5 }, () => report({ action: "finished", activity: "205" })));
    for (const answer of answers) expect(answer.body).toMatchObject({ ok: true, record: { finalized: true, points: 10 } });
    expect((await getUserPoints(ctx)).points).toBe(before + 10);
  });

  it("sends the SCORM runtime's writes", async () => {
    const userData = { scorm: 2, current: "item-intro", items: { "item-intro": { "cmi.core.lesson_location": "3" } } };
    await report({ action: "update_user_data", activity: "203", userData: JSON.stringify(userData) });
    const modules = await report({ action: "update_activity_modules", activity: "203", modules: "[2002]" });
    expect(modules.body).toMatchObject({ ok: true, record: { progress: 66.67 } });
    const points = await report({ action: "update_points", activity: "203", progress: "80" });
    expect(points.body).toMatchObject({ ok: true, record: { progress: 80 } });
    expect((await recordOf(203))?.userData).toBe(JSON.stringify(userData));
    expect(ready(await openOnHome("203")).resume).toEqual(userData);
  });

  it("keeps SCORM user data up to the contract's limits and refuses more with a 400", async () => {
    const { SCORM_DATA_LIMITS: limits } = await import("~/player/scorm-package");
    const write = (data: unknown) => report({ action: "update_user_data", activity: "203", userData: JSON.stringify(data) });
    const wrap = (items: Record<string, Record<string, string>>) => ({ scorm: 2, current: "a", items });
    // Seven SCOs with a 64,000-character suspend_data each: ~448 Ki characters in all.
    const full = Object.fromEntries(
      Array.from({ length: 7 }, (_, n) => [`sco-${n}`, { "cmi.suspend_data": String(n).repeat(limits.value) }]),
    );
    expect((await write(wrap(full))).status).toBe(200);
    expect(JSON.parse((await recordOf(203))?.userData ?? "{}")).toEqual(wrap(full));
    const many = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, n) => [`k${n}`, { "cmi.location": "1" }]));
    expect((await write(wrap(many(limits.items)))).status).toBe(200);
    const keys = Object.fromEntries(Array.from({ length: limits.keysPerItem + 1 }, (_, n) => [`cmi.k${n}`, "1"]));
    const refused: unknown[] = [
      wrap({ a: { "cmi.suspend_data": "x".repeat(limits.value + 1) } }),
      wrap(many(limits.items + 1)),
      wrap({ a: keys }),
      wrap({ a: { [`cmi.${"k".repeat(limits.key)}`]: "1" } }),
      wrap(Object.fromEntries(Array.from({ length: 9 }, (_, n) => [`s${n}`, { "cmi.suspend_data": "y".repeat(limits.value) }]))),
      { "cmi.core.lesson_location": "3" },
      { scorm: 1, current: "a", items: {} },
    ];
    for (const data of refused) expect((await write(data)).status).toBe(400);
  });

  it("refuses a malformed write without calling the legacy API", async () => {
    const spy = spyOnUpstream();
    const malformed: Array<Record<string, string>> = [
      { action: "update_time", activity: "205", time: "abc" },
      { action: "deleted", activity: "205" },
      { action: "started", activity: "-1" },
      { action: "update_activity_modules", activity: "203", modules: "not json" },
    ];
    for (const fields of malformed) {
      expect((await report(fields)).status).toBe(400);
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it("shows the legacy API's refusal (a locked escape room) without retrying it", async () => {
    const spy = spyOnUpstream();
    const refused = await report({ action: "finished", activity: "209" });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      ok: false,
      error: "refused",
      message: "Este Escape Room está bloqueado, completa las actividades anteriores para desbloquearla.",
    });
    expect(upstreamUrls(spy).filter((url) => url.endsWith("/activities/finished"))).toHaveLength(1);
  });

  it("retries a finished that the legacy API answered with a 500", async () => {
    let failures = 1;
    const spy = spyOnUpstream((url) =>
      url.endsWith("/activities/finished") && failures-- > 0
        ? Promise.resolve(Response.json({ message: "Server Error" }, { status: 500 }))
        : undefined,
    );
    await report({ action: "started", activity: "205" });
    const finished = await report({ action: "finished", activity: "205" });
    expect(finished.body).toMatchObject({ ok: true, record: { finalized: true } });
    expect(upstreamUrls(spy).filter((url) => url.endsWith("/activities/finished"))).toHaveLength(2);
    expect((await recordOf(205))?.finalized).toBe(true);
  });

  it("gives up after 3 attempts, 400 ms apart, and says so", async () => {
    const attempts: number[] = [];
    spyOnUpstream((url) => {
      if (!url.endsWith("/activities/finished")) return undefined;
      attempts.push(Date.now());
      return Promise.resolve(Response.json({ message: "Server Error" }, { status: 500 }));
    });
    const finished = await report({ action: "finished", activity: "205" });
    expect(finished).toEqual({ status: 502, body: { ok: false, error: "unconfirmed", message: "" } });
    expect(attempts).toHaveLength(3);
    expect((attempts[2] ?? 0) - (attempts[0] ?? 0)).toBeGreaterThanOrEqual(790);
    vi.restoreAllMocks();
    expect((await recordOf(205))?.finalized ?? false).toBe(false);
  });

  it("says a timed-out or 5xx update_time may be saved, and never sends it twice itself", async () => {
    const spy = spyOnUpstream((url) =>
      url.endsWith("/activities/update_time")
        ? Promise.resolve(Response.json({ message: "Server Error" }, { status: 500 }))
        : undefined,
    );
    const sent = await report({ action: "update_time", activity: "205", time: "1" });
    expect(sent).toEqual({ status: 502, body: { ok: false, error: "unconfirmed", message: "" } });
    expect(upstreamUrls(spy).filter((url) => url.endsWith("/activities/update_time"))).toHaveLength(1);
  });

  it("says an update_time never reached the legacy API when the connection is refused", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const real = upstream.send;
    vi.spyOn(upstream, "send").mockImplementation((url, init) =>
      real(url.endsWith("/activities/update_time") ? `http://127.0.0.1:${port}/activities/update_time` : url, init),
    );
    const sent = await report({ action: "update_time", activity: "205", time: "1" });
    expect(sent).toEqual({ status: 503, body: { ok: false, error: "unavailable", message: "" } });
    vi.restoreAllMocks();
    expect((await recordOf(205))?.taskDuration ?? 0).toBe(0);
  });

  it("sends a finished once to an upstream without the call (404), and drops it as refused", async () => {
    legacy().setFaults({ missingPaths: ["/activities/finished"] });
    const spy = spyOnUpstream();
    const finished = await report({ action: "finished", activity: "205" });
    legacy().setFaults({ missingPaths: [] });
    expect(finished).toEqual({ status: 409, body: { ok: false, error: "refused", message: "" } });
    expect(upstreamUrls(spy).filter((url) => url.endsWith("/activities/finished"))).toHaveLength(1);
  });

  it("gives a hanging finished up within one shared deadline (2 × LEGACY_TIMEOUT_MS)", async () => {
    const attempts = hangUpstream("/activities/finished");
    const started = performance.now();
    const finished = await report({ action: "finished", activity: "205" });
    expect(finished.body).toEqual({ ok: false, error: "unconfirmed", message: "" });
    expect(performance.now() - started).toBeLessThan(3 * Number(process.env.LEGACY_TIMEOUT_MS));
    expect(attempts()).toBeLessThan(3);
  });

  it("tells the page to sign in again when there is no session", async () => {
    const { action } = await import("~/routes/activity-progress");
    const response = await action({
      request: post("/activity-progress", { action: "started", activity: "205" }),
      params: {},
      context,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error: "session", location: "/welcome" });
  });

  it("answers a GET with 405", async () => {
    const { loader } = await import("~/routes/activity-progress");
    expect(loader().status).toBe(405);
  });
});

describe("file proxy", () => {
  async function file(path: string, headers: Record<string, string> = {}, method = "GET") {
    const { loader } = await import("~/routes/files.$");
    const request = new Request(`http://localhost/files/${path}`, { method, headers: { Cookie: cookie, ...headers } });
    return loader({ request, params: { "*": path }, context });
  }

  it("streams a file with its type, length and cache headers", async () => {
    const response = await file("storage/media/infografia-control-interno.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    // The files host says "public"; the proxy lets no cache keep it (docs/security.md, 'Files proxy').
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(response.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'self'");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it("passes a byte range through (206)", async () => {
    const response = await file("storage/media/video-bienvenida.mp4", { Range: "bytes=0-99" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toMatch(/^bytes 0-99\/\d+$/);
    expect((await response.arrayBuffer()).byteLength).toBe(100);
  });

  it("serves the SCORM package's pages so it can be framed by the app", async () => {
    const response = await file("storage/scorm/intro-auditoria/index.html");
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain('<script src="scorm.js"></script>');
  });

  it("answers HEAD without a body", async () => {
    const response = await file("storage/media/guia-auditoria-interna.pdf", {}, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.body).toBeNull();
  });

  it("answers 404 for a missing file", async () => {
    expect((await file("storage/media/no-such-file.png")).status).toBe(404);
  });

  it.each([
    "storage/../v1/api/get_user_info",
    "storage/..%2Fv1%2Fapi",
    "storage//media",
    "storage/./media/x.png",
    "..",
    "a\\..\\b",
  ])("refuses the path %s", async (path) => {
    const spy = vi.spyOn(globalThis, "fetch");
    expect((await file(path)).status).toBe(400);
    expect(spy).not.toHaveBeenCalled();
  });

  it("is only for signed-in learners", async () => {
    const { loader } = await import("~/routes/files.$");
    const response = await caught(
      loader({
        request: get("/files/storage/media/infografia-control-interno.png"),
        params: { "*": "storage/media/infografia-control-interno.png" },
        context,
      }),
    );
    expect(response.status).toBe(401);
  });
});
