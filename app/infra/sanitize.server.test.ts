import sanitizeHtml from "sanitize-html";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sanitizeLegacyHtml } from "./sanitize.server";

// The real sanitizer, counted: the cache must sanitise each distinct HTML once (two passes of it).
vi.mock("sanitize-html", async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof sanitizeHtml }>()).default;
  return { default: Object.assign(vi.fn(actual), actual) };
});
const sanitizerCalls = () => vi.mocked(sanitizeHtml).mock.calls.length / 2;

const payloads = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example">x</a>',
  '<p onclick="alert(1)">x</p>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  "<iframe src=javascript:alert(1)></iframe>",
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><script>alert(1)</script></mtext></math>",
  "<object data=javascript:alert(1)>",
  "<embed src=javascript:alert(1)>",
  '<form action="javascript:alert(1)"><button>x</button></form>',
  "<input autofocus onfocus=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<body onload=alert(1)>",
  "<video><source onerror=alert(1)></video>",
  "<audio src=x onerror=alert(1)>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  "<style>@import 'javascript:alert(1)';</style>",
  "<marquee onstart=alert(1)>",
  '<div style="width:expression(alert(1))">x</div>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>alert(1);//<</script>",
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  "<table background=javascript:alert(1)>",
  "<isindex action=javascript:alert(1) type=submit>",
  "<textarea onfocus=alert(1) autofocus>",
  "<keygen autofocus onfocus=alert(1)>",
  "<select onfocus=alert(1) autofocus>",
  "<xss onpointerover=alert(1)>x</xss>",
  '<span onmouseover="alert(1)">x</span>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="#" onclick="alert(1)">x</a>',
  "<template><script>alert(1)</script></template>",
  "<frameset onload=alert(1)>",
  "<applet code=javascript:alert(1)>",
  '<img src="javascript:alert(1)">',
  "<img dynsrc=javascript:alert(1)>",
  '<a href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">x</a>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  '<h2 onmouseenter="alert(1)">t</h2>',
];

describe("sanitizeLegacyHtml", () => {
  it.each(payloads)("renders %s inert", (payload) => {
    const clean = sanitizeLegacyHtml(payload).toLowerCase();
    expect(clean).not.toMatch(
      /<script|<iframe|<svg|<img|<object|<embed|<form|<style|<base|<meta|<link|\son\w+=|javascript:|vbscript:|data:|expression\(/,
    );
  });

  it("keeps formatting, lists and safe links, opened in a new tab", () => {
    expect(
      sanitizeLegacyHtml('<p>Hola <strong>Ana</strong></p><ul><li>uno</li></ul><a href="https://academia.test/x">ver</a>'),
    ).toBe(
      '<p>Hola <strong>Ana</strong></p><ul><li>uno</li></ul><a href="https://academia.test/x" rel="noopener noreferrer" target="_blank">ver</a>',
    );
  });

  it("makes a link whose address was dropped its text, not an anchor that looks like a link (issue #29)", () => {
    expect(
      sanitizeLegacyHtml(
        '<p>Agrega tu foto. <a href="javascript:void(fetch(\'https://evil.example\'))" onclick="alert(1)">Ir al perfil</a></p>',
      ),
    ).toBe("<p>Agrega tu foto. <span>Ir al perfil</span></p>");
    expect(sanitizeLegacyHtml('<a href="/achievements">Avance</a>')).toBe(
      '<a href="/achievements" rel="noopener noreferrer" target="_blank">Avance</a>',
    );
  });

  describe("each distinct HTML is sanitised once", () => {
    let serial = 0;
    const unique = (html: string) => `${html}<p>${++serial}-${Math.random()}</p>`;
    beforeEach(() => vi.mocked(sanitizeHtml).mockClear());

    it("a notification seen again is not sanitised again, and gets the same clean HTML", () => {
      const body = unique('<p onclick="alert(1)">Nuevo curso</p><script>alert(1)</script>');
      const first = sanitizeLegacyHtml(body);
      expect(sanitizeLegacyHtml(body)).toBe(first);
      expect(sanitizerCalls()).toBe(1);
      expect(first).not.toMatch(/script|onclick/);
    });

    it("an edited item is sanitised anew", () => {
      const body = unique("<p>Versión 1</p>");
      sanitizeLegacyHtml(body);
      expect(sanitizeLegacyHtml(`${body}<img src=x onerror=alert(1)>`)).not.toMatch(/img|onerror/);
      expect(sanitizerCalls()).toBe(2);
    });

    it("a huge hostile input is sanitised every time and never kept", () => {
      const huge = unique("<p><a href='javascript:alert(1)'>x</a><script>alert(1)</script></p>".repeat(8_000));
      expect(sanitizeLegacyHtml(huge)).not.toMatch(/script|javascript:/);
      sanitizeLegacyHtml(huge);
      expect(sanitizerCalls()).toBe(2);
    });

    it("the cache is bounded: after millions of characters of other items, the first is sanitised again", () => {
      const first = unique("<p>primera</p>");
      sanitizeLegacyHtml(first);
      for (let item = 0; item < 1_500; item++) sanitizeLegacyHtml(unique(`<p>${"ñ".repeat(3_000)}</p>`));
      vi.mocked(sanitizeHtml).mockClear();
      sanitizeLegacyHtml(first);
      expect(sanitizerCalls()).toBe(1);
    });
  });
});
