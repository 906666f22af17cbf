import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { showWhenAlone } from "~/lib/dialog-queue";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useFocusTrap } from "./route-dialog";

type Badge = { userBadgeId: number; name: string; description: string; imageUrl: string | null };

/**
 * A newly earned badge, shown once (spec §4): 'Continuar' hides it at once and then marks it seen
 * on the legacy API; Escape does the same, so a badge never comes back. It waits for a dialog the
 * learner opened to close. Without JavaScript the same form posts and comes back to the page.
 */
export function BadgeDialog({ badge }: { badge: Badge }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const ref = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const hidden = dismissed === badge.userBadgeId;
  useFocusTrap(ref, !hidden);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || hidden) return;
    if (dialog.open) dialog.close();
    return showWhenAlone(dialog, () => dialog.showModal());
  }, [hidden, badge.userBadgeId]);

  if (hidden) return null;
  return (
    <dialog
      ref={ref}
      open
      className="route-dialog badge-dialog"
      aria-labelledby="badge-title"
      onCancel={(event) => {
        event.preventDefault();
        form.current?.requestSubmit();
      }}
    >
      <fetcher.Form
        ref={form}
        method="post"
        action="/badges/seen"
        className="stack"
        onSubmit={() => setDismissed(badge.userBadgeId)}
      >
        <p className="badge-kicker">{t("badge.earned")}</p>
        {badge.imageUrl ? <img src={badge.imageUrl} alt="" width={96} height={96} className="badge-image" /> : null}
        <h2 id="badge-title">{badge.name}</h2>
        {badge.description ? <p>{badge.description}</p> : null}
        <input type="hidden" name="id" value={badge.userBadgeId} />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="button button-primary">
          {t("badge.continue")}
        </button>
      </fetcher.Form>
    </dialog>
  );
}
