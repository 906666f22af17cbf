/**
 * The strings block of a signed-in document: the JSON of `<script type="application/json"
 * id="__i18n">` (app/lib/i18n), in bytes, next to the whole document's (a player's held to a limit).
 */
export const STRINGS_LIMIT_BYTES = 6 * 1024;
/** Issue #31 item 1: a player's document is the player, at most this much HTML (Spanish). */
export const PLAYER_DOCUMENT_LIMIT_BYTES = 30_000;

const BLOCK = /<script type="application\/json" id="__i18n"[^>]*>(.*?)<\/script>/s;

/** `pages`: [{name, path}] of the app at `origin`, signed in with `cookie`. */
export async function measureStrings({ origin, cookie, pages }) {
  const results = [];
  for (const page of pages) {
    const response = await fetch(`${origin}${page.path}`, { headers: { Cookie: cookie, "Accept-Language": "es" } });
    const html = await response.text();
    const block = BLOCK.exec(html)?.[1];
    if (response.status !== 200 || block === undefined) throw new Error(`${page.path}: ${response.status}, no strings block`);
    const bytes = Buffer.byteLength(block);
    const htmlBytes = Buffer.byteLength(html);
    results.push({
      name: page.name,
      path: page.path,
      bytes,
      htmlBytes,
      target: STRINGS_LIMIT_BYTES,
      pass: bytes <= STRINGS_LIMIT_BYTES,
      ...(page.player ? { htmlTarget: PLAYER_DOCUMENT_LIMIT_BYTES, htmlPass: htmlBytes <= PLAYER_DOCUMENT_LIMIT_BYTES } : {}),
    });
  }
  return { limitBytes: STRINGS_LIMIT_BYTES, pages: results };
}
