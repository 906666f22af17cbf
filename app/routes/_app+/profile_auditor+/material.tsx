import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { FormError, SelectField, SubmitButton, TextareaField, TextField } from "~/components/forms";
import { DialogSuccess, RouteDialog, useCloseAfter } from "~/components/route-dialog";
import { getFixedT } from "~/infra/language.server";
import { uploadMaterial } from "~/legacy/leader.server";
import { materialTypes } from "~/lib/forms/options";
import { getZodConstraint, materialSchema, parseWithZod } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useZodForm } from "~/lib/use-zod-form";
import { leaderErrorReply, requireLeader } from "./leader.server";

/** 'Subir material' (spec §2, §3 Material form, §5 Material rules, enforced here). */
const CLOSE_TO = "/profile_auditor";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireLeader(request);
  return { constraint: getZodConstraint(materialSchema) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireLeader(request);
  const submission = parseWithZod(await request.formData(), { schema: materialSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: "" }, { status: 400 });
  const t = await getFixedT(request);
  try {
    const reply = await uploadMaterial(ctx, submission.value);
    return { result: submission.reply({ resetForm: true }), sent: reply.message || t("server:leader.material.done") };
  } catch (error) {
    return data({ result: leaderErrorReply(error, submission.reply, t, request), sent: "" }, { status: 400 });
  }
}

export default function UploadMaterial() {
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("leader");
  const sent = actionData?.sent ?? "";
  const [form, fields] = useZodForm(() => import("~/lib/forms/leader").then((forms) => forms.materialSchema), {
    id: "material",
    constraint,
    lastResult: actionData?.result,
  });
  useCloseAfter(sent !== "", CLOSE_TO);
  return (
    <RouteDialog title={t("uploadMaterial")} closeTo={CLOSE_TO}>
      {sent ? (
        <DialogSuccess message={sent} closeTo={CLOSE_TO} />
      ) : (
        <Form method="post" {...getFormProps(form)} className="stack">
          <TextField field={fields.title} label={t("material.name")} />
          <SelectField
            field={fields.type}
            label={t("material.type")}
            placeholder={t("material.choose")}
            options={materialTypes.map((type) => ({ value: type.value, label: t(`material.types.${type.key}`) }))}
          />
          <TextField
            field={fields.link}
            label={t("material.link")}
            inputProps={{ type: "url", inputMode: "url", placeholder: "https://" }}
          />
          <TextField field={fields.date} label={t("material.date")} inputProps={{ type: "date" }} />
          <TextareaField field={fields.comments} label={t("material.comments")} rows={3} />
          <FormError errors={form.errors} />
          <SubmitButton busyText={t("material.sending")}>{t("material.submit")}</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo={CLOSE_TO} />;
}
