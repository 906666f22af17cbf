import { Form, useActionData } from "@remix-run/react";
import { remaining } from "~/domain/time";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { PlainProgressReply } from "~/player/types";
import { useScripted } from "./notes";

/** A wait as the learner reads it: its largest unit only (spec §9, `remaining`). */
function useWaitText() {
  const { t } = useTranslation("server");
  return (ms: number) => {
    const { unit, count } = remaining(ms);
    return unit === "minute" ? t("player.plain.minutes", { count }) : t("player.plain.seconds", { count });
  };
}

/**
 * The player without JavaScript (issue #14): 'Iniciar', then 'Marcar como terminado', which the
 * server accepts once the activity's time has passed (app/player/server/plain-progress.server.ts). With
 * JavaScript the player records progress itself and this is not shown.
 */
export function PlainProgress() {
  const { t } = useTranslation("server");
  const scripted = useScripted();
  const reply = useActionData<PlainProgressReply>();
  const waitText = useWaitText();
  if (scripted) return null;
  const note = reply && "note" in reply ? reply.note : null;
  return (
    <div className="player-plain stack">
      {note ? null : <p className="player-note">{t("player.plain.intro")}</p>}
      {reply?.plain === "started" ? (
        <p className="form-success" role="status">
          {t("player.plain.started")}{" "}
          {reply.waitMs > 0 ? t("player.plain.waitFor", { time: waitText(reply.waitMs) }) : t("player.plain.ready")}
        </p>
      ) : null}
      {reply?.plain === "early" ? (
        <p className="form-error" role="alert">
          {t("player.plain.early", { time: waitText(reply.waitMs) })}
        </p>
      ) : null}
      {reply?.plain === "restart" ? (
        <p className="form-error" role="alert">
          {t("player.plain.restart")}
        </p>
      ) : null}
      {reply?.plain === "failed"
        ? reply.errors.map((error) => (
            <p key={error} className="form-error" role="alert">
              {error}
            </p>
          ))
        : null}
      <Form method="post" preventScrollReset>
        {note ? (
          <>
            <input type="hidden" name="started" value={note} />
            <button className="button" name="intent" value="finish">
              {t("player.plain.finish")}
            </button>
          </>
        ) : (
          <button className="button" name="intent" value="start">
            {t("player.plain.start")}
          </button>
        )}
      </Form>
    </div>
  );
}
