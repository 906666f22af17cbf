import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FieldError, FormError, SubmitButton, TextField } from "~/components/forms";
import { LeaveDialog } from "~/components/leave-dialog";
import { requireUser } from "~/infra/auth.server";
import { legacyErrorReply } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { readUpload, refusalInit, uploadHeaders } from "~/infra/upload.server";
import { saveCertificate } from "~/legacy/user.server";
import { certificateTypes, FILE_TOO_LARGE } from "~/lib/forms/options";
import { certificationSchema, getZodConstraint, parseWithZod } from "~/lib/forms/schemas.server";
import { useHydrated } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import { stepMeta } from "~/lib/onboarding-steps";
import { acceptOf, CERTIFICATE_TYPES, imageLimits, uploadName } from "~/lib/upload-rules";
import { useDirtyForm } from "~/lib/use-dirty-form";
import { useZodForm } from "~/lib/use-zod-form";

export const meta = stepMeta("certification");

/**
 * The certification form (spec §2, §5): saved on the legacy API with its optional file, checked
 * by content here first; on success '¡Certificado guardado con éxito!' and an empty form for the
 * next one. Leaving with anything typed asks first (JS, `useDirtyForm`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { constraint: getZodConstraint(certificationSchema) };
}

const FILE_FIELD = "file_certificate";
const refusalKey = {
  tooLarge: "onboarding:certification.fileTooLarge",
  wrongType: "server:onboarding.certification.fileType",
  tooManyPixels: "server:onboarding.certification.fileTooManyPixels",
  malformed: "common:validation.invalid",
  tooSlow: "server:onboarding.certification.fileTooSlow",
} as const;

/** Passes on the `Connection: close` of a body too slow. */
export const headers = uploadHeaders;

/** Where 'Regresar' and 'Continuar' go; without JavaScript they post the form (`leave`) so the server can ask first. */
const LEAVE_TARGETS = ["/certifications", "/select_learning_path"] as const;

/** Whether the form holds anything the learner typed or chose (the type's default aside). */
function typedIn(fields: FormData): boolean {
  return [...fields].some(
    ([name, value]) =>
      name !== "leave" &&
      !(name === "certificate_type" && value === "CERTIFICATE") &&
      (typeof value === "string" ? value.trim() !== "" : value.size > 0),
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx, session } = await requireUser(request);
  const t = await getFixedT(request);
  return readUpload(
    request,
    { field: FILE_FIELD, types: CERTIFICATE_TYPES, user: session.user.id },
    async ({ fields, file, refused }) => {
      const submission = parseWithZod(fields, { schema: certificationSchema });
      // Leaving without JavaScript (spec §8): with anything typed, the form comes back as it was,
      // its fields unjudged, under the leave question; with nothing, the learner goes.
      const leave = LEAVE_TARGETS.find((target) => target === fields.get("leave"));
      if (leave) {
        const fileSent = (file !== undefined && file !== null) || refused !== null;
        if (!fileSent && !typedIn(fields)) return redirect(leave);
        return { result: { ...submission.reply(), error: {} }, saved: null, fileLost: fileSent, leave };
      }
      if (refused) {
        // What was typed comes back with the file's error (the form sends its text before the file).
        const fieldErrors = { [FILE_FIELD]: [t(refusalKey[refused], imageLimits)] };
        return data({ result: submission.reply({ fieldErrors }), saved: null }, refusalInit(refused));
      }
      // A file sent with a form that came back is not in it any more: the page says to choose it again.
      const fileLost = file !== undefined && file !== null;
      if (submission.status !== "success") return data({ result: submission.reply(), saved: null, fileLost }, { status: 400 });
      const certificate = submission.value;
      try {
        const reply = await saveCertificate(ctx, {
          certificate: certificate.certificate,
          certificateType: certificate.certificate_type,
          institution: certificate.institution,
          expeditionDate: certificate.expedition_date,
          credentialId: certificate.credential_id,
          credentialUrl: certificate.credential_url,
          file: file ? { blob: file.blob, name: uploadName(file.type) } : undefined,
        });
        return {
          result: submission.reply({ resetForm: true }),
          saved: reply.message || t("server:onboarding.certification.saved"),
        };
      } catch (error) {
        return data({ result: legacyErrorReply(error, submission.reply, t, request), saved: null, fileLost }, { status: 400 });
      }
    },
  );
}

export default function NewCertification() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("onboarding");
  const [form, fields] = useZodForm(() => import("~/lib/forms/onboarding").then((forms) => forms.certificationSchema), {
    id: "certification",
    constraint,
    lastResult: actionData?.result,
    defaultValue: { certificate_type: "CERTIFICATE" },
  });
  const blocker = useDirtyForm(form.id);
  // Without JavaScript the page came back from the server, its file input empty (issue #29 item 5).
  const hydrated = useHydrated();
  const fileLost = !hydrated && actionData !== undefined && "fileLost" in actionData && actionData.fileLost;
  const leave = !hydrated && actionData !== undefined && "leave" in actionData ? actionData.leave : null;

  return (
    <>
      <h1>{t("onboarding:certification.title")}</h1>
      {actionData?.saved ? (
        <p className="form-success" role="status">
          {actionData.saved}
        </p>
      ) : null}
      {leave ? (
        <section className="card leave-question" aria-labelledby="leave-title">
          <h2 id="leave-title">{t("common:leave.title")}</h2>
          <p>{t("common:leave.text")}</p>
          <div className="button-row">
            <a href={`#${form.id}`} className="button">
              {t("common:leave.no")}
            </a>
            <Link to={leave} className="button button-primary">
              {t("common:leave.yes")}
            </Link>
          </div>
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
        <TextField field={fields.certificate} label={t("onboarding:certification.certificate")} />
        <fieldset className="field choice-row">
          <legend>{t("onboarding:certification.type")}</legend>
          {certificateTypes.map((type) => (
            <label key={type} className="option">
              <input
                {...getInputProps(fields.certificate_type, { type: "radio", value: type })}
                id={`${fields.certificate_type.id}-${type}`}
                aria-describedby={fields.certificate_type.errors ? fields.certificate_type.errorId : undefined}
              />
              <span>{t(`certification.types.${type}`)}</span>
            </label>
          ))}
          <FieldError id={fields.certificate_type.errorId} errors={fields.certificate_type.errors} />
        </fieldset>
        <TextField field={fields.institution} label={t("onboarding:certification.institution")} />
        <div className="field">
          <label htmlFor={fields.expedition_date.id}>{t("onboarding:certification.expeditionDate")}</label>
          <input {...getInputProps(fields.expedition_date, { type: "date" })} />
          <FieldError id={fields.expedition_date.errorId} errors={fields.expedition_date.errors} />
        </div>
        <TextField field={fields.credential_id} label={t("onboarding:certification.credentialId")} />
        <TextField field={fields.credential_url} label={t("onboarding:certification.credentialUrl")} />
        <div className="field">
          <label htmlFor={fields.file_certificate.id}>{t("onboarding:certification.file")}</label>
          <input {...getInputProps(fields.file_certificate, { type: "file" })} accept={acceptOf(CERTIFICATE_TYPES)} />
          {fileLost ? <p className="field-hint-again">{t("onboarding:certification.fileAgain")}</p> : null}
          <FieldError
            id={fields.file_certificate.errorId}
            errors={fields.file_certificate.errors?.map((error) =>
              error === FILE_TOO_LARGE ? t("certification.fileTooLarge") : error,
            )}
          />
        </div>
        <FormError errors={form.errors} />
        <SubmitButton busyText={t("onboarding:certification.saving")}>{t("onboarding:certification.save")}</SubmitButton>
      </Form>
      <div className="button-row onboarding-actions">
        {hydrated ? (
          <>
            <Link to="/certifications" className="button">
              {t("onboarding:certification.back")}
            </Link>
            <Link to="/select_learning_path" className="button button-primary">
              {t("onboarding:certification.continue")}
            </Link>
          </>
        ) : (
          <>
            {/* Without JavaScript they post the form, unchecked, so the server asks before what was typed is left. */}
            <button type="submit" form={form.id} name="leave" value="/certifications" formNoValidate className="button">
              {t("onboarding:certification.back")}
            </button>
            <button
              type="submit"
              form={form.id}
              name="leave"
              value="/select_learning_path"
              formNoValidate
              className="button button-primary"
            >
              {t("onboarding:certification.continue")}
            </button>
          </>
        )}
      </div>
      <LeaveDialog blocker={blocker} />
    </>
  );
}
