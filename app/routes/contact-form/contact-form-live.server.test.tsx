import { describe, expect, it } from "vitest";
import { translatorFor } from "~/infra/language.server";
import { contactFormHtml } from "./contact-form-live.server";
import { contactFormData } from "./contact.server";

const { constraint } = (await contactFormData(new Request("http://localhost/"))).contact;
const es = translatorFor("es");
const en = translatorFor("en");

/** The value of the hidden field `name`, as the HTML writes it. */
const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];

describe("the server's contact form", () => {
  it("is its language's form drawn once, with the page's submission id and page in it", () => {
    const first = contactFormHtml(es, { submissionId: "4b1c0d52-0f0e-4f6f-8d3e-1a2b3c4d5e6f", constraint }, "/faq");
    const second = contactFormHtml(es, { submissionId: "9e8d7c6b-5a49-4382-9170-fedcba987654", constraint }, "/welcome");
    expect(first).toContain('id="contact-4b1c0d52-0f0e-4f6f-8d3e-1a2b3c4d5e6f"');
    expect(first).toContain('for="contact-4b1c0d52-0f0e-4f6f-8d3e-1a2b3c4d5e6f-comment"');
    expect(hidden(first, "submission_id")).toBe("4b1c0d52-0f0e-4f6f-8d3e-1a2b3c4d5e6f");
    expect(hidden(first, "redirect_to")).toBe("/faq");
    expect(first).toContain(">Nombre</label>");
    expect(first).not.toMatch(/placeholder0/);
    // The same form but for what was filled in.
    expect(second.replaceAll("9e8d7c6b-5a49-4382-9170-fedcba987654", "ID").replace('value="/welcome"', 'value="/faq"')).toBe(
      first.replaceAll("4b1c0d52-0f0e-4f6f-8d3e-1a2b3c4d5e6f", "ID"),
    );
    expect(contactFormHtml(en, { submissionId: "x", constraint }, "/")).toContain(">Name</label>");
  });

  it("writes a hostile page address as text: no element, no attribute of its own", () => {
    const html = contactFormHtml(es, { submissionId: "x", constraint }, `/faq?q="><script>alert(1)</script>&a='b'`);
    expect(html).not.toContain("<script");
    expect(hidden(html, "redirect_to")).toBe("/faq?q=&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#38;a=&#39;b&#39;");
  });

  it("draws a reply for its page: what was typed and why it was refused, which no later form keeps", () => {
    const refused = contactFormHtml(
      es,
      {
        submissionId: "refused-id",
        constraint,
        pageReply: {
          sent: false,
          result: {
            status: "error",
            initialValue: { name: "Mariana López", comment: "Hola" },
            error: { "": ["Servicio no disponible"] },
          },
        },
      },
      "/",
    );
    expect(refused).toContain('value="Mariana López"');
    expect(refused).toContain("Servicio no disponible");
    expect(hidden(refused, "submission_id")).toBe("refused-id");
    const sent = contactFormHtml(
      es,
      {
        submissionId: "first-id",
        constraint,
        pageReply: { sent: true, message: "¡Gracias!", nextSubmissionId: "next-id", result: { status: "success" } },
      },
      "/",
    );
    expect(hidden(sent, "submission_id")).toBe("next-id");
    expect(sent).toContain("¡Gracias!");
    const fresh = contactFormHtml(es, { submissionId: "y", constraint }, "/");
    expect(fresh).not.toContain("Mariana");
    expect(fresh).not.toContain("¡Gracias!");
  });
});
