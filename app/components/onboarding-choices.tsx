import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FieldError, FormError, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/lib/i18n/use-translation";
import { type FormConstraint, useZodForm } from "~/lib/use-zod-form";

type Item = { id: number; name: string; coverUrl: string | null; selected: boolean };

const steps = {
  topics: { back: "/certifications" },
  contentTypes: { back: "/select_learning_path" },
} as const;

/**
 * A choice step of onboarding (topics, content types): cards with a checkbox each, the saved
 * selection checked again, Regresar and Continuar (which saves).
 */
export function ChoicesStep({
  step,
  items,
  constraint,
  lastResult,
}: {
  step: keyof typeof steps;
  items: Item[];
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("onboarding");
  const [form, fields] = useZodForm(() => import("~/lib/forms/onboarding").then((forms) => forms.choicesSchema), {
    id: step,
    constraint,
    lastResult,
    defaultValue: { ids: items.filter((item) => item.selected).map((item) => item.id) },
  });
  /** What was sent when the server refused it, else the saved selection. */
  const sent = lastResult?.initialValue ? [lastResult.initialValue.ids ?? []].flat() : null;
  const checked = (item: Item) => (sent ? sent.includes(String(item.id)) : item.selected);
  return (
    <>
      <h1>{t(`${step}.title`)}</h1>
      <p>{t(`${step}.intro`)}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <fieldset className="choice-grid" aria-describedby={fields.ids.errors ? fields.ids.errorId : undefined}>
          <legend className="visually-hidden">{t(`${step}.legend`)}</legend>
          {items.map((item) => (
            <label key={item.id} className="choice-card">
              <input type="checkbox" name={fields.ids.name} value={item.id} defaultChecked={checked(item)} />
              {item.coverUrl ? <img src={item.coverUrl} alt="" loading="lazy" width={160} height={90} /> : null}
              <span>{item.name}</span>
            </label>
          ))}
        </fieldset>
        <FieldError id={fields.ids.errorId} errors={fields.ids.errors} />
        <FormError errors={form.errors} />
        <div className="button-row onboarding-actions">
          <Link to={steps[step].back} className="button">
            {t(`${step}.back`)}
          </Link>
          <SubmitButton>{t(`${step}.continue`)}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
