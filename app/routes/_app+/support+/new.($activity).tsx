import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { FormError, SelectField, TextareaField, TextField } from "~/components/forms";
import { LeaveDialog } from "~/components/leave-dialog";
import { RouteDialog } from "~/components/route-dialog";
import { requireUser } from "~/infra/auth.server";
import { legacyErrorReply, unlessAfterAction } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { redirectWithToast } from "~/infra/toast.server";
import { getSupportCategories, saveSupportRequest } from "~/legacy/help.server";
import { describeDevice } from "~/lib/device";
import { appSections } from "~/lib/forms/options";
import { getZodConstraint, parseWithZod, supportSchema } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { notAfterSteps } from "~/lib/revalidate";
import { useDirtyForm } from "~/lib/use-dirty-form";
import { type FormConstraint, useZodForm } from "~/lib/use-zod-form";
import { message } from "~/lib/validation-messages";

/**
 * The support request of spec §4: fill in, confirm ('¿Enviar solicitud de soporte?'), send. The
 * confirmation is a server-rendered step, so it works without JavaScript too.
 */
function activityOf(params: { activity?: string }) {
  const id = Number(params.activity);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  return {
    categories: await unlessAfterAction(request, ctx, getSupportCategories, []),
    device: describeDevice(request.headers.get("User-Agent")),
    activity: activityOf(params),
    constraint: getZodConstraint(supportSchema),
  };
}

export const shouldRevalidate = notAfterSteps("edit", "confirm");

export async function action({ request }: ActionFunctionArgs) {
  // Spec §8: a 401 on sending a support request shows the server's message.
  const { ctx } = await requireUser(request, { unauthorizedIsMessage: true });
  const form = await request.formData();
  const intent = form.get("intent");
  const submission = parseWithZod(form, { schema: supportSchema });
  if (submission.status !== "success" || intent === "edit") {
    return data({ step: "edit" as const, result: submission.reply() }, { status: intent === "edit" ? 200 : 400 });
  }
  const t = await getFixedT(request);
  let categories: Awaited<ReturnType<typeof getSupportCategories>>;
  try {
    categories = await getSupportCategories(ctx);
  } catch (error) {
    // A cold catalogue cache and the API down: the choice cannot be checked, so nothing is lost but nothing goes.
    return data({ step: "edit" as const, result: legacyErrorReply(error, submission.reply, t, request) }, { status: 400 });
  }
  const category = categories.find((item) => item.id === submission.value.support_category);
  if (!category?.subCategories.some((sub) => sub.id === submission.value.support_sub_category)) {
    return data(
      { step: "edit" as const, result: submission.reply({ fieldErrors: { support_sub_category: [message.invalid] } }) },
      { status: 400 },
    );
  }
  if (intent !== "send") return { step: "confirm" as const, result: submission.reply(), value: submission.value };

  const { support_activity: _activity, ...payload } = submission.value;
  try {
    const reply = await saveSupportRequest(ctx, payload);
    return await redirectWithToast("/support", {
      type: "success",
      message: reply.message || t("server:common.help.supportSent"),
    });
  } catch (error) {
    return data({ step: "edit" as const, result: legacyErrorReply(error, submission.reply, t, request) }, { status: 400 });
  }
}

const FORM_ID = "support";

export default function NewSupportRequest() {
  const { categories, device, activity, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  // Both steps are form FORM_ID: closing either with what was typed asks first.
  const blocker = useDirtyForm(FORM_ID);
  return (
    <RouteDialog title={t("help:newRequest")} closeTo="/support" dismissOnBackdrop>
      {actionData?.step === "confirm" ? (
        <ConfirmStep value={actionData.value} />
      ) : (
        <SupportForm
          categories={categories}
          device={device}
          activity={activity}
          constraint={constraint}
          lastResult={actionData?.result}
        />
      )}
      <LeaveDialog blocker={blocker} />
    </RouteDialog>
  );
}

type Category = { id: number; name: string; subCategories: Array<{ id: number; name: string }> };

function SupportForm({
  categories,
  device,
  activity,
  constraint,
  lastResult,
}: {
  categories: Category[];
  device: string;
  activity?: number;
  constraint: FormConstraint;
  lastResult?: Parameters<typeof useZodForm>[1]["lastResult"];
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(() => import("~/lib/forms/help").then((forms) => forms.supportSchema), {
    id: FORM_ID,
    constraint,
    lastResult,
    defaultValue: { device },
  });
  const chosen = categories.find((category) => String(category.id) === fields.support_category.value);
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      {activity ? <input type="hidden" name="support_activity" value={activity} /> : null}
      <TextField field={fields.subject} label={t("help:subject")} counter={constraint.subject?.maxLength} />
      <TextField field={fields.device} label={t("help:device")} />
      <SelectField
        field={fields.app_section}
        label={t("help:section")}
        placeholder={activity ? t("help:sectionGallery") : t("help:choose")}
        options={appSections.map((section) => ({ value: section, label: t(`help:sections.${section}`) }))}
      />
      {categories.length === 0 && fields.support_category.value ? (
        // The catalogue could not be read after the action: the choice made travels on unseen.
        <>
          <input type="hidden" name={fields.support_category.name} value={fields.support_category.value} />
          <input type="hidden" name={fields.support_sub_category.name} value={fields.support_sub_category.value ?? ""} />
        </>
      ) : (
        <>
          <SelectField
            field={fields.support_category}
            label={t("help:category")}
            placeholder={t("help:choose")}
            options={categories.map((category) => ({ value: category.id, label: category.name }))}
          />
          {chosen ? (
            <SelectField
              field={fields.support_sub_category}
              label={t("help:subCategory")}
              placeholder={t("help:choose")}
              options={chosen.subCategories.map((sub) => ({ value: sub.id, label: sub.name }))}
            />
          ) : (
            <SelectField
              field={fields.support_sub_category}
              label={t("help:subCategory")}
              placeholder={t("help:choose")}
              groups={categories.map((category) => ({
                label: category.name,
                options: category.subCategories.map((sub) => ({ value: sub.id, label: sub.name })),
              }))}
            />
          )}
        </>
      )}
      <TextareaField field={fields.comment} label={t("help:comment")} rows={5} />
      <FormError errors={form.errors} />
      <button type="submit" name="intent" value="review" className="button button-primary">
        {t("help:send")}
      </button>
    </Form>
  );
}

function ConfirmStep({ value }: { value: Record<string, string | number | undefined> }) {
  const { t } = useTranslation();
  const sending = useNavigation().state === "submitting";
  // The step replaced the form and the button that had focus: the question takes it, not <body>.
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <Form method="post" id={FORM_ID} className="stack confirm-step">
      <p className="confirm-title" ref={question} tabIndex={-1}>
        <strong>{t("help:confirmTitle")}</strong>
      </p>
      <p>{t("help:confirmText")}</p>
      {Object.entries(value).map(([name, fieldValue]) =>
        fieldValue === undefined ? null : <input key={name} type="hidden" name={name} value={fieldValue} />,
      )}
      <div className="button-row">
        <button type="submit" name="intent" value="edit" className="button">
          {t("help:cancel")}
        </button>
        <button type="submit" name="intent" value="send" className="button button-primary" disabled={sending}>
          {t("help:continue")}
        </button>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo="/support" />;
}
