import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "./index";

const APP_KEY = "test-mock-app-key";
const PASSWORD = "Academia2026!";
const ANA = "ana.martinez@academia.test";
const CARLOS = "carlos.ruiz@academia.test";
const LUCIA = "lucia.gomez@academia.test";

let server: MockServer;

// Response bodies are read loosely here: the assertions themselves pin the shapes down.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

interface Options {
  token?: string;
  body?: unknown;
  form?: FormData;
  locale?: "es" | "en";
  appKey?: string | null;
}

async function api(method: "GET" | "POST", path: string, options: Options = {}) {
  const headers = new Headers({ "Accept-Language": options.locale ?? "es" });
  if (options.appKey !== null) headers.set("X-App-Key", options.appKey ?? APP_KEY);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined = options.form;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, text, json: (text ? JSON.parse(text) : {}) as Json };
}

async function login(email: string, password = PASSWORD): Promise<string> {
  const { status, json } = await api("POST", "/auth/login", { body: { email, password } });
  expect(status).toBe(200);
  return json.access_token as string;
}

const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    appKey: APP_KEY,
    latencyMs: 0,
    errorRate: 0,
    malformedRate: 0,
    testEndpoints: true,
  });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reset();
});

describe("transport", () => {
  it("answers on a random port under /v1/api", () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/api$/);
    expect(server.url.startsWith(server.origin)).toBe(true);
  });

  it("requires the application key on every API call, public ones included", async () => {
    for (const appKey of [null, "wrong-key"]) {
      const { status, json } = await api("GET", "/languages/all", { appKey });
      expect(status).toBe(401);
      expect(json).toEqual({ message: "Invalid application key" });
    }
    const { status, json } = await api("GET", "/languages/all");
    expect(status).toBe(200);
    expect(json.languages.map((language: Json) => language.iso_code)).toEqual(["es", "en"]);
  });

  it("answers 401 without a token or with an unknown one", async () => {
    expect(await api("GET", "/get_user_info")).toMatchObject({ status: 401, json: { message: "Unauthenticated." } });
    expect((await api("GET", "/get_user_info", { token: "not-a-token" })).status).toBe(401);
  });

  it("answers 404 with a message for unknown paths and ids", async () => {
    const token = await login(ANA);
    expect(await api("GET", "/no/such/call", { token })).toMatchObject({
      status: 404,
      json: { message: "Recurso no encontrado" },
    });
    expect((await api("GET", "/training/user_points/999", { token })).status).toBe(404);
  });

  it("serves the media files without an application key, with byte ranges", async () => {
    const pdf = await fetch(`${server.origin}/storage/media/guia-auditoria-interna.pdf`);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const partial = await fetch(`${server.origin}/storage/media/video-bienvenida.mp4`, {
      headers: { Range: "bytes=0-99" },
    });
    expect(partial.status).toBe(206);
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
    const manifest = await fetch(`${server.origin}/storage/scorm/intro-auditoria/imsmanifest.xml`);
    expect(await manifest.text()).toContain("<schemaversion>1.2</schemaversion>");
    expect((await fetch(`${server.origin}/storage/media/..%2f..%2fstore.ts`)).status).toBe(404);
  });
});

describe("sign-in", () => {
  it("signs in by e-mail or username, ignoring case", async () => {
    for (const email of [ANA, "ANA.MARTINEZ"]) {
      const { status, json } = await api("POST", "/auth/login", { body: { email, password: PASSWORD } });
      expect(status).toBe(200);
      expect(json).toMatchObject({
        token_type: "Bearer",
        user: { id: 1, full_name: "Ana Martínez", ranking: 14, welcome: 0 },
      });
      expect(json.access_token).toEqual(expect.any(String));
    }
  });

  it("refuses bad credentials with a 402 in the caller's language", async () => {
    const body = { email: ANA, password: "wrong-password" };
    expect(await api("POST", "/auth/login", { body })).toMatchObject({
      status: 402,
      json: { message: "Usuario o contraseña incorrectos" },
    });
    expect(await api("POST", "/auth/login", { body, locale: "en" })).toMatchObject({
      status: 402,
      json: { message: "Incorrect username or password" },
    });
  });

  it("answers 422 with the spec's field messages", async () => {
    const { status, json } = await api("POST", "/auth/login", { body: { email: "a", password: "" } });
    expect(status).toBe(422);
    expect(json).toEqual({
      message: "Los datos proporcionados no son válidos.",
      errors: { email: ["El número mínimo de caracteres es 2"], password: ["Este campo es obligatorio"] },
    });
    const english = await api("POST", "/auth/login", { body: {}, locale: "en" });
    expect(english.json).toMatchObject({
      message: "The given data was invalid.",
      errors: { email: ["This field is required"] },
    });
  });

  it("signs in by employee number", async () => {
    expect((await api("POST", "/auth/login_or_register", { body: { email: "100003" } })).json.user).toMatchObject({
      id: 3,
      welcome: 1,
    });
    expect(await api("POST", "/auth/login_or_register", { body: { email: "999999" } })).toMatchObject({
      status: 402,
      json: { message: "Número de empleado no registrado" },
    });
  });

  it("signs in with SSO parameters and checks their expiry", async () => {
    const future = String(Math.floor(Date.now() / 1000) + 600);
    const past = String(Math.floor(Date.now() / 1000) - 600);
    expect(
      (await api("POST", "/auth/login_with_token", { body: { employee_number: "100002", expires: future } })).json.user.id,
    ).toBe(2);
    expect(await api("POST", "/auth/login_with_token", { body: { email: ANA, expires: past } })).toMatchObject({
      status: 402,
      json: { message: "El enlace ha expirado" },
    });
    expect(await api("POST", "/auth/login_with_token", { body: { email: "nobody@academia.test" } })).toMatchObject({
      status: 402,
      json: { message: "Enlace de acceso no válido" },
    });
  });

  it("revokes the token on logout", async () => {
    const token = await login(ANA);
    expect((await api("POST", "/auth/logout", { token })).json).toMatchObject({ success: true });
    expect((await api("GET", "/get_user_info", { token })).status).toBe(401);
  });
});

describe("password recovery", () => {
  const outbox = async () => ((await (await fetch(`${server.origin}/__mock/outbox`)).json()) as Json).messages as Json[];

  it("e-mails a link, verifies the token, sets the password once", async () => {
    expect((await api("POST", "/auth/reset", { body: { email: "not-an-email" } })).status).toBe(422);
    expect((await api("POST", "/auth/reset", { body: { email: "ghost@academia.test" } })).json).toEqual({
      success: true,
      email: "ghost@academia.test",
    });
    expect(await outbox()).toEqual([]);

    expect((await api("POST", "/auth/reset", { body: { email: ANA } })).json).toEqual({ success: true, email: ANA });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to: ANA, link_path: `/recovery/${mail?.token}` });
    const token = mail?.token as string;
    expect((await api("POST", "/auth/verify_pass_token", { body: { token } })).json).toEqual({
      pending_data: { token, email: ANA },
    });

    const mismatch = await api("POST", "/auth/assign_new_password", {
      body: { token, password: "NuevaClave1", password_confirmation: "OtraClave1", recovery: 1 },
    });
    expect(mismatch).toMatchObject({
      status: 422,
      json: { errors: { password_confirmation: ["El valor no coincide"] } },
    });

    const assigned = await api("POST", "/auth/assign_new_password", {
      body: { token, password: "NuevaClave1", password_confirmation: "NuevaClave1", recovery: true },
    });
    expect(assigned.json).toMatchObject({ token_type: "Bearer", user: { email: ANA } });
    expect((await api("POST", "/auth/login", { body: { email: ANA, password: PASSWORD } })).status).toBe(402);
    await login(ANA, "NuevaClave1");
    expect((await api("POST", "/auth/verify_pass_token", { body: { token } })).status).toBe(402);
  });

  it("refuses the seeded expired token", async () => {
    expect(await api("POST", "/auth/verify_pass_token", { body: { token: "expired-token-000000" }, locale: "en" })).toMatchObject(
      {
        status: 402,
        json: { message: "The verification token has expired" },
      },
    );
  });
});

describe("training progress", () => {
  const progressOf = async (token: string, activityId: number) =>
    ((await api("GET", "/training/user_progress", { token })).json.user_progress as Json[]).find(
      (record) => record.activity_id === activityId && record.progress_type === "ACTIVITY",
    );

  it("records a started activity, its time, and finalizes it once with its points", async () => {
    const token = await login(ANA);
    expect(await progressOf(token, 109)).toBeUndefined();
    const started = await api("POST", "/activities/started", {
      token,
      body: { action: "started", activity: 109, status_type: "ACTIVITY" },
    });
    expect(started.json.user_progress).toMatchObject({
      activity_id: 109,
      training_activity_id: 109,
      status_type: "ACTIVITY",
      finalized: null,
    });
    await api("POST", "/activities/update_time", { token, body: { action: "update_time", activity: 109, time: 2 } });
    await api("POST", "/activities/update_time", { token, body: { action: "update_time", activity: 109, time: "1" } });
    expect(await progressOf(token, 109)).toMatchObject({ task_duration: 3, finalized: null });

    for (let attempt = 0; attempt < 2; attempt++) {
      const finished = await api("POST", "/activities/finished", {
        token,
        body: { action: "finished", activity: 109 },
      });
      expect(finished.json.user_progress).toMatchObject({ progress: 100, finalized: expect.any(String) });
    }
    expect((await api("GET", "/get_user_info", { token })).json.user.points).toBe(1310 + 100);
  });

  it("refuses locked escape rooms and inactive courses with 402", async () => {
    const token = await login(ANA);
    expect(await api("POST", "/activities/started", { token, body: { action: "started", activity: 209 } })).toMatchObject({
      status: 402,
      json: { message: "Este Escape Room está bloqueado, completa las actividades anteriores para desbloquearla." },
    });
    expect((await api("POST", "/activities/started", { token, body: { action: "started", activity: 407 } })).status).toBe(402);
  });

  it("validates the action, the activity and the modules", async () => {
    const token = await login(ANA);
    const mismatch = await api("POST", "/activities/finished", { token, body: { action: "started", activity: 101 } });
    expect(mismatch).toMatchObject({ status: 422, json: { errors: { action: ["Este campo no es válido"] } } });
    expect(
      (await api("POST", "/activities/started", { token, body: { action: "started", activity: 9999 } })).json.errors,
    ).toHaveProperty("activity");
    const modules = await api("POST", "/activities/update_activity_modules", {
      token,
      body: { action: "update_activity_modules", activity: 203, status_type: "ACTIVITY_MODULE", modules: "[2002]" },
    });
    expect(modules.json.user_progress).toMatchObject({ activity_id: 203, progress: 66.67 });
    const saved = await api("POST", "/activities/update_user_data", {
      token,
      body: { action: "update_user_data", activity: 203, user_data: { "cmi.core.lesson_location": "3" } },
    });
    expect(JSON.parse(saved.json.user_progress.user_data)).toEqual({ "cmi.core.lesson_location": "3" });
    const wrongModule = await api("POST", "/activities/update_activity_modules", {
      token,
      body: { action: "update_activity_modules", activity: 203, modules: [1001] },
    });
    expect(wrongModule.status).toBe(422);
  });
});

describe("notifications and news", () => {
  it("marks a notification seen and deletes another, only the caller's own", async () => {
    const token = await login(ANA);
    const list = async () => (await api("GET", "/user/user_notifications", { token })).json.user_notifications as Json[];
    const before = await list();
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(before.some((item) => String(item.short_description).includes("<script>"))).toBe(true);
    const [first, second] = before;
    expect(
      (await api("POST", "/user/notifications/view", { token, body: { id: first?.id } })).json.user_notification,
    ).toMatchObject({ seen: true, is_read: true });
    await api("POST", "/user/notifications/delete", { token, body: { id: second?.id } });
    const after = await list();
    expect(after.find((item) => item.id === first?.id)).toMatchObject({ seen: true });
    expect(after.some((item) => item.id === second?.id)).toBe(false);

    const carlosNotification = (await api("GET", "/user/user_notifications", { token: await login(CARLOS) })).json
      .user_notifications[0];
    expect((await api("POST", "/user/notifications/view", { token, body: { id: carlosNotification.id } })).status).toBe(404);
  });

  it("keeps Lucía's welcome flag until her welcome news is viewed", async () => {
    const token = await login(LUCIA);
    const { user_news: news } = (await api("GET", "/user/check_updates", { token })).json;
    const welcome = (news as Json[]).find((item) => item.news.key === "welcome");
    expect(welcome).toBeDefined();
    const viewed = await api("POST", `/user/user_news/${welcome?.id}`, { token });
    expect(viewed.json.user.welcome).toBe(0);
    expect((await api("GET", "/get_user_info", { token })).json.user.welcome).toBe(0);
  });
});

describe("forms", () => {
  it("accepts a PNG photo as pending validation and rejects other files by their bytes", async () => {
    const token = await login(ANA);
    const form = new FormData();
    form.append("file", new Blob([png()], { type: "image/png" }), "photo.png");
    const saved = await api("POST", "/user/profile_change_photo", { token, form });
    expect(saved.json.user.photo).toMatchObject({ validate: null });
    const served = await fetch(saved.json.user.photo_media.full_path);
    expect(served.headers.get("content-type")).toBe("image/png");

    const fake = new FormData();
    fake.append("file", new Blob(["<svg/>"], { type: "image/png" }), "photo.png");
    expect((await api("POST", "/user/profile_change_photo", { token, form: fake })).json.errors.file).toEqual([
      "El archivo debe ser una imagen PNG o JPEG",
    ]);
    const huge = new FormData();
    huge.append("file", new Blob([png(), new Uint8Array(4 * 1024 * 1024)], { type: "image/png" }), "photo.png");
    expect((await api("POST", "/user/profile_change_photo", { token, form: huge })).status).toBe(422);
  });

  it("sends the contact form without a token and refuses 'spam' with 402", async () => {
    const body = {
      name: "Ana",
      phone: "5512345678",
      email: "ana@example.com",
      comment: "Quisiera más información sobre la academia.",
    };
    expect((await api("POST", "/contact/send_comment", { body })).json).toMatchObject({ success: true });
    expect((await api("POST", "/contact/send_comment", { body: { ...body, comment: "corto" } })).json.errors.comment).toEqual([
      "El número mínimo de caracteres es 25",
    ]);
    expect((await api("POST", "/contact/send_comment", { body: { ...body, comment: `${body.comment} spam` } })).status).toBe(402);
  });

  it("saves a certificate (multipart) and refuses the documented 'ERROR' institution", async () => {
    const token = await login(LUCIA);
    const form = (institution: string) => {
      const data = new FormData();
      for (const [key, value] of Object.entries({
        certificate: "Auditor Interno",
        certificate_type: "COURSE",
        institution,
        expedition_date: "2025-03-01",
      })) {
        data.append(key, value);
      }
      return data;
    };
    expect((await api("POST", "/user/certificates/save", { token, form: form("IIA México") })).json.certificates).toHaveLength(1);
    expect((await api("POST", "/user/certificates/save", { token, form: form("ERROR") })).status).toBe(402);
  });

  it("saves support requests, suggestions, languages, university, a diagnosis and trivia answers", async () => {
    const token = await login(LUCIA);
    const support = await api("POST", "/support/save", {
      token,
      body: {
        subject: "No carga el PDF",
        device: "iPhone 12",
        app_section: "Inicio",
        support_category: 2,
        support_sub_category: 4,
        comment: "Se queda en blanco.",
      },
    });
    expect(support.json.supports).toHaveLength(1);
    const wrongSub = await api("POST", "/support/save", {
      token,
      body: {
        subject: "No carga el PDF",
        device: "iPhone 12",
        app_section: "Inicio",
        support_category: 2,
        support_sub_category: 1,
        comment: "x",
      },
    });
    expect(wrongSub.json.errors).toHaveProperty("support_sub_category");
    expect(
      (await api("POST", "/suggestion/save", { token, body: { suggestion_category_id: "1", content: "Más videos" } })).json
        .message,
    ).toBe("¡Gracias por tu sugerencia!");

    const languages = JSON.stringify([
      { language: "es", level: "Nativo" },
      { language: 2, level: "Básico" },
    ]);
    expect((await api("POST", "/user/languages", { token, body: { languages } })).json.user.user_languages).toHaveLength(2);
    const university = await api("POST", "/user/university", {
      token,
      body: { degree: "Contaduría", university: "UNAM", acronym: "UNAM" },
    });
    expect(university.json.user.university).toMatchObject({ university_id: 1, degree: "Contaduría" });

    const diagnosis = (await api("GET", "/diagnose", { token })).json.diagnose;
    expect(typeof diagnosis.questionnaire.questions[1].options).toBe("string");
    const moreData = JSON.stringify(
      [1, 2, 3, 4].map((questionId, index) => ({ question_id: questionId, answer: [1, 4, 6, 10][index] })),
    );
    expect(
      (await api("POST", "/diagnose/save_user_diagnose", { token, body: { diagnosis_id: 1, more_data: moreData } })).status,
    ).toBe(200);
    expect((await api("GET", "/diagnose/last_diagnoses", { token })).json.last_diagnoses).toHaveLength(1);
    const partial = JSON.stringify([{ question_id: 1, answer: 1 }]);
    expect(
      (await api("POST", "/diagnose/save_user_diagnose", { token, body: { diagnosis_id: 1, more_data: partial } })).json.errors
        .more_data,
    ).toEqual(["Responde todas las preguntas"]);

    const answers = [
      { question_id: 21, option_id: 211 },
      { question_id: 22, option_id: 222 },
      { question_id: 23, option_id: 232 },
    ];
    expect((await api("POST", "/check_trivia_game", { token, body: { trivia_game_id: 2, answers } })).json).toMatchObject({
      correct: 2,
      total: 3,
      points_earned: 20,
      points: 20,
    });
    expect((await api("POST", "/check_trivia_game", { token, body: { trivia_game_id: 2, answers } })).json.points_earned).toBe(0);
  });
});

describe("onboarding choices (extension)", () => {
  it("saves topics and content types on their own, reflected in 'selected', and refuses empty or unknown ids", async () => {
    const token = await login(LUCIA);
    const topics = await api("POST", "/user/training_topics", { token, body: { training_topics: "[3,6]" } });
    expect(topics.status).toBe(200);
    const listed = await api("GET", "/general/training_topics", { token });
    const selected = (listed.json.training_topics as Array<{ id: number; selected: boolean }>).filter((item) => item.selected);
    expect(selected.map((item) => item.id)).toEqual([3, 6]);
    const types = await api("POST", "/user/training_type_contents", { token, body: { training_type_contents: [2] } });
    expect(types.status).toBe(200);
    const empty = await api("POST", "/user/training_topics", { token, body: { training_topics: "[]" } });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual({ training_topics: ["Este campo es obligatorio"] });
    const unknown = await api("POST", "/user/training_type_contents", { token, body: { training_type_contents: "[99]" } });
    expect(unknown.json.errors).toEqual({ training_type_contents: ["Este campo no es válido"] });
  });
});

describe("ranking and leaders", () => {
  it("ranks 28+ users with Carlos 3rd and Ana 14th", async () => {
    const { ranking_users: rows, user_ranking: own } = (await api("GET", "/ranking_users", { token: await login(ANA) })).json;
    expect(rows.length).toBeGreaterThanOrEqual(28);
    expect(rows.find((row: Json) => row.first_name === "Carlos").ranking).toBe(3);
    expect(own).toMatchObject({ first_name: "Ana", ranking: 14 });
  });

  it("lets a leader manage the team and share material; others get 403", async () => {
    const token = await login(CARLOS);
    expect((await api("GET", "/leader/team", { token })).json.team).toHaveLength(3);
    const [candidate] = (await api("GET", "/leader/team/search?code=100003", { token })).json.users;
    expect(candidate).toMatchObject({ code_user: "100003", in_team: false });
    expect((await api("POST", "/leader/team/add", { token, body: { user_id: candidate.id } })).json.team).toHaveLength(4);
    expect((await api("POST", "/leader/team/add", { token, body: { user_id: candidate.id } })).status).toBe(402);
    expect((await api("POST", "/leader/team/remove", { token, body: { user_id: candidate.id } })).json.team).toHaveLength(3);
    const material = {
      title: "Guía de muestreo",
      type: 1,
      link: "https://example.com/muestreo",
      date: "2026-01-15",
      comments: "Léanla",
    };
    expect((await api("POST", "/leader/material", { token, body: material })).status).toBe(200);
    const home = (await api("GET", "/general/home_activities", { token })).json;
    expect(home.activities_recommendations[0].training_activity).toMatchObject({ title: "Guía de muestreo" });
    expect((await api("GET", "/leader/team", { token: await login(ANA) })).status).toBe(403);
  });
});

describe("reset", () => {
  it("puts back the seed and ends every session", async () => {
    const token = await login(ANA);
    await api("POST", "/activities/finished", { token, body: { action: "finished", activity: 109 } });
    server.reset();
    expect((await api("GET", "/get_user_info", { token })).status).toBe(401);
    const fresh = await login(ANA);
    const progress = (await api("GET", "/training/user_progress", { token: fresh })).json.user_progress as Json[];
    expect(progress.some((record) => record.activity_id === 109)).toBe(false);
  });

  it("is also reachable over HTTP for end-to-end tests", async () => {
    const token = await login(ANA);
    expect(await (await fetch(`${server.origin}/__mock/reset`, { method: "POST" })).json()).toEqual({ ok: true });
    expect((await api("GET", "/get_user_info", { token })).status).toBe(401);
  });
});

describe("fault injection", () => {
  it("answers 500 or truncated JSON at the configured rates, never on /__mock or files", async () => {
    const failing = await startMockServer({ port: 0, appKey: APP_KEY, errorRate: 1, testEndpoints: true });
    const garbled = await startMockServer({ port: 0, appKey: APP_KEY, malformedRate: 1, latencyMs: 50, testEndpoints: true });
    try {
      const headers = { "X-App-Key": APP_KEY };
      const error = await fetch(`${failing.url}/languages/all`, { headers });
      expect(error.status).toBe(500);
      expect(await error.json()).toEqual({ message: "Server Error" });
      expect((await fetch(`${failing.origin}/__mock/health`)).status).toBe(200);
      expect((await fetch(`${failing.origin}/storage/badges/top-10.png`)).status).toBe(200);

      const started = performance.now();
      const broken = await fetch(`${garbled.url}/languages/all`, { headers });
      expect(performance.now() - started).toBeGreaterThanOrEqual(45);
      expect(broken.status).toBe(200);
      await expect(broken.json()).rejects.toThrow();
    } finally {
      await Promise.all([failing.close(), garbled.close()]);
    }
  });
});

describe("test endpoints", () => {
  it("exist only when the harness turns them on: without the switch /__mock/* is a 404", async () => {
    const previous = process.env.MOCK_TEST_ENDPOINTS;
    delete process.env.MOCK_TEST_ENDPOINTS;
    const plain = await startMockServer({ port: 0, appKey: APP_KEY });
    process.env.MOCK_TEST_ENDPOINTS = "1";
    const switched = await startMockServer({ port: 0, appKey: APP_KEY });
    if (previous === undefined) delete process.env.MOCK_TEST_ENDPOINTS;
    else process.env.MOCK_TEST_ENDPOINTS = previous;
    try {
      for (const path of ["/__mock/outbox", "/__mock/calls", "/__mock/health"]) {
        expect((await fetch(`${plain.origin}${path}`)).status, path).toBe(404);
      }
      for (const path of ["/__mock/faults", "/__mock/reset"]) {
        expect((await fetch(`${plain.origin}${path}`, { method: "POST", body: "{}" })).status, path).toBe(404);
      }
      expect((await fetch(`${plain.origin}/storage/badges/top-10.png`)).status).toBe(200);
      expect((await fetch(`${switched.origin}/__mock/outbox`)).status).toBe(200);
    } finally {
      await Promise.all([plain.close(), switched.close()]);
    }
  });

  it("logs the API calls, sets faults over HTTP, and a reset clears both", async () => {
    const local = await startMockServer({ port: 0, appKey: APP_KEY, testEndpoints: true });
    try {
      const headers = { "X-App-Key": APP_KEY };
      await fetch(`${local.url}/languages/all`, { headers });
      const calls = async () => ((await (await fetch(`${local.origin}/__mock/calls`)).json()) as { calls: string[] }).calls;
      expect(await calls()).toEqual(["GET /languages/all"]);

      const set = await fetch(`${local.origin}/__mock/faults`, {
        method: "POST",
        body: JSON.stringify({ errorRate: 1, latencyMs: -5 }),
      });
      expect(((await set.json()) as { faults: { errorRate: number; latencyMs: number } }).faults).toMatchObject({
        errorRate: 1,
        latencyMs: 0,
      });
      expect((await fetch(`${local.url}/languages/all`, { headers })).status).toBe(500);

      await fetch(`${local.origin}/__mock/reset`, { method: "POST" });
      expect(await calls()).toEqual([]);
      expect((await fetch(`${local.url}/languages/all`, { headers })).status).toBe(200);
    } finally {
      await local.close();
    }
  });
});
