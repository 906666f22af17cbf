import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type App, ensureBuilt, startBuiltApp, stop } from "./built-app";
import { withLegacy } from "./helpers";

/**
 * Issue #12 items 12 and 13 against the built app over real HTTP, as a browser without JavaScript
 * posts: a form sent while the legacy API fails comes back with everything typed, the spec's
 * 'Ups algo salio mal' and the id of the request, never the error page or a 500; a missing core
 * endpoint degrades the header instead of failing every page.
 */
const APP_KEY = "faults-app-key-0123";
const GENERIC = "Ups algo salio mal";
const learner = "ana.martinez@academia.test";
const leader = "carlos.ruiz@academia.test";
const newUser = "lucia.gomez@academia.test";

const apps: App[] = [];
const mock = withLegacy({ appKey: APP_KEY });
let app: App;

/** One instance of the built app server on this file's mock: a replica with its own (cold) caches. */
async function startApp(): Promise<App> {
  const started = await startBuiltApp({
    LEGACY_API_URL: mock().url,
    FILES_HOST_URL: mock().origin,
    LEGACY_APP_KEY: APP_KEY,
    LEGACY_TIMEOUT_MS: "1500",
    LOG_LEVEL: "silent",
    // Each sign-in comes from its own address, so the per-IP sign-in limit never blocks a test.
    TRUST_PROXY: "1",
  });
  apps.push(started);
  return started;
}

type Page = { status: number; body: string; requestId: string };

async function call(target: App, path: string, cookie: string, body?: URLSearchParams | FormData): Promise<Page> {
  const response = await fetch(`${target.origin}${path}`, {
    method: body ? "POST" : "GET",
    body,
    headers: { Cookie: cookie },
    redirect: "manual",
  });
  return { status: response.status, body: await response.text(), requestId: response.headers.get("x-request-id") ?? "" };
}

let signIns = 0;

async function signIn(target: App, email: string): Promise<string> {
  signIns += 1;
  const response = await fetch(`${target.origin}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: "Academia2026!" }),
    headers: { "X-Forwarded-For": `10.12.0.${signIns}` },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** The answer to a form sent while the API failed: the form again, what was typed, the message and the id. */
function expectKept(page: Page, typed: string[]) {
  expect(page.status).toBeGreaterThanOrEqual(400);
  expect(page.status).toBeLessThan(500);
  expect(page.body).not.toContain('class="page page-narrow error-page"');
  for (const value of typed) expect(page.body).toContain(value);
  expect(page.body).toContain(GENERIC);
  expect(page.requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(page.body).toContain(`Código de referencia: ${page.requestId}`);
}

const fields = (values: Record<string, string>) => new URLSearchParams(values);
const failing = () => mock().setFaults({ errorRate: 1 });

beforeAll(async () => {
  ensureBuilt();
  app = await startApp();
}, 180_000);

afterAll(async () => {
  await stop(apps);
});

beforeEach(() => {
  mock().setFaults({ errorRate: 0, latencyMs: 0, missingPaths: [] });
});

const support = {
  subject: "Mi video no carga nunca",
  device: "Android 14 Chrome",
  app_section: "Inicio",
  support_category: "2",
  support_sub_category: "3",
  comment: "El video de la segunda actividad se queda en negro",
};

describe("a form sent while the legacy API fails keeps what was typed (issue #12)", () => {
  it("support, review step: the confirmation, with the typed values, and the page behind it", async () => {
    const cookie = await signIn(app, learner);
    expect((await call(app, "/support/new", cookie)).status).toBe(200);
    await failing();
    const page = await call(app, "/support/new", cookie, fields({ ...support, intent: "review" }));
    expect(page.status).toBe(200);
    expect(page.body).toContain("¿Enviar solicitud de soporte?");
    for (const value of Object.values(support)) expect(page.body).toContain(`value="${value}"`);
  });

  it("support, send step: the form again with everything typed, the message and the request id", async () => {
    const cookie = await signIn(app, learner);
    expect((await call(app, "/support/new", cookie)).status).toBe(200);
    await failing();
    const page = await call(app, "/support/new", cookie, fields({ ...support, intent: "send" }));
    expectKept(page, [support.subject, support.device, support.comment]);
  });

  it("support on a replica with a cold category cache: both steps keep the input, never a 500", async () => {
    const replica = await startApp();
    const cookie = await signIn(replica, learner);
    await failing();
    for (const intent of ["review", "send"]) {
      const page = await call(replica, "/support/new", cookie, fields({ ...support, intent }));
      expectKept(page, [support.subject, support.device, support.comment]);
      // The category chosen travels on, unseen, for the next try.
      expect(page.body).toMatch(/name="support_category" value="2"/);
      expect(page.body).toMatch(/name="support_sub_category" value="3"/);
    }
  });

  it("suggestion", async () => {
    const cookie = await signIn(app, learner);
    expect((await call(app, "/faq/suggestion", cookie)).status).toBe(200);
    await failing();
    const page = await call(
      app,
      "/faq/suggestion",
      cookie,
      fields({ suggestion_category_id: "1", content: "Un modo oscuro sugerido" }),
    );
    expectKept(page, ["Un modo oscuro sugerido"]);
  });

  it("education, over the profile page", async () => {
    const cookie = await signIn(app, learner);
    expect((await call(app, "/profile/education", cookie)).status).toBe(200);
    await failing();
    const typed = { degree: "Licenciatura en Contaduria", university: "Universidad del Norte", acronym: "UDNX" };
    expectKept(await call(app, "/profile/education", cookie, fields(typed)), Object.values(typed));
  });

  it("languages", async () => {
    const cookie = await signIn(app, learner);
    expect((await call(app, "/profile/languages", cookie)).status).toBe(200);
    await failing();
    const page = await call(
      app,
      "/profile/languages",
      cookie,
      fields({ "languages[0].language": "en", "languages[0].level": "Experto" }),
    );
    expectKept(page, ['value="Experto" selected']);
  });

  it("profile (onboarding), also when the API times out", async () => {
    const cookie = await signIn(app, learner);
    expect((await call(app, "/update_profile", cookie)).status).toBe(200);
    const typed = {
      full_name: "Ana Martinez Lopez",
      nickname: "Anita",
      university: "Universidad Sur",
      acronym: "USX",
      degree: "Ingenieria",
    };
    await failing();
    expectKept(await call(app, "/update_profile", cookie, fields(typed)), Object.values(typed));
    await mock().setFaults({ errorRate: 0, latencyMs: 2000 });
    expectKept(await call(app, "/update_profile", cookie, fields(typed)), Object.values(typed));
  });

  it("certification (multipart)", async () => {
    const cookie = await signIn(app, learner);
    expect((await call(app, "/certifications/new", cookie)).status).toBe(200);
    await failing();
    const body = new FormData();
    const typed = {
      certificate: "Auditoria Interna Avanzada",
      certificate_type: "COURSE",
      institution: "Instituto Contable",
      expedition_date: "2025-05-04",
    };
    for (const [name, value] of Object.entries(typed)) body.set(name, value);
    expectKept(await call(app, "/certifications/new", cookie, body), [
      typed.certificate,
      typed.institution,
      typed.expedition_date,
    ]);
  });

  it("material and add person, over the leader page", async () => {
    const cookie = await signIn(app, leader);
    expect((await call(app, "/profile_auditor/material", cookie)).status).toBe(200);
    await failing();
    const material = {
      title: "Guia de cierre",
      type: "3",
      link: "https://example.com/guia",
      date: "2026-01-15",
      comments: "Para el equipo",
    };
    expectKept(await call(app, "/profile_auditor/material", cookie, fields(material)), [
      material.title,
      material.link,
      material.comments,
    ]);
    expectKept(await call(app, "/profile_auditor/add", cookie, fields({ code: "100001", intent: "search" })), ['value="100001"']);
  });

  it("trivia: the answers chosen come back for another try", async () => {
    const cookie = await signIn(app, learner);
    const id = /href="\/trivia\/(\d+)"/.exec((await call(app, "/trivia", cookie)).body)?.[1];
    const game = await call(app, `/trivia/${id}`, cookie);
    const answers = new Map<string, string>();
    for (const [, question = "", option = ""] of game.body.matchAll(/name="answer-(\d+)" value="(\d+)"/g)) {
      if (!answers.has(question)) answers.set(question, option);
    }
    expect(answers.size).toBeGreaterThan(0);
    await failing();
    const sent = fields(Object.fromEntries([...answers].map(([question, option]) => [`answer-${question}`, option])));
    expectKept(
      await call(app, `/trivia/${id}`, cookie, sent),
      [...answers].map(([question, option]) => `name="answer-${question}" value="${option}"`),
    );
  });

  it("questionnaire: the answers given come back for another try", async () => {
    const cookie = await signIn(app, newUser);
    const form = await call(app, "/questionnaires", cookie);
    const [, question = "", option = ""] = /name="(answer-\d+)" value="(\d+)"/.exec(form.body) ?? [];
    expect(question).toBeTruthy();
    await failing();
    const page = await call(app, "/questionnaires", cookie, fields({ step: "0", intent: "next", [question]: option }));
    expectKept(page, [`name="${question}" value="${option}"`]);
  });
});

describe("a core endpoint missing (issue #13)", () => {
  it("answering 404 leaves every page up, with a header without points, count or badge", async () => {
    const cookie = await signIn(app, learner);
    mock().setFaults({ missingPaths: ["/user/check_updates", "/badges/check_badges", "/training/user_points"] });
    for (const path of ["/", "/ranking", "/faq", "/profile"]) {
      const page = await call(app, path, cookie);
      expect(page.status, path).toBe(200);
      expect(page.body, path).not.toContain('class="points-chip"');
    }
  });
});
