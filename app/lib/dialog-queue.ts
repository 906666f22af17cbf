/**
 * Runs `show` once no dialog other than `own` is open, at once if none is (issue #29 item 6): a
 * newly earned badge or a news item opened on its own waits for the dialog the learner opened
 * (the photo, a player) to close instead of covering it. Returns what stops waiting.
 */
export function showWhenAlone(own: HTMLDialogElement, show: () => void): () => void {
  const othersOpen = () => [...document.querySelectorAll("dialog[open]")].some((dialog) => dialog !== own);
  if (!othersOpen()) {
    show();
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    if (othersOpen()) return;
    observer.disconnect();
    show();
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
  return () => observer.disconnect();
}
