import { beforeEach, describe, expect, it } from "vitest";
import { commitSession } from "~/infra/session.server";
import { context, dataOf, having, post, replyOf, responseOf, signedInCookie, UPSTREAM_FAILED, withLegacy } from "./helpers";

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

describe("contact action", () => {
  it("sends a comment and offers a fresh form id", async () => {
    const { action } = await import("~/routes/_guest+/contact");
    const result = having(dataOf(await action({ request: post("/contact", contact()), params: {}, context })), "message");
    expect(result.sent).toBe(true);
    expect(result.message).toBe("¡Tu comentario ha sido enviado con éxito!");
    expect(result.nextSubmissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await contactMessages()).toHaveLength(1);
  });

  it("sends a double POST of the same form once", async () => {
    const { action } = await import("~/routes/_guest+/contact");
    const fields = contact();
    await Promise.all([
      action({ request: post("/contact", fields), params: {}, context }),
      action({ request: post("/contact", fields), params: {}, context }),
    ]);
    expect(await contactMessages()).toHaveLength(1);
  });

  it("answers field rules and keeps what was typed", async () => {
    const { action } = await import("~/routes/_guest+/contact");
    const reply = replyOf(await action({ request: post("/contact", contact({ comment: "corto" })), params: {}, context }));
    expect(reply.status).toBe(400);
    expect(reply.data.result.error).toEqual({ comment: ["minChars:25"] });
    expect(reply.data.result.initialValue?.comment).toBe("corto");
    expect(await contactMessages()).toHaveLength(0);
  });

  it("shows the server's message for a 402", async () => {
    const { action } = await import("~/routes/_guest+/contact");
    const reply = replyOf(
      await action({
        request: post("/contact", contact({ comment: "Esto es spam, spam y más spam del bueno" })),
        params: {},
        context,
      }),
    );
    expect(reply.data.result.error?.[""]?.[0]).toMatch(/\S/);
    expect(reply.data.result.error?.[""]?.[0]).not.toBe("Ups algo salio mal");
  });

  it.each([
    ["a 500", { errorRate: 1 }],
    ["a timeout", { latencyMs: 1500 }],
  ])("says 'Ups algo salio mal' on %s and keeps the input", async (_name, faults) => {
    legacy().setFaults(faults);
    const { action } = await import("~/routes/_guest+/contact");
    const reply = replyOf(await action({ request: post("/contact", contact()), params: {}, context }));
    expect(reply.data.result.error).toEqual({ "": UPSTREAM_FAILED });
    expect(reply.data.result.initialValue?.name).toBe("Ana");
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
