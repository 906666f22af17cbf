import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/infra/language.server";
import { counted, page } from "../../../tests/fixtures/drawn-markup";
import type { ActivityCardData } from "./cards";
import { WelcomeBlock, type WelcomeBlockData } from "./welcome-block";
import { DrawnWelcomeBlock } from "./welcome-block.server";

const card = (id: number, title: string): ActivityCardData => ({
  id,
  title,
  description: `Descripción de ${title}`,
  courseName: "Simuladores",
  contentTypeName: "eLearning",
  coverUrl: `/files/storage/media/cover-${id}.png`,
});

const data = (title = "Simulador: arqueo de caja"): WelcomeBlockData => ({
  simulators: { title: "", activities: [card(501, title), card(502, "Simulador: conciliación")] },
  learningRoute: {
    title: "Ruta",
    courses: [
      { id: 11, name: "Fundamentos", activities: [card(101, "Bienvenida")] },
      { id: 12, name: "Escape room", activities: [] },
    ],
  },
  videoTips: { title: "", activities: [card(503, "Tip: evidencia"), card(504, "Tip: entrevistas")] },
});

describe("the server's welcome block", () => {
  it("is the block the page would draw, its links the router's, drawn once and then put in every page", () => {
    const { translator, asked } = counted(translatorFor("es"));
    const drawn = page(<DrawnWelcomeBlock data={data("Dibujado una vez")} />, translator);
    const drawing = asked();
    expect(drawing).toBeGreaterThan(5);
    const routed = page(
      <StaticRouter location="/">
        <WelcomeBlock data={data("Dibujado una vez")} />
      </StaticRouter>,
      translatorFor("es"),
    );
    // The same HTML but for the separators between texts React leaves for hydration, which this block never has.
    expect(drawn).toBe(routed.replaceAll("<!-- -->", ""));
    expect(drawn).toContain('<a class="stretched-link" data-discover="true" href="/501">Dibujado una vez</a>');
    expect(drawn).toContain("Simulador BEA");

    expect(page(<DrawnWelcomeBlock data={data("Dibujado una vez")} />, translator)).toBe(drawn);
    // Only the block's own element asked for strings the second time.
    expect(asked() - drawing).toBe(1);
  });

  it("is drawn again for another content, language or data saver", () => {
    const es = translatorFor("es");
    const first = page(<DrawnWelcomeBlock data={data()} />, es);
    expect(page(<DrawnWelcomeBlock data={data("Otro simulador")} />, es)).toContain("Otro simulador");
    expect(page(<DrawnWelcomeBlock data={data()} />, translatorFor("en"))).toContain("BEA Simulator");
    const saving = page(<DrawnWelcomeBlock data={data()} />, es, true);
    expect(saving).not.toContain("cover-501.png");
    expect(saving).toContain("/images/default-cover.svg");
    expect(first).toContain("cover-501.png");
  });

  it("writes a hostile title as text", () => {
    const html = page(<DrawnWelcomeBlock data={data(`"><script>alert(1)</script>`)} />, translatorFor("es"));
    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
