import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import type { SaveTarget } from "~/offline/save";
import { offlineSupported } from "~/offline/supported";

/** The saving itself, loaded when the learner taps: a player page carries only the button. */
const SaveFlow = lazy(() => import("./save-offline-flow"));

/**
 * 'Guardar sin conexión' on a player and 'Guardar ruta' on a route (issue #18). Only once
 * JavaScript runs and where the browser can keep content offline; without, the page is unchanged.
 * Whether an activity is saved already shows once tapped (and in 'Descargas').
 */
export function SaveOffline({
  targets,
  user,
  route = false,
  title,
}: {
  targets: SaveTarget[];
  user: number;
  route?: boolean;
  /** The activity's title, which names the button among a page's cards. */
  title?: string;
}) {
  const { t } = useTranslation("offline");
  // Rendered by the server too, so the page does not move when scripts start (the route page's
  // layout shift); CSS hides it where scripts cannot run, and a browser that cannot save drops it.
  const [supported, setSupported] = useState(true);
  const [started, setStarted] = useState(false);
  useEffect(() => setSupported(offlineSupported()), []);

  if (!supported || targets.length === 0) return null;
  return started ? (
    <Suspense fallback={null}>
      <SaveFlow targets={targets} user={user} route={route} />
    </Suspense>
  ) : (
    <div className="save-offline js-only">
      <button
        type="button"
        className="button"
        aria-label={title ? t("saveNamed", { title }) : undefined}
        onClick={() => setStarted(true)}
      >
        {route ? t("saveRoute") : t("save")}
      </button>
    </div>
  );
}
