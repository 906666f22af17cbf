import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { showWhenAlone } from "~/lib/dialog-queue";
import { useTranslation } from "~/lib/i18n/use-translation";
import { FloatVideo } from "./float-video";

export type PendingNews = {
  id: number;
  key: string;
  title: string;
  category: string;
  /** Already sanitised on the server. */
  bodyHtml: string;
  imageUrl: string | null;
  videoUrl: string | null;
};

/**
 * The news modal of spec §4: the first pending item; 'Continuar' marks it viewed (and after the
 * `welcome` item goes to the questionnaire). It cannot be dismissed any other way. Rendered open
 * by the server, so it works without JavaScript.
 */
export function NewsDialog({ news, saveData }: { news: PendingNews; saveData: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const ref = useRef<HTMLDialogElement>(null);
  const action = `/news/${news.id}`;
  const sending = navigation.state !== "idle" && navigation.formAction === action;
  const welcomeVideo = news.key === "welcome" ? news.videoUrl : null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open) dialog.close();
    const stay = (event: Event) => event.preventDefault();
    dialog.addEventListener("cancel", stay);
    // After any dialog the learner opened; the title then takes the focus, so the news reads from its start.
    const stopWaiting = showWhenAlone(dialog, () => {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("#news-title")?.focus();
    });
    return () => {
      stopWaiting();
      dialog.removeEventListener("cancel", stay);
    };
  }, [news.id]);

  return (
    <dialog ref={ref} open className="route-dialog news-dialog" aria-labelledby="news-title">
      {welcomeVideo ? (
        <FloatVideo src={welcomeVideo} saveData={saveData} label={t("news.video")} playLabel={t("news.play")} />
      ) : null}
      {news.category ? <p className="news-category">{news.category}</p> : null}
      {news.imageUrl && !welcomeVideo ? (
        <img src={news.imageUrl} alt="" className="news-image" width={480} height={270} loading={saveData ? "lazy" : "eager"} />
      ) : null}
      <h2 id="news-title" tabIndex={-1}>
        {news.title}
      </h2>
      <div className="legacy-html" dangerouslySetInnerHTML={{ __html: news.bodyHtml }} />
      {welcomeVideo && saveData ? <p className="onboarding-muted">{t("news.saveDataNote")}</p> : null}
      <Form method="post" action={action}>
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="button button-primary news-continue" disabled={sending} aria-busy={sending}>
          {sending ? t("news.sending") : t("news.continue")}
        </button>
      </Form>
    </dialog>
  );
}
