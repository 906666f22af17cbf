/** What counts as starting to use a form: focusing a field, typing in it, pressing a pointer on it. */
export const INTERACTIONS = ["focusin", "input", "pointerdown"] as const;

type InForm = { form?: { id: string } | null; closest?: (selectors: string) => { id: string } | null };

/** The id of the form an event target belongs to: a field's own form (also one named by `form=`), else the closest. */
export function formIdOf(target: EventTarget | null): string | undefined {
  const node = target as InForm | null;
  return (node?.form ?? node?.closest?.("form"))?.id || undefined;
}

/**
 * Calls `callback` once, on the first interaction with form `formId` that bubbles up to `root`
 * (the document), then stops listening. Listening on the document rather than on the form
 * element holds whenever the form is rendered or re-rendered. The returned function stops
 * listening without calling back.
 */
export function onFirstInteraction(root: EventTarget, formId: string, callback: () => void): () => void {
  const stop = () => {
    for (const type of INTERACTIONS) root.removeEventListener(type, handle);
  };
  function handle(event: Event) {
    if (formIdOf(event.target) !== formId) return;
    stop();
    callback();
  }
  for (const type of INTERACTIONS) root.addEventListener(type, handle);
  return stop;
}
