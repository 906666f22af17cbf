import { type ActionFunctionArgs, data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigate, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/lib/i18n/use-translation";
import { Avatar } from "~/components/avatar";
import { FormError } from "~/components/forms";
import { PHOTO_CLOSE_AFTER_MS, SavedStep } from "~/components/profile-dialog";
import { RouteDialog } from "~/components/route-dialog";
import { requireUser } from "~/lib/auth.server";
import { getFixedT } from "~/lib/i18next.server";
import { MAX_PHOTO_BYTES, SIGNATURE_BYTES, sniffImage } from "~/lib/image-type";
import { LegacyError } from "~/lib/legacy/request.server";
import { changeProfilePhoto } from "~/lib/legacy/user.server";
import { readPhotoUpload, withUploadSlot } from "~/lib/upload.server";
import { useHydrated } from "~/lib/use-hydrated";
import type { loader as profileLoader } from "./_app.profile._page";

/** Loaded only once a picture is chosen: react-easy-crop stays out of every other page's JS. */
const PhotoCropper = lazy(() => import("~/components/photo-cropper"));

const FILE_FIELD = "file";
const refusal = {
  tooLarge: { status: 413, key: "photo.tooLarge" },
  notImage: { status: 415, key: "photo.notImage" },
  missing: { status: 400, key: "photo.required" },
  tooSlow: { status: 408, key: "photo.tooSlow" },
} as const;

/**
 * The photo of spec §4: checked here by size (4 MB) and magic bytes (PNG or JPEG) while the
 * multipart body streams, then forwarded to `POST /user/profile_change_photo`.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const t = await getFixedT(request, "profile");
  return withUploadSlot(async (buffer) => {
    const upload = await readPhotoUpload(request, FILE_FIELD, buffer);
    if (!upload.ok) {
      const { status, key } = refusal[upload.reason];
      return data({ error: t(key), message: null }, { status });
    }
    const name = upload.type === "image/png" ? "photo.png" : "photo.jpg";
    try {
      // Spec §8: a 401 on the photo upload shows the server's message.
      const reply = await changeProfilePhoto({ ...ctx, onUnauthorized: undefined }, upload.file, name);
      return { error: null, message: reply.message || t("photo.uploaded") };
    } catch (error) {
      if (!(error instanceof LegacyError)) throw error;
      const message =
        error.kind === "unavailable"
          ? t("photo.failed")
          : (error.fieldErrors[FILE_FIELD]?.[0] ?? (error.serverMessage || t("photo.failed")));
      return data({ error: message, message: null }, { status: error.kind === "unavailable" ? 502 : 400 });
    }
  });
}

export default function PhotoDialog() {
  const profile = useRouteLoaderData<typeof profileLoader>("routes/_app.profile._page");
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("profile");
  return (
    <RouteDialog title={t("photo.title")} closeTo="/profile">
      {actionData?.message ? (
        <SavedStep message={actionData.message} closeAfterMs={PHOTO_CLOSE_AFTER_MS} />
      ) : profile?.photoPending ? (
        <div className="stack photo-pending">
          <Avatar url={profile.photoUrl} name={profile.name} size={160} />
          <p>
            <strong>{t("photo.pending")}</strong>
          </p>
          <p>{t("photo.pendingNotice")}</p>
          <Link to="/profile" className="button">
            {t("close")}
          </Link>
        </div>
      ) : (
        <PhotoForm serverError={actionData?.error ?? null} />
      )}
    </RouteDialog>
  );
}

type Step = { kind: "choose" } | { kind: "crop"; src: string } | { kind: "preview"; blob: Blob; url: string };

/** Checks what the browser can before cropping; the server checks again and decides. */
async function checkChosen(file: File): Promise<"tooLarge" | "notImage" | null> {
  if (file.size > MAX_PHOTO_BYTES) return "tooLarge";
  return sniffImage(new Uint8Array(await file.slice(0, SIGNATURE_BYTES).arrayBuffer())) ? null : "notImage";
}

function PhotoForm({ serverError }: { serverError: string | null }) {
  const { t } = useTranslation("profile");
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const uploading = navigation.state !== "idle" && navigation.formMethod === "POST";
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => {
    if (step.kind === "choose") return;
    const url = step.kind === "crop" ? step.src : step.url;
    return () => URL.revokeObjectURL(url);
  }, [step]);

  async function onChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = await checkChosen(file);
    setClientError(problem ? t(`photo.${problem}`) : null);
    if (!problem) setStep({ kind: "crop", src: URL.createObjectURL(file) });
  }

  function upload(blob: Blob) {
    const form = new FormData();
    form.set(FILE_FIELD, blob, "photo.png");
    submit(form, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
  }

  const error = clientError ?? serverError;
  return (
    <div className="stack photo-form">
      {step.kind === "crop" ? (
        <Suspense fallback={<p role="status">{t("photo.loading")}</p>}>
          <PhotoCropper
            src={step.src}
            onCancel={() => setStep({ kind: "choose" })}
            onError={() => {
              setClientError(t("photo.notImage"));
              setStep({ kind: "choose" });
            }}
            onCropped={(blob) => setStep({ kind: "preview", blob, url: URL.createObjectURL(blob) })}
          />
        </Suspense>
      ) : step.kind === "preview" ? (
        <>
          <img className="photo-preview" src={step.url} alt={t("photo.preview")} width={200} height={200} />
          <FormError errors={error ? [error] : undefined} />
          <div className="button-row">
            <button type="button" className="button" onClick={() => navigate("/profile", { preventScrollReset: true })}>
              {t("cancel")}
            </button>
            <button type="button" className="button" onClick={() => inputRef.current?.click()} disabled={uploading}>
              {t("photo.change")}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => upload(step.blob)}
              disabled={uploading}
              autoFocus
              aria-busy={uploading}
            >
              {uploading ? t("photo.uploading") : t("photo.upload")}
            </button>
          </div>
        </>
      ) : null}
      <Form method="post" encType="multipart/form-data" preventScrollReset className="stack" hidden={step.kind !== "choose"}>
        <section aria-labelledby={`${inputId}-requirements`} className="photo-requirements">
          <h3 id={`${inputId}-requirements`}>{t("photo.requirementsTitle")}</h3>
          <ul>
            {(t("photo.requirements", { returnObjects: true }) as string[]).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <div className="field">
          <label htmlFor={inputId}>{t("photo.choose")}</label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            name={FILE_FIELD}
            accept="image/png,image/jpeg"
            required
            onChange={hydrated ? onChosen : undefined}
          />
        </div>
        {step.kind === "choose" ? <FormError errors={error ? [error] : undefined} /> : null}
        <div className="button-row">
          <Link to="/profile" preventScrollReset className="button">
            {t("cancel")}
          </Link>
          {hydrated ? null : (
            <button type="submit" className="button button-primary">
              {t("photo.upload")}
            </button>
          )}
        </div>
      </Form>
    </div>
  );
}
