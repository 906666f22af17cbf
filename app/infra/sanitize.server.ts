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

export function sanitizeLegacyHtml(html: string): string {
  return sanitizeHtml(html, options);
}
