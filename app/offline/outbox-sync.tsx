import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { hasDeviceData, OUTBOX_EVENT } from "./supported";

/**
 * The signed-in pages' part of the outbox (issue #18 items 4 and 5), in the app layout and on
 * /logout. Once the device holds something (at page load, or when a player starts keeping
 * writes), `watch` takes over: it sends the signed-in user's waiting writes now, when the
 * connection returns and when a closed player left some, says so in this status region (always
 * there, so it is announced), and makes signing out send or discard them first.
 */
export function OutboxSync({ user }: { user: number }) {
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  const notice = useRef<HTMLParagraphElement>(null);
  const page = useRef({ t, revalidate });
  page.current = { t, revalidate };

  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    const start = () => {
      if (stop || !hasDeviceData()) return;
      void import("./sync").then(({ watch }) => {
        if (!gone) stop ??= watch(user, notice, page);
      });
    };
    start();
    window.addEventListener(OUTBOX_EVENT, start);
    return () => {
      gone = true;
      stop?.();
      window.removeEventListener(OUTBOX_EVENT, start);
    };
  }, [user]);

  return <p role="status" className="outbox-notice" ref={notice} />;
}
