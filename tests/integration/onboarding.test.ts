import { beforeEach, describe, expect, it } from "vitest";
import { png, pngThenHtml } from "../png";
import {
  caught,
  context,
  cookiesOf,
  dataOf,
  form,
  get,
  post,
  replyOf,
  responseOf,
  signedInCookie,
  UPSTREAM_FAILED,
  withLegacy,
} from "./helpers";

const legacy = withLegacy();
let cookie: string;
const LUCIA = "lucia.gomez@academia.test";

beforeEach(async () => {
  legacy().setFaults({ errorRate: 0, latencyMs: 0 });
  cookie = await signedInCookie(LUCIA);
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context });

function multipart(path: string, fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return new Request(`http://localhost${path}`, { method: "POST", body, headers: { Cookie: cookie } });
}

async function pendingNews() {
  const layout = await import("~/routes/_app+/_layout");
  const data = dataOf(await layout.loader(args(get("/", cookie))));
  return data;
}

describe("news and the welcome flow", () => {
  it("the layout shows the first pending item, sanitised, and reads Save-Data", async () => {
    const { news, saveData } = await pendingNews();
    expect(news).toMatchObject({
      key: "welcome",
      title: "¡Bienvenido a la Academia!",
      videoUrl: expect.stringContaining("video-bienvenida.mp4"),
    });
    expect(news?.bodyHtml).toContain("<p>");
    expect(saveData).toBe(false);
    const layout = await import("~/routes/_app+/_layout");
    const request = new Request("http://localhost/", { headers: { Cookie: cookie, "Save-Data": "on" } });
    expect(dataOf(await layout.loader(args(request))).saveData).toBe(true);
  });

  it("'Continuar' on welcome marks it viewed and goes to the questionnaire; the next item goes back", async () => {
    const { action } = await import("~/routes/news.$id");
    const welcome = (await pendingNews()).news;
    const first = responseOf(
      await action(args(post(`/news/${welcome?.id}`, { redirectTo: "/ranking" }, cookie), { id: String(welcome?.id) })),
    );
    expect(first.headers.get("Location")).toBe("/questionnaires");
    const next = (await pendingNews()).news;
    expect(next?.key).toBe("nueva-ruta");
    const second = responseOf(
      await action(args(post(`/news/${next?.id}`, { redirectTo: "/ranking" }, cookie), { id: String(next?.id) })),
    );
    expect(second.headers.get("Location")).toBe("/ranking");
    expect((await pendingNews()).news).toBeNull();
  });

  it("an unknown item goes back; a 500 goes back with the generic toast and leaves the item pending", async () => {
    const { action } = await import("~/routes/news.$id");
    const unknown = responseOf(await action(args(post("/news/999", { redirectTo: "/faq" }, cookie), { id: "999" })));
    expect(unknown.headers.get("Location")).toBe("/faq");
    const welcome = (await pendingNews()).news;
    legacy().setFaults({ errorRate: 1 });
    const failed = responseOf(
      await action(args(post(`/news/${welcome?.id}`, { redirectTo: "/faq" }, cookie), { id: String(welcome?.id) })),
    );
    expect(failed.headers.get("Location")).toBe("/faq");
    expect(failed.headers.get("Set-Cookie")).toMatch(/^toast=/);
    legacy().setFaults({ errorRate: 0 });
    expect((await pendingNews()).news?.key).toBe("welcome");
  });
});

describe("questionnaire", () => {
  const answers = { "answer-1": "2", "answer-2": "4", "answer-3": "6", "answer-4": "10" };

  it("loads the questions; an earlier diagnosis comes back selected", async () => {
    const { loader } = await import("~/routes/_onboarding+/questionnaires");
    const fresh = dataOf(await loader(args(get("/questionnaires", cookie))));
    expect(fresh.questions).toHaveLength(4);
    expect(fresh.answers).toEqual({});
    const anaCookie = await signedInCookie();
    const ana = dataOf(await loader(args(get("/questionnaires", anaCookie))));
    expect(Object.keys(ana.answers)).toHaveLength(4);
  });

  it("moves one question at a time and refuses to move on unanswered", async () => {
    const { action } = await import("~/routes/_onboarding+/questionnaires");
    const next = dataOf(await action(args(post("/questionnaires", { step: "0", intent: "next", "answer-1": "2" }, cookie))));
    expect(next.step).toBe(1);
    const back = dataOf(await action(args(post("/questionnaires", { step: "1", intent: "back", "answer-1": "2" }, cookie))));
    expect(back.step).toBe(0);
    const open = replyOf(await action(args(post("/questionnaires", { step: "1", intent: "next", "answer-1": "2" }, cookie))));
    expect(open.status).toBe(400);
    expect(open.data).toMatchObject({ step: 1, errors: ["Elige una respuesta para continuar"], answers: { 1: 2 } });
  });

  it("Finalizar sends every answer and goes to certifications", async () => {
    const { action, loader } = await import("~/routes/_onboarding+/questionnaires");
    const done = responseOf(await action(args(post("/questionnaires", { step: "3", intent: "finish", ...answers }, cookie))));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/certifications");
    const again = dataOf(await loader(args(get("/questionnaires", cookie))));
    expect(again.answers).toEqual({ 1: 2, 2: 4, 3: 6, 4: 10 });
  });

  it("a 500 keeps every answer and the step, and says 'Ups algo salio mal'", async () => {
    const { action } = await import("~/routes/_onboarding+/questionnaires");
    legacy().setFaults({ errorRate: 1 });
    const failed = replyOf(await action(args(post("/questionnaires", { step: "3", intent: "finish", ...answers }, cookie))));
    expect(failed.status).toBe(400);
    expect(failed.data).toMatchObject({ step: 3, errors: UPSTREAM_FAILED, answers: { 1: 2, 2: 4, 3: 6, 4: 10 } });
  });
});

describe("certification form", () => {
  const valid = {
    certificate: "Auditoría de TI",
    certificate_type: "COURSE",
    institution: "ISACA",
    expedition_date: "2024-03-15",
  };

  it("saves with a PDF and answers '¡Certificado guardado con éxito!' with a reset form; the intro lists it", async () => {
    const { action } = await import("~/routes/_onboarding+/certifications.new");
    const pdf = new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "diploma.pdf", { type: "application/pdf" });
    const reply = dataOf(await action(args(multipart("/certifications/new", { ...valid, file_certificate: pdf }))));
    expect(reply.saved).toBe("¡Certificado guardado con éxito!");
    expect(reply.result.initialValue).toBeNull();
    const intro = await import("~/routes/_onboarding+/certifications._index");
    const { certificates } = dataOf(await intro.loader(args(get("/certifications", cookie))));
    expect(certificates).toEqual([expect.objectContaining({ name: "Auditoría de TI", type: "COURSE" })]);
  });

  it("without JavaScript, 'Regresar' leaves an untouched form at once and asks over a typed one, keeping it unjudged", async () => {
    const { action } = await import("~/routes/_onboarding+/certifications.new");
    const untouched = await action(
      args(multipart("/certifications/new", { certificate_type: "CERTIFICATE", leave: "/certifications" })),
    );
    expect(untouched).toBeInstanceOf(Response);
    expect((untouched as Response).headers.get("Location")).toBe("/certifications");
    const typed = dataOf(
      await action(args(multipart("/certifications/new", { certificate: "CIA", leave: "/select_learning_path" }))),
    );
    expect(typed).toMatchObject({ leave: "/select_learning_path", saved: null });
    expect(typed.result.error).toEqual({});
    expect(typed.result.initialValue).toMatchObject({ certificate: "CIA" });
    // Only the form's own two ways out: any other address is no leave, and the form is judged.
    const elsewhere = replyOf(
      await action(args(multipart("/certifications/new", { certificate: "CIA", leave: "https://evil.example" }))),
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.data).not.toHaveProperty("leave");
  });

  it("refuses a disguised file by its content and keeps what was typed", async () => {
    const { action } = await import("~/routes/_onboarding+/certifications.new");
    const fake = new File(["<html>"], "diploma.png", { type: "image/png" });
    const reply = replyOf(await action(args(multipart("/certifications/new", { ...valid, file_certificate: fake }))));
    expect(reply.status).toBe(415);
    expect(reply.data.result.error).toEqual({ file_certificate: ["El archivo debe ser PNG, JPEG o PDF"] });
    expect(reply.data.result.initialValue).toMatchObject({ institution: "ISACA" });
  });

  it("stores an image certificate as a clean copy and a PDF as sent, whatever the file's name", async () => {
    const { action } = await import("~/routes/_onboarding+/certifications.new");
    const page = "<script>alert(document.cookie)</script>";
    const pdfBytes = new TextEncoder().encode(`%PDF-1.4\n%%EOF\n`);
    const files = [
      new File([png(40, 30), page], 'diploma;name="x".png', { type: "image/png" }),
      new File([pdfBytes], `título=ñ\n${"d".repeat(290)}.pdf`, { type: "application/pdf" }),
    ];
    for (const file of files) {
      const reply = dataOf(await action(args(multipart("/certifications/new", { ...valid, file_certificate: file }))));
      expect(reply.saved).toBe("¡Certificado guardado con éxito!");
    }
    const { requireUser } = await import("~/infra/auth.server");
    const { getProfileInfo } = await import("~/legacy/user.server");
    const { certificates } = await getProfileInfo((await requireUser(get("/certifications", cookie))).ctx);
    const [image, pdf] = await Promise.all(
      certificates.map(async ({ fileUrl }) => Buffer.from(await (await fetch(fileUrl ?? "")).arrayBuffer())),
    );
    expect(image?.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(image?.includes(page)).toBe(false);
    expect(pdf).toEqual(Buffer.from(pdfBytes));
  });

  it.each([
    ["a 30000 × 30000 PNG", png(30000, 30000), 422, "La imagen no debe superar 8000 px por lado ni 25 megapíxeles"],
    ["a PNG signature followed by HTML", pngThenHtml, 415, "El archivo debe ser PNG, JPEG o PDF"],
  ])("refuses %s with its message and keeps what was typed", async (_name, bytes, status, message) => {
    const { action } = await import("~/routes/_onboarding+/certifications.new");
    const file = new File([bytes], "diploma.png", { type: "image/png" });
    const reply = replyOf(await action(args(multipart("/certifications/new", { ...valid, file_certificate: file }))));
    expect(reply.status).toBe(status);
    expect(reply.data.result.error).toEqual({ file_certificate: [message] });
    expect(reply.data.result.initialValue).toEqual({ ...valid });
  });

  it("takes a file of exactly 4 MiB and refuses one byte more without reading past the limit", async () => {
    const { action } = await import("~/routes/_onboarding+/certifications.new");
    const pdf = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
      return new File([bytes], "diploma.pdf", { type: "application/pdf" });
    };
    const fits = dataOf(
      await action(args(multipart("/certifications/new", { ...valid, file_certificate: pdf(4 * 1024 * 1024) }))),
    );
    expect(fits.saved, JSON.stringify(fits.result)).toBe("¡Certificado guardado con éxito!");
    const tooLarge = replyOf(
      await action(args(multipart("/certifications/new", { ...valid, file_certificate: pdf(4 * 1024 * 1024 + 1) }))),
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.data.result.error).toEqual({ file_certificate: ["El archivo no debe superar los 4 MB"] });
    // What was typed comes back (the file's part is the form's last).
    expect(tooLarge.data.result.initialValue).toEqual({ ...valid });
  });

  it("answers the field rules", async () => {
    const { action } = await import("~/routes/_onboarding+/certifications.new");
    const reply = replyOf(
      await action(args(multipart("/certifications/new", { ...valid, certificate: "A", expedition_date: "2024-02-30" }))),
    );
    expect(reply.data.result.error).toEqual({ certificate: ["minChars:2"], expedition_date: ["invalid"] });
  });

  it("shows the server's message on a 402 and 'Ups algo salio mal' on a 500", async () => {
    const { action } = await import("~/routes/_onboarding+/certifications.new");
    const refused = replyOf(await action(args(multipart("/certifications/new", { ...valid, institution: "ERROR" }))));
    expect(refused.data.result.error).toEqual({ "": ["La institución indicada no pudo validar el certificado"] });
    expect(refused.data.result.initialValue).toMatchObject({ certificate: "Auditoría de TI" });
    legacy().setFaults({ errorRate: 1 });
    const failed = replyOf(await action(args(multipart("/certifications/new", valid))));
    expect(failed.data.result.error).toEqual({ "": UPSTREAM_FAILED });
  });
});

describe("topics and content types", () => {
  it("save the choice, go on, and come back selected", async () => {
    const topics = await import("~/routes/_onboarding+/select_learning_path");
    const saved = responseOf(
      await topics.action(
        args(
          new Request("http://localhost/select_learning_path", {
            method: "POST",
            body: (() => {
              const body = form({});
              body.append("ids", "3");
              body.append("ids", "6");
              return body;
            })(),
            headers: { Cookie: cookie },
          }),
        ),
      ),
    );
    expect(saved.headers.get("Location")).toBe("/select_content_type");
    const { items } = dataOf(await topics.loader(args(get("/select_learning_path", cookie))));
    expect(items.filter((item) => item.selected).map((item) => item.id)).toEqual([3, 6]);

    const types = await import("~/routes/_onboarding+/select_content_type");
    const next = responseOf(await types.action(args(post("/select_content_type", { ids: "3" }, cookie))));
    expect(next.headers.get("Location")).toBe("/update_profile");
    const reread = dataOf(await types.loader(args(get("/select_content_type", cookie))));
    expect(reread.items.filter((item) => item.selected).map((item) => item.id)).toEqual([3]);
  });

  it("require one choice, refuse an unknown id (422) and say 'Ups algo salio mal' on a 500", async () => {
    const topics = await import("~/routes/_onboarding+/select_learning_path");
    const empty = replyOf(await topics.action(args(post("/select_learning_path", {}, cookie))));
    expect(empty.status).toBe(400);
    expect(empty.data.result.error).toEqual({ ids: ["required"] });
    const unknown = replyOf(await topics.action(args(post("/select_learning_path", { ids: "99" }, cookie))));
    expect(unknown.data.result.error).toEqual({ ids: ["Este campo no es válido"] });
    legacy().setFaults({ errorRate: 1 });
    const failed = replyOf(await topics.action(args(post("/select_learning_path", { ids: "1" }, cookie))));
    expect(failed.data.result.error).toEqual({ "": UPSTREAM_FAILED });
  });
});

describe("profile update and the user loader", () => {
  const profile = {
    full_name: "Lucía Gómez",
    nickname: "Lu",
    work_position_id: "2",
    university: "Universidad de Chile",
    acronym: "UCH",
    degree: "Contaduría",
    "languages[0].language": "es",
    "languages[0].level": "Nativo",
    "languages[1].language": "en",
    "languages[1].level": "Intermedio",
  };

  it("fills the form from the legacy API, saves and goes to the loader", async () => {
    const { action, loader } = await import("~/routes/_onboarding+/update_profile");
    const before = dataOf(await loader(args(get("/update_profile", cookie))));
    expect(before.defaults).toMatchObject({
      full_name: "Lucía Gómez",
      university: "",
      languages: [
        { language: "es", level: "" },
        { language: "en", level: "" },
      ],
    });
    const saved = responseOf(await action(args(post("/update_profile", profile, cookie))));
    expect(saved.headers.get("Location")).toBe("/user_loader");
    const after = dataOf(await loader(args(get("/update_profile", cookie))));
    expect(after.defaults).toMatchObject({
      nickname: "Lu",
      work_position_id: 2,
      university_id: 6,
      acronym: "UCH",
      languages: [
        { language: "es", level: "Nativo" },
        { language: "en", level: "Intermedio" },
      ],
    });
  });

  it("the session takes the saved name, so the header shows it", async () => {
    const { action } = await import("~/routes/_onboarding+/update_profile");
    const { readSession } = await import("~/infra/session.server");
    const saved = responseOf(await action(args(post("/update_profile", { ...profile, full_name: "Lucía Gómez Ríos" }, cookie))));
    const session = await readSession(get("/", cookiesOf(saved)));
    expect(session?.user.fullName).toBe("Lucía Gómez Ríos");
    expect(session?.token).toBe((await readSession(get("/", cookie)))?.token);
  });

  it("a university chosen from the catalogue fills the name and acronym left blank", async () => {
    const { action, loader } = await import("~/routes/_onboarding+/update_profile");
    const saved = responseOf(
      await action(args(post("/update_profile", { ...profile, university_id: "1", university: "", acronym: "" }, cookie))),
    );
    expect(saved.headers.get("Location")).toBe("/user_loader");
    const after = dataOf(await loader(args(get("/update_profile", cookie))));
    expect(after.defaults).toMatchObject({
      university_id: 1,
      university: "Universidad Nacional Autónoma de México",
      acronym: "UNAM",
    });
  });

  it("answers the field rules, the legacy API's own (422), and a 500, keeping what was typed", async () => {
    const { action } = await import("~/routes/_onboarding+/update_profile");
    const rules = replyOf(await action(args(post("/update_profile", { ...profile, degree: "C", acronym: "" }, cookie))));
    expect(rules.data.result.error).toEqual({ degree: ["minChars:2"], acronym: ["required"] });
    const language = replyOf(await action(args(post("/update_profile", { ...profile, "languages[1].language": "fr" }, cookie))));
    expect(language.status).toBe(400);
    expect(language.data.result.error).toEqual({ "languages[1].language": ["invalid"] });
    const legacyRule = replyOf(await action(args(post("/update_profile", { ...profile, work_position_id: "99" }, cookie))));
    expect(legacyRule.data.result.error).toEqual({ work_position_id: ["Este campo no es válido"] });
    legacy().setFaults({ errorRate: 1 });
    const failed = replyOf(await action(args(post("/update_profile", profile, cookie))));
    expect(failed.data.result.error).toEqual({ "": UPSTREAM_FAILED });
    expect(failed.data.result.initialValue).toMatchObject({ nickname: "Lu", degree: "Contaduría" });
  });

  it("the loader greets by first name; a guest goes to /welcome", async () => {
    const { loader } = await import("~/routes/_onboarding+/user_loader");
    expect(await loader(args(get("/user_loader", cookie)))).toEqual({ name: "Lucía" });
    const guest = await caught(loader(args(get("/user_loader"))));
    expect(guest.headers.get("Location")).toBe("/welcome");
  });
});
