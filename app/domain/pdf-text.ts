/**
 * A PDF page's text as paragraphs, for the reading view that reflows it at the body's font size
 * on a phone (issue #29 item 4). The server gives a line per line of the page, as the file broke
 * them: lines are joined into paragraphs again, a word hyphenated at a line's end whole.
 */

/** A list item starts a paragraph of its own. */
const LIST_ITEM = /^([-•–*]|\d{1,3}[.)])\s/u;
/** A word cut at the line's end: "dimen-" then "siones". */
const CUT_WORD = /\p{L}-$/u;

export function reflow(text: string): string[] {
  const lines = text.split("\n").map((line) => line.trim());
  const longest = Math.max(0, ...lines.map((line) => line.length));
  const paragraphs: string[] = [];
  let current = "";
  const close = () => {
    if (current) paragraphs.push(current);
    current = "";
  };
  lines.forEach((line, index) => {
    if (!line) return close();
    if (LIST_ITEM.test(line)) close();
    if (!current) current = line;
    else if (CUT_WORD.test(current) && /^\p{Ll}/u.test(line)) current = current.slice(0, -1) + line;
    else current = `${current} ${line}`;
    const next = lines[index + 1] ?? "";
    // A paragraph's last line ends a sentence short of the page's measure; a heading is short, ends
    // without a comma and is followed by a capital.
    const ends = /[.!?:;]$/.test(line) && line.length < 0.85 * longest;
    const heading = line.length < 0.75 * longest && !/[,;]$/.test(line) && /^\p{Lu}/u.test(next);
    if (ends || heading) close();
  });
  close();
  return paragraphs;
}
