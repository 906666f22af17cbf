import { type ActionFunctionArgs, data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigate, useNavigation, useRouteLoaderData, useSubmit } from "@remix-run/react";
import { Fragment, lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Avatar } from "~/components/avatar";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { FormError } from "~/components/forms";
import { DialogSuccess, RouteDialog, useCloseAfter } from "~/components/route-dialog";
import { requireUser } from "~/infra/auth.server";
import { userMessage } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { savedInDialog } from "~/infra/toast.server";
import { readUpload, refusalInit, uploadHeaders } from "~/infra/upload.server";
import { LegacyError } from "~/legacy/request.server";
import { changeProfilePhoto, getProfileInfo } from "~/legacy/user.server";
import { useHydrated } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import { acceptOf, checkFile, exceedsImageLimits, imageLimits, PHOTO_TYPES, uploadName } from "~/lib/upload-rules";
import type { loader as profileLoader } from "./_layout";

/** Loaded only once a picture is chosen: react-easy-crop stays out of every other page's JS. */
const PhotoCropper = lazy(() => import("~/components/photo-cropper"));

const FILE_FIELD = "file";
/** Spec §4/§9: the photo dialog closes 0.8 s after the upload (the others after 0.5 s). */
const PHOTO_CLOSE_AFTER_MS = 800;
const refusalKey = {
  tooLarge: "photo.tooLarge",
  wrongType: "photo.notImage",
  tooManyPixels: "photo.tooManyPixels",
  malformed: "server:profile.photo.required",
  tooSlow: "server:profile.photo.tooSlow",
} as const;

/** Passes on the `Connection: close` of a body too slow. */
export const headers = uploadHeaders;

/**
 * The photo of spec §4: checked here by size (4 MB) and magic bytes (PNG or JPEG) while the
 * multipart body streams, then forwarded to `POST /user/profile_change_photo`.
 */
export async function action({ request }: ActionFunctionArgs) {
  // Spec §8: a 401 on the photo upload shows the server's message.
  const { ctx, session } = await requireUser(request, { unauthorizedIsMessage: true });
  const t = await getFixedT(request, "profile");
  try {
    // One photo waits for approval at a time (spec §4): checked before the body is read.
    if ((await getProfileInfo(ctx)).photoPending) return data({ error: t("photo.pending"), message: null }, { status: 409 });
    return await readUpload(
      request,
      { field: FILE_FIELD, types: PHOTO_TYPES, user: session.user.id },
      async ({ file, refused }) => {
        if (refused) return data({ error: t(refusalKey[refused], imageLimits), message: null }, refusalInit(refused));
        if (!file) return data({ error: t("server:profile.photo.required"), message: null }, { status: 400 });
        const reply = await changeProfilePhoto(ctx, file.blob, uploadName(file.type));
        return savedInDialog(request, "/profile", { error: null, message: reply.message || t("server:profile.photo.uploaded") });
      },
    );
  } catch (error) {
    // The redirect of a save posted without JavaScript.
    if (error instanceof Response) throw error;
    const [message, reference] = userMessage(error, t, request, { field: FILE_FIELD, generic: t("server:profile.photo.failed") });
    const unavailable = error instanceof LegacyError && error.kind === "unavailable";
    return data({ error: message, reference, message: null }, { status: unavailable ? 502 : 400 });
  }
}

export default function PhotoDialog() {
  const profile = useRouteLoaderData<typeof profileLoader>("routes/_app+/profile+/_page+/_layout");
  const actionData = useActionData<typeof action>();
  useCloseAfter(Boolean(actionData?.message), "/profile", PHOTO_CLOSE_AFTER_MS);
  const { t } = useTranslation("profile");
  return (
    <RouteDialog title={t("photo.title")} closeTo="/profile">
      {actionData?.message ? (
        <DialogSuccess message={actionData.message} closeTo="/profile" />
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
        <PhotoForm
          serverError={actionData?.error ?? null}
          reference={actionData && "reference" in actionData ? (actionData.reference ?? null) : null}
        />
      )}
    </RouteDialog>
  );
}

type Step = { kind: "choose" } | { kind: "crop"; src: string } | { kind: "preview"; blob: Blob; url: string };

/**
 * Whether the image at `src` is past the pixel limits, by the dimensions its header gives (the
 * browser reads them on load and decodes no pixel until the image is drawn). One it cannot read
 * is left to the cropper, which says it is not an image.
 */
function tooManyPixels(src: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(exceedsImageLimits(image.naturalWidth, image.naturalHeight));
    image.onerror = () => resolve(false);
    image.src = src;
  });
}

function PhotoForm({ serverError, reference }: { serverError: string | null; reference: string | null }) {
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
    // The browser checks what it can before cropping (the size, the type, then the dimensions in
    // the image's header, before a phone decodes its pixels); the server checks again and decides.
    const checked = await checkFile(file, PHOTO_TYPES);
    if (!checked.ok) return setClientError(t(refusalKey[checked.reason]));
    const src = URL.createObjectURL(file);
    if (await tooManyPixels(src)) {
      URL.revokeObjectURL(src);
      return setClientError(t(refusalKey.tooManyPixels, imageLimits));
    }
    setClientError(null);
    setStep({ kind: "crop", src });
  }

  function upload(blob: Blob) {
    const form = new FormData();
    form.set(FILE_FIELD, blob, "photo.png");
    submit(form, { method: "post", encType: "multipart/form-data", preventScrollReset: true });
  }

  const errors = clientError ? [clientError] : serverError ? [serverError, ...(reference ? [reference] : [])] : undefined;
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
          <FormError errors={errors} />
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
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the cropper it replaces had the focus
              autoFocus
              aria-busy={uploading}
            >
              {uploading ? t("photo.uploading") : t("photo.upload")}
            </button>
          </div>
        </>
      ) : null}
      {/* noValidate: an empty submit gets the app's message, not the browser's own. */}
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        noValidate
        className="stack"
        hidden={step.kind !== "choose"}
      >
        <section aria-labelledby={`${inputId}-requirements`} className="photo-requirements">
          <h3 id={`${inputId}-requirements`}>{t("photo.requirementsTitle")}</h3>
          <ul>
            {(t("photo.requirements", { returnObjects: true }) as string[]).map((line, index) => (
              <Fragment key={line}>
                <li>{line}</li>
                {index === 0 ? <li>{t("photo.requirementPixels", imageLimits)}</li> : null}
              </Fragment>
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
            accept={acceptOf(PHOTO_TYPES)}
            required
            onChange={hydrated ? onChosen : undefined}
          />
        </div>
        {step.kind === "choose" ? <FormError errors={errors} /> : null}
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

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo="/profile" />;
}
