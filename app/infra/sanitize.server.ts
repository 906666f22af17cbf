import { LRUCache } from "lru-cache";
import sanitizeHtml from "sanitize-html";

/**
 * Legacy HTML (FAQ answers, notifications, news) is rendered only after this allowlist: text
 * formatting, lists and http(s)/mailto links. Scripts, styles, event handlers, iframes, images
 * and every other scheme are dropped.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "a", "h2", "h3", "h4", "blockquote", "span"],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }),
  },
};

/**
 * Then a link the allowlist took the address from (`javascript:`…) is its text: an anchor with no
 * href still looked like a link that did nothing (issue #29).
 */
const unlinkOptions: sanitizeHtml.IOptions = {
  ...options,
  transformTags: {
    a: (tagName, attribs) => (attribs.href ? { tagName, attribs } : { tagName: "span", attribs: {} }),
  },
};

/**
 * The same notifications, news and FAQ answers come back on every page of every learner: each
 * distinct HTML is sanitised once, keyed by its content (an edited item is a new key), in a cache
 * bounded by its characters (an input over a tenth of it is sanitised every time, never kept).
 */
const MAX_CACHED_CHARS = 4_000_000;
const sanitised = new LRUCache<string, string>({
  maxSize: MAX_CACHED_CHARS,
  maxEntrySize: MAX_CACHED_CHARS / 10,
  sizeCalculation: (clean, html) => clean.length + html.length || 1,
});

export function sanitizeLegacyHtml(html: string): string {
  const known = sanitised.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(sanitizeHtml(html, options), unlinkOptions);
  sanitised.set(html, clean);
  return clean;
}
