import { useEffect, useState } from "react";
import type { MediaStatus } from "./media-status";

let hydrating = true;

/**
 * False while the page is server-rendered HTML (JavaScript off, or not yet hydrated); true once
 * scripts run. Unlike the per-component flag, a player opened after hydration knows at once.
 */
export function useScripted() {
  const [scripted, setScripted] = useState(!hydrating);
  useEffect(() => {
    hydrating = false;
    setScripted(true);
  }, []);
  return scripted;
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
