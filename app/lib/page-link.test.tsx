import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { PageLink } from "./page-link";
import { StaticMarkup } from "./static-markup.server";

const links = (
  <>
    <PageLink to="/learning-path/formacion-inicial" className="stretched-link">
      Formación <b>Inicial</b>
    </PageLink>
    <PageLink to="/103?from=home#top" className="button button-small-primary above-stretched" preventScrollReset>
      Ver detalles
    </PageLink>
  </>
);

describe("PageLink", () => {
  it("in static markup is, byte for byte, the anchor Remix's <Link> renders, drawn without a router", () => {
    const routed = renderToString(<StaticRouter location="/">{links}</StaticRouter>);
    expect(routed).toContain('data-discover="true"');
    expect(renderToString(<StaticMarkup>{links}</StaticMarkup>)).toBe(routed);
  });

  it("is Remix's <Link> outside static markup: it needs the router", () => {
    expect(() => renderToString(links)).toThrow(/<Router>/);
  });
});
