import { useSyncExternalStore } from "react";
import type { MediaStatus } from "./media-status";

const nothingToWatch = () => () => undefined;

/**
 * False while the page is server-rendered HTML (JavaScript off, or not yet hydrated); true once
 * scripts run. React hydrates with the server's value, in every boundary, a lazy player's too
 * (which hydrates after the rest of the page), and renders again with true; a player opened after
 * hydration knows at once.
 */
export function useScripted() {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}

/** A note for the page as the server rendered it (what the player cannot do without JavaScript). */
export function NoScriptNote({ text }: { text: string }) {
  return useScripted() ? null : <p className="player-note">{text}</p>;
}

/**
 * What a player says while its content loads (with JavaScript only) and when it failed. Its line
 * is there from the first paint, empty until there is something to say: the content below does not
 * move when scripts start or the media loads (a slow network showed the note late and took it away).
 */
export function LoadNotice({ status, loading, failed }: { status: MediaStatus; loading: string; failed: string }) {
  const scripted = useScripted();
  if (status === "error") {
    return (
      <p className="player-error" role="alert">
        {failed}
      </p>
    );
  }
  return (
    <p className="player-status player-load-notice js-only" role="status">
      {status === "loading" && scripted ? loading : null}
    </p>
  );
}
