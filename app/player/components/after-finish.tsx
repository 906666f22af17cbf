import { Link } from "@remix-run/react";
import { formatPercent, formatPoints } from "~/lib/format";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { AfterFinish, SavedRecord } from "~/player/types";

/**
 * Once an activity is finished (issue #29), at the top of the player: the points the legacy API
 * recorded and the route's new percentage (once it confirmed the finish, with the same reply, so
 * the panel does not grow under a finger a moment later; offline, neither is known yet), then the
 * next step: the next activity of the route, or the route page, naming a locked escape room.
 * Plain links, so it works without JavaScript too.
 */
export function AfterFinishPanel({ after, saved }: { after: AfterFinish; saved: SavedRecord | null }) {
  const { t, i18n } = useTranslation("player");
  const { route, next } = after;
  const gains = saved?.finalized
    ? [
        saved.points > 0 ? t("afterPoints", { points: formatPoints(saved.points, i18n.language) }) : null,
        route ? t("afterRoute", { route: route.name, percent: formatPercent(route.progress, i18n.language) }) : null,
      ].filter(Boolean)
    : [];
  return (
    <section className="player-after" aria-labelledby="player-after-title">
      <h3 id="player-after-title" className="player-after-title">
        {t("afterTitle")}
      </h3>
      {gains.length > 0 ? <p className="player-after-gains">{gains.join(" · ")}</p> : null}
      {next?.kind === "activity" ? (
        <Link to={next.href} className="button button-primary player-after-next">
          {t("nextActivity")}
          <span className="player-after-next-title">{next.title}</span>
        </Link>
      ) : null}
      {next?.kind === "locked" ? <p className="player-note">{t("nextLocked", { title: next.title })}</p> : null}
      {next?.kind === "end" ? <p className="player-note">{t("routeEnd")}</p> : null}
      {next && next.kind !== "activity" ? (
        <Link to={next.href} className="button">
          {t("backToRoute")}
        </Link>
      ) : null}
    </section>
  );
}
