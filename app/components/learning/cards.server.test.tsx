import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { translatorFor } from "~/infra/language.server";
import type { Strings } from "~/lib/i18n/keys";
import type { Translator } from "~/lib/i18n/translator";
import { counted, page } from "../../../tests/fixtures/drawn-markup";
import { ActivityCard, type ActivityCardData, type ActivityCardProps } from "./cards";
import { DrawnActivityCard } from "./cards.server";

const activity = (title = "Arqueo de caja", fields: Partial<ActivityCardData> = {}): ActivityCardData => ({
  id: 104,
  title,
  description: `Descripción de ${title}`,
  courseName: "Fundamentos",
  contentTypeName: "eLearning",
  coverUrl: "/files/storage/media/cover-104.png",
  ...fields,
});

/** The card as a hydrated page draws it, in a router, without the separators between texts React leaves for hydration. */
const routed = (props: ActivityCardProps, translator: Translator<Strings>, saveData = false) =>
  page(
    <StaticRouter location="/">
      <ActivityCard {...props} />
    </StaticRouter>,
    translator,
    saveData,
  ).replaceAll("<!-- -->", "");

describe("the server's activity card", () => {
  it.each<[string, ActivityCardProps, boolean]>([
    ["a link", { activity: activity(), href: "/104" }, false],
    ["the first, started", { activity: activity(), href: "/104", status: "started", first: true }, false],
    [
      "finished, with its result",
      { activity: activity(), href: "/104", status: "finished", result: { score: 87.5, minutes: 12 } },
      false,
    ],
    ["locked, no link", { activity: activity(), status: "locked" }, false],
    [
      "without cover, course or description",
      { activity: activity("Sin más", { coverUrl: null, courseName: "", description: "" }) },
      false,
    ],
    ["with data saver", { activity: activity(), href: "/104" }, true],
  ])("is the card a page would draw: %s", (_, props, saveData) => {
    for (const language of ["es", "en"] as const) {
      expect(page(<DrawnActivityCard {...props} />, translatorFor(language), saveData)).toBe(
        routed(props, translatorFor(language), saveData),
      );
    }
  });

  it("is drawn once, then put in every page that shows it", () => {
    const { translator, asked } = counted(translatorFor("es"));
    const props: ActivityCardProps = { activity: activity("Dibujada una vez"), href: "/104", status: "started" };
    const drawn = page(<DrawnActivityCard {...props} />, translator);
    const drawing = asked();
    expect(drawing).toBeGreaterThan(1);
    expect(drawn).toContain('<a class="stretched-link" data-discover="true" href="/104">Dibujada una vez</a>');
    expect(page(<DrawnActivityCard {...props} />, translator)).toBe(drawn);
    // Only the card's own element asked for strings the second time.
    expect(asked() - drawing).toBe(1);
  });

  it("is drawn again for other props, another language or data saver", () => {
    const es = translatorFor("es");
    const props: ActivityCardProps = { activity: activity("Otra vez"), href: "/104", status: "started" };
    const first = page(<DrawnActivityCard {...props} />, es);
    expect(page(<DrawnActivityCard {...props} status="finished" />, es)).toContain("status-finished");
    expect(page(<DrawnActivityCard {...props} activity={activity("Otro título")} />, es)).toContain("Otro título");
    expect(page(<DrawnActivityCard {...props} />, translatorFor("en"))).toContain("Started");
    const saving = page(<DrawnActivityCard {...props} />, es, true);
    expect(saving).not.toContain("cover-104.png");
    expect(first).toContain("cover-104.png");
  });

  it("writes a hostile title as text", () => {
    const html = page(<DrawnActivityCard activity={activity(`"><script>alert(1)</script>`)} href="/104" />, translatorFor("es"));
    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });
});
