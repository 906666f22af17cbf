import { beforeEach, describe, expect, it } from "vitest";
import { commitSession } from "~/infra/session.server";
import type { ContactReply } from "~/routes/contact-form/contact.server";
import { context, dataOf, post, replyOf, responseOf, signedInCookie, UPSTREAM_FAILED, withLegacy } from "./helpers";

const legacy = withLegacy();
let cookie: string;
beforeEach(async () => {
  legacy().setFaults({ errorRate: 0, latencyMs: 0 });
  cookie = await signedInCookie();
});

const contact = (fields: Partial<Record<string, string>> = {}) => ({
  name: "Ana",
  phone: "5512345678",
  email: "ana@example.com",
  comment: "Quisiera saber cómo obtener mi certificado de la ruta inicial.",
  submission_id: crypto.randomUUID(),
  ...fields,
});

async function contactMessages(): Promise<unknown[]> {
  const reply = (await (await fetch(`${legacy().origin}/__mock/contact_messages`)).json()) as { messages: unknown[] };
  return reply.messages;
}

/** The live form's answer: JSON (the form posts with `fetch`, so nothing on its page reloads after it). */
async function contactReply(answer: unknown): Promise<{ status: number; data: ContactReply }> {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  return { status: response.status, data: (await response.json()) as ContactReply };
}

/** A reply that was not sent, for its form's result. */
function refused(reply: ContactReply) {
  if (reply.sent) throw new Error("expected a refused comment, it was sent");
  return reply.result;
}

describe("contact action", () => {
  it("sends a comment and offers a fresh form id", async () => {
    const { action } = await import("~/routes/contact-form/route");
    const { status, data: result } = await contactReply(
      await action({ request: post("/contact-form", contact()), params: {}, context }),
    );
    expect(status).toBe(200);
    expect(result).toMatchObject({
      sent: true,
      message: "¡Tu comentario ha sido enviado con éxito!",
      nextSubmissionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(await contactMessages()).toHaveLength(1);
  });

  it("sends a double POST of the same form once", async () => {
    const { action } = await import("~/routes/contact-form/route");
    const fields = contact();
    await Promise.all([
      action({ request: post("/contact-form", fields), params: {}, context }),
      action({ request: post("/contact-form", fields), params: {}, context }),
    ]);
    expect(await contactMessages()).toHaveLength(1);
  });

  it("answers field rules and keeps what was typed", async () => {
    const { action } = await import("~/routes/contact-form/route");
    const reply = await contactReply(
      await action({ request: post("/contact-form", contact({ comment: "corto" })), params: {}, context }),
    );
    expect(reply.status).toBe(400);
    expect(refused(reply.data).error).toEqual({ comment: ["minChars:25"] });
    expect(refused(reply.data).initialValue?.comment).toBe("corto");
    expect(await contactMessages()).toHaveLength(0);
  });

  it("shows the server's message for a 402", async () => {
    const { action } = await import("~/routes/contact-form/route");
    const reply = await contactReply(
      await action({
        request: post("/contact-form", contact({ comment: "Esto es spam, spam y más spam del bueno" })),
        params: {},
        context,
      }),
    );
    expect(refused(reply.data).error?.[""]?.[0]).toMatch(/\S/);
    expect(refused(reply.data).error?.[""]?.[0]).not.toBe("Ups algo salio mal");
  });

  it.each([
    ["a 500", { errorRate: 1 }],
    ["a timeout", { latencyMs: 2 * Number(process.env.LEGACY_TIMEOUT_MS) }],
  ])("says 'Ups algo salio mal' on %s and keeps the input", async (_name, faults) => {
    legacy().setFaults(faults);
    const { action } = await import("~/routes/contact-form/route");
    const reply = await contactReply(await action({ request: post("/contact-form", contact()), params: {}, context }));
    expect(reply.status).toBe(400);
    expect(refused(reply.data).error).toEqual({ "": UPSTREAM_FAILED });
    expect(refused(reply.data).initialValue?.name).toBe("Ana");
  });
});

/** The server's form (JavaScript off) names its page and comes back to it with the reply (decision 044). */
describe("contact form without JavaScript", () => {
  const back = async (fields: Record<string, string>) => {
    const { action } = await import("~/routes/contact-form/route");
    const answer = responseOf(await action({ request: post("/contact-form", fields), params: {}, context }));
    const flash = answer.headers.get("Set-Cookie") ?? "";
    return { status: answer.status, location: answer.headers.get("Location"), flash, cookie: flash.split(";")[0]! };
  };
  const pageWith = async (cookieHeader: string) => {
    const { loader } = await import("~/routes/_guest+/_layout");
    const request = new Request("http://localhost/about", { headers: { Cookie: cookieHeader } });
    return replyOf(await loader({ request, params: {}, context }));
  };

  it("goes back to its page with the errors and what was typed, once", async () => {
    const sent = await back(contact({ comment: "corto", redirect_to: "/about" }));
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/about#contact");
    expect(sent.flash).toMatch(/HttpOnly/i);
    expect(sent.flash).not.toContain("corto");
    const page = await pageWith(sent.cookie);
    const reply = page.data.contact.pageReply;
    expect(reply?.sent).toBe(false);
    expect(reply?.result.error).toEqual({ comment: ["minChars:25"] });
    expect(reply?.result.initialValue).toMatchObject({ name: "Ana", phone: "5512345678", comment: "corto" });
    expect(page.headers.get("Set-Cookie")).toMatch(/^contact-reply=; Max-Age=0/);
    expect(await contactMessages()).toHaveLength(0);
  });

  it("goes back with the notice once sent", async () => {
    const sent = await back(contact({ redirect_to: "/contact?x=1" }));
    expect(sent.location).toBe("/contact?x=1#contact");
    const reply = (await pageWith(sent.cookie)).data.contact.pageReply;
    expect(reply).toMatchObject({ sent: true, message: "¡Tu comentario ha sido enviado con éxito!" });
    expect(await contactMessages()).toHaveLength(1);
  });

  it("with the legacy API down, goes to /contact (it needs no legacy call) with the reply; a refusal still goes back", async () => {
    legacy().setFaults({ errorRate: 1 });
    const down = await back(contact({ redirect_to: "/" }));
    expect(down.location).toBe("/contact#contact");
    const reply = (await pageWith(down.cookie)).data.contact.pageReply;
    expect(reply?.sent).toBe(false);
    expect(reply?.result.error).toEqual({ "": UPSTREAM_FAILED });
    expect(reply?.result.initialValue).toMatchObject({ name: "Ana", comment: contact().comment });
    legacy().setFaults({ errorRate: 0 });
    const spam = await back(contact({ comment: "Esto es spam, spam y más spam del bueno", redirect_to: "/" }));
    expect(spam.location).toBe("/#contact");
  });

  it.each(["//evil.example/", "https://evil.example/", "/\\evil.example", ""])("never goes back to %j", async (to) => {
    expect((await back(contact({ comment: "corto", redirect_to: to }))).location).toBe("/#contact");
  });

  it("keeps the flash under 4 KB for the longest values a browser lets a person type", async () => {
    // Three UTF-8 bytes a character, every field at its maxlength, and a phone of any length.
    const sent = await back(
      contact({
        name: "€".repeat(64),
        email: "€".repeat(65),
        phone: "€".repeat(10_000),
        comment: "€".repeat(512),
        redirect_to: "/",
      }),
    );
    expect(sent.cookie.length).toBeLessThan(4096);
    const reply = (await pageWith(sent.cookie)).data.contact.pageReply;
    expect(reply?.result.error).toEqual({ email: ["maxChars:64"] });
    expect(reply?.result.initialValue).toMatchObject({ name: "€".repeat(64), comment: "€".repeat(512), phone: "€".repeat(64) });
  });

  it.each([
    ["forged", "contact-reply=Fe26.2**forged*value~2"],
    ["not sealed", "contact-reply=%7B%22sent%22%3Atrue%7D"],
  ])("ignores a %s flash and clears it", async (_name, forged) => {
    const page = await pageWith(forged);
    expect(page.data.contact.pageReply).toBeUndefined();
    expect(page.headers.get("Set-Cookie")).toMatch(/^contact-reply=; Max-Age=0/);
  });
});

describe("suggestion action", () => {
  it("saves a suggestion", async () => {
    const { action } = await import("~/routes/_app+/faq+/suggestion");
    const result = dataOf(
      await action({
        request: post("/faq/suggestion", { suggestion_category_id: "1", content: "Más videos cortos" }, cookie),
        params: {},
        context,
      }),
    );
    expect(result.sent).toBe(true);
  });

  it("answers field rules", async () => {
    const { action } = await import("~/routes/_app+/faq+/suggestion");
    const reply = replyOf(
      await action({ request: post("/faq/suggestion", { content: "x".repeat(129) }, cookie), params: {}, context }),
    );
    expect(reply.data.result.error).toEqual({ suggestion_category_id: ["required"], content: ["maxChars:128"] });
  });

  it("says 'Ups algo salio mal' on a 500", async () => {
    legacy().setFaults({ errorRate: 1 });
    const { action } = await import("~/routes/_app+/faq+/suggestion");
    const reply = replyOf(
      await action({
        request: post("/faq/suggestion", { suggestion_category_id: "1", content: "Hola" }, cookie),
        params: {},
        context,
      }),
    );
    expect(reply.data.result.error).toEqual({ "": UPSTREAM_FAILED });
  });
});

describe("support action", () => {
  const request = {
    subject: "No carga el video",
    device: "Android 13 · Chrome 120",
    app_section: "Inicio",
    support_category: "1",
    support_sub_category: "1",
    comment: "El video de bienvenida se queda en negro.",
  };

  it("reviews, then sends and lists the request", async () => {
    const route = await import("~/routes/_app+/support+/new.($activity)");
    const review = dataOf(
      await route.action({ request: post("/support/new", { ...request, intent: "review" }, cookie), params: {}, context }),
    );
    expect(review.step).toBe("confirm");
    const sent = responseOf(
      await route.action({ request: post("/support/new", { ...request, intent: "send" }, cookie), params: {}, context }),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/support");
    const list = await import("~/routes/_app+/support+/_layout");
    const { requests } = dataOf(
      await list.loader({
        request: new Request("http://localhost/support", { headers: { Cookie: cookie } }),
        params: {},
        context,
      }),
    );
    expect(requests.map((item) => item.subject)).toContain("No carga el video");
  });

  it("refuses a sub-category of another category", async () => {
    const route = await import("~/routes/_app+/support+/new.($activity)");
    const categories = dataOf(
      await route.loader({
        request: new Request("http://localhost/support/new", { headers: { Cookie: cookie } }),
        params: {},
        context,
      }),
    );
    const [first, second] = categories.categories;
    const foreign = String(second?.subCategories[0]?.id);
    const reply = replyOf(
      await route.action({
        request: post(
          "/support/new",
          { ...request, support_category: String(first?.id), support_sub_category: foreign, intent: "send" },
          cookie,
        ),
        params: {},
        context,
      }),
    );
    expect(reply.data.result.error).toEqual({ support_sub_category: ["invalid"] });
  });

  it("shows the server's message for a 401 on send instead of ending the session", async () => {
    const route = await import("~/routes/_app+/support+/new.($activity)");
    // The categories are a cached catalogue: load them with a valid session first.
    await route.loader({
      request: new Request("http://localhost/support/new", { headers: { Cookie: cookie } }),
      params: {},
      context,
    });
    const stale = await commitSession({
      token: "revoked-token",
      user: { id: 1, firstName: "Ana", lastName: "Martínez", fullName: "Ana Martínez", photoUrl: null, isLeader: false },
      welcome: false,
    });
    const reply = replyOf(
      await route
        .action({
          request: post("/support/new", { ...request, intent: "send" }, stale.split(";")[0]),
          params: {},
          context,
        })
        .catch((error: unknown) => error as Awaited<ReturnType<typeof route.action>>),
    );
    expect(reply.data.result.error?.[""]).toEqual(["Unauthenticated."]);
  });
});
