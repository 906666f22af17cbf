import { writeRetryDelayMs } from "~/domain/activity";
import type { AppT } from "~/lib/i18n/keys";
import { drain, ownerGone } from "./outbox";
import { isOffline, OUTBOX_EVENT } from "./supported";

/** How long the page says that the outbox was sent (a toast's time, spec §9). */
const NOTICE_MS = 6_000;

type Page = React.MutableRefObject<{ t: AppT<"common">; revalidate: () => void }>;

/**
 * While the device holds something, on a signed-in page: sends `user`'s waiting writes (`drain`)
 * now, when the connection returns and when a closed player left some, and while they cannot go
 * for want of a connection, again later and later as the player does: a connection can come back
 * with no `online` event (decision 083). Once some were confirmed, says so in `notice` for a few
 * seconds and revalidates the page, whose cards and points then show them. A sign-out form
 * (posting to /logout) goes through `signOut` first. Returns the stop.
 */
export function watch(user: number, notice: React.RefObject<HTMLElement>, page: Page): () => void {
  let timer: number | undefined;
  let retry: number | undefined;
  let failures = 0;
  let stopped = false;
  // Records another tab's player held at the last drain: drained again once it lets go (a tab just
  // closed may hold its lock a moment after this page has loaded).
  const awaited = new Set<string>();
  const run = () =>
    void drain(user)
      .then(({ sent, waiting, owned }) => {
        failures = waiting && isOffline() ? failures + 1 : 0;
        if (failures > 0 && !stopped && retry === undefined) {
          retry = window.setTimeout(() => {
            retry = undefined;
            run();
          }, writeRetryDelayMs(failures));
        }
        for (const key of owned.filter((key) => !awaited.has(key))) {
          awaited.add(key);
          void ownerGone(key).then(() => {
            awaited.delete(key);
            if (!stopped) run();
          });
        }
        if (sent === 0 || !notice.current) return;
        notice.current.textContent = page.current.t("app.outboxSent");
        page.current.revalidate();
        window.clearTimeout(timer);
        timer = window.setTimeout(() => notice.current && (notice.current.textContent = ""), NOTICE_MS);
      })
      .catch(() => undefined);
  // Capturing, it runs before the form's own handler (Remix's, bubbling), which then does nothing.
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || new URL(form.action).pathname !== "/logout") return;
    event.preventDefault();
    void import("./logout").then(
      ({ signOut }) => signOut(form, user, page.current.t),
      () => form.submit(),
    );
  };
  run();
  window.addEventListener("online", run);
  window.addEventListener(OUTBOX_EVENT, run);
  document.addEventListener("submit", onSubmit, true);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    window.clearTimeout(retry);
    window.removeEventListener("online", run);
    window.removeEventListener(OUTBOX_EVENT, run);
    document.removeEventListener("submit", onSubmit, true);
  };
}
