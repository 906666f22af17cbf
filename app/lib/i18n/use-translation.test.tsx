import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { translatorFor } from "~/infra/language.server";
import type { Strings } from "./keys";
import { createTranslator, type Resources } from "./translator";
import { readTranslationsData, TranslationsData, TranslatorProvider, useTranslation } from "./use-translation";

function Greeting() {
  const { t, i18n } = useTranslation("engagement");
  return (
    <p lang={i18n.language}>
      {t("progress.hello", { name: "Ana & Luis" })} {t("common:nav.home")}
    </p>
  );
}

function dataBlockOf(resources: Resources, namespaces = Object.keys(resources)) {
  const html = renderToStaticMarkup(
    <TranslatorProvider value={createTranslator<Strings>({ language: "en", resources, version: "v1" })}>
      <TranslationsData nonce="abc" namespaces={namespaces} />
    </TranslatorProvider>,
  );
  const match = /^<script type="application\/json" id="__i18n" nonce="abc">(.*)<\/script>$/s.exec(html);
  if (!match?.[1]) throw new Error(`unexpected markup: ${html}`);
  return match[1];
}

/** What the browser reads back: the element's text, as a document would give it. */
function readBack(text: string) {
  return readTranslationsData({ getElementById: () => ({ textContent: text }) as HTMLElement });
}

describe("useTranslation", () => {
  it("translates with the provided language, scoped to a namespace, escaped once by React", () => {
    const html = renderToStaticMarkup(
      <TranslatorProvider value={translatorFor("en")}>
        <Greeting />
      </TranslatorProvider>,
    );
    expect(html).toBe('<p lang="en">Hi, Ana &amp; Luis! Home</p>');
  });

  it("needs a provider", () => {
    expect(() => renderToStaticMarkup(<Greeting />)).toThrow(/TranslatorProvider/);
  });
});

describe("the document's strings", () => {
  it("round-trip through the data block, with their version", () => {
    const resources = translatorFor("es").resources;
    expect(readBack(dataBlockOf(resources))).toEqual({ version: "v1", resources });
  });

  it("are only those of the namespaces asked for (the matched routes'), skipping unknown ones", () => {
    const { common, profile } = translatorFor("es").resources;
    const text = dataBlockOf(translatorFor("es").resources, ["common", "profile", "nowhere"]);
    expect(readBack(text)).toEqual({ version: "v1", resources: { common, profile } });
  });

  it("cannot close the element or open a comment, whatever a string holds", () => {
    const hostile = { common: { x: "</script><script>alert(1)</script><!-- & \u2028" } };
    const text = dataBlockOf(hostile);
    expect(text).not.toContain("<");
    expect(readBack(text)).toEqual({ version: "v1", resources: hostile });
  });

  it("are written once per language and namespaces: every later document gets the same block", () => {
    const translator = translatorFor("es");
    const render = (namespaces: string[]) =>
      renderToStaticMarkup(
        <TranslatorProvider value={translator}>
          <TranslationsData nonce="n" namespaces={namespaces} />
        </TranslatorProvider>,
      );
    const stringify = vi.spyOn(JSON, "stringify");
    const first = render(["common", "learning"]);
    expect(render(["common", "learning"])).toBe(first);
    expect(stringify).toHaveBeenCalledTimes(1);
    expect(render(["common"])).not.toBe(first);
    expect(stringify).toHaveBeenCalledTimes(2);
    stringify.mockRestore();
  });

  it("are none when the block is missing", () => {
    expect(readTranslationsData({ getElementById: () => null })).toEqual({ version: "", resources: {} });
  });
});
