import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FormError, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { RouteDialog } from "~/components/route-dialog";
import { requireUser } from "~/lib/auth.server";
import { legacyErrorReply } from "~/lib/form-errors.server";
import { suggestionSchema } from "~/lib/forms/help";
import { i18next } from "~/lib/i18next.server";
import { getSuggestionCategories, saveSuggestion } from "~/lib/legacy/help.server";
import { useZodForm } from "~/lib/use-zod-form";

/** Spec §4: the suggestion modal closes 500 ms after success. */
const CLOSE_AFTER_MS = 500;

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx } = await requireUser(request);
  return { categories: await getSuggestionCategories(ctx) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { ctx } = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: suggestionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  try {
    await saveSuggestion(ctx, submission.value);
    return { result: submission.reply({ resetForm: true }), sent: true };
  } catch (error) {
    const t = await i18next.getFixedT(request);
    return data({ result: legacyErrorReply(error, submission.reply, t), sent: false }, { status: 400 });
  }
}

export default function SuggestionDialog() {
  const { categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sent = actionData?.sent === true;
  const [form, fields] = useZodForm(suggestionSchema, { id: "suggestion", lastResult: actionData?.result });

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => navigate("/faq", { preventScrollReset: true }), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  return (
    <RouteDialog title={t("help.suggestionTitle")} closeTo="/faq">
      {sent ? (
        <div className="stack">
          <p className="form-success" role="status">
            {t("help.suggestionThanks")}
          </p>
          <Link to="/faq" className="button">
            {t("dialog.close")}
          </Link>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="stack">
          <SelectField
            field={fields.suggestion_category_id}
            label={t("help.category")}
            placeholder={t("help.choose")}
            options={categories.map((category) => ({ value: category.id, label: category.name }))}
          />
          <TextareaField field={fields.content} label={t("help.suggestionContent")} />
          <FormError errors={form.errors} />
          <SubmitButton>{t("help.send")}</SubmitButton>
        </Form>
      )}
    </RouteDialog>
  );
}
