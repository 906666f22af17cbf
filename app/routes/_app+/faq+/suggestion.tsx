import { getFormProps } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DialogErrorBoundary } from "~/components/dialog-error-boundary";
import { FormError, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { DialogSuccess, RouteDialog, useCloseAfter } from "~/components/route-dialog";
import { requireUser } from "~/infra/auth.server";
import { legacyErrorReply, unlessAfterAction } from "~/infra/form-errors.server";
import { getFixedT } from "~/infra/language.server";
import { getSuggestionCategories, saveSuggestion } from "~/legacy/help.server";
import { getZodConstraint, parseWithZod, suggestionSchema } from "~/lib/forms/schemas.server";
import { useTranslation } from "~/lib/i18n/use-translation";
import { useZodForm } from "~/lib/use-zod-form";

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  return {
    categories: await unlessAfterAction(request, ctx, getSuggestionCategories, []),
    constraint: getZodConstraint(suggestionSchema),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: suggestionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  try {
    await saveSuggestion(ctx, submission.value);
    return { result: submission.reply({ resetForm: true }), sent: true };
  } catch (error) {
    const t = await getFixedT(request);
    return data({ result: legacyErrorReply(error, submission.reply, t, request), sent: false }, { status: 400 });
  }
}

export default function SuggestionDialog() {
  const { categories, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const sent = actionData?.sent === true;
  const [form, fields] = useZodForm(() => import("~/lib/forms/help").then((forms) => forms.suggestionSchema), {
    id: "suggestion",
    constraint,
    lastResult: actionData?.result,
  });
  // Spec §9: the suggestion modal closes 500 ms after success.
  useCloseAfter(sent, "/faq");

  return (
    <RouteDialog title={t("help:suggestionTitle")} closeTo="/faq">
      {sent ? (
        <DialogSuccess message={t("help:suggestionThanks")} closeTo="/faq" />
      ) : (
        <Form method="post" {...getFormProps(form)} className="stack">
          <SelectField
            field={fields.suggestion_category_id}
            label={t("help:category")}
            placeholder={t("help:choose")}
            options={categories.map((category) => ({ value: category.id, label: category.name }))}
          />
          <TextareaField field={fields.content} label={t("help:suggestionContent")} counter={constraint.content?.maxLength} />
          <FormError errors={form.errors} />
          <SubmitButton>{t("help:send")}</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary() {
  return <DialogErrorBoundary closeTo="/faq" />;
}
