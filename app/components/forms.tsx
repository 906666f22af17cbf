import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { type InputHTMLAttributes, useId, useState } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { useHydrated } from "~/lib/hooks";
import { useTranslation } from "~/lib/i18n/use-translation";
import { parseValidationMessage } from "~/lib/validation-messages";
import { EyeIcon, EyeOffIcon } from "./form-icons";

const VALIDATION_KEYS = ["required", "invalid", "minChars", "maxChars", "minValue", "maxValue", "mismatch"] as const;

/** Shows the first error of a field (spec §5), translated; a server's own message as it came. */
export function FieldError({ id, errors, dash = false }: { id: string; errors?: string[]; dash?: boolean }) {
  const { t } = useTranslation();
  const first = errors?.[0];
  if (!first) return null;
  const { key, count } = parseValidationMessage(first);
  const known = VALIDATION_KEYS.find((name) => name === key);
  const text = known ? t(`validation.${known}`, { n: count }) : first;
  return (
    <p id={id} className="field-error">
      {dash ? `- ${text}` : text}
    </p>
  );
}

/** A form's message; a failed upstream call's comes with the request id (`userMessage`), shown under it. */
export function FormError({ errors }: { errors?: string[] }) {
  const [first, reference] = errors ?? [];
  if (!first) return null;
  return (
    <>
      <p className="form-error" role="alert">
        {first}
      </p>
      {reference ? <p className="request-id">{reference}</p> : null}
    </>
  );
}

/** The public forms' bot trap: `hidden` keeps it from people, `aria-hidden` and no tab stop from assistive tech. */
export function Honeypot() {
  return (
    <div hidden aria-hidden="true">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

type FieldProps = {
  field: FieldMetadata<string>;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  dash?: boolean;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Free text's maximum (the schema's, not an attribute: the browser would cut a paste), counted as it is typed. */
  counter?: number;
};

/**
 * The value a field's HTML starts with: conform's initial value, or ''. conform leaves
 * `defaultValue` out when a field has none (after a reset), and React then keeps the last one in
 * the HTML, which the reset's `form.reset()` put back in the field: a comment first refused by the
 * server reappeared in the contact form after it was sent.
 */
function defaultOf(field: FieldMetadata<string | number>) {
  return typeof field.initialValue === "string" ? field.initialValue : "";
}

/** A field with a length counter keeps room for it in its label's row from the server's HTML on. */
const fieldClass = (counter?: number) => (counter ? "field counted" : "field");

export function TextField({ field, label, type = "text", dash, inputProps, counter }: FieldProps) {
  return (
    <div className={fieldClass(counter)}>
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type })} defaultValue={defaultOf(field)} {...inputProps} />
      <LengthCounter length={lengthOf(field)} max={counter} />
      <FieldError id={field.errorId} errors={field.errors} dash={dash} />
    </div>
  );
}

/** The characters in a field: conform follows its value as it is typed, and back to its initial value on a reset. */
function lengthOf(field: FieldMetadata<string>) {
  return typeof field.value === "string" ? field.value.length : 0;
}

/** Close to a limit, the counter is also said, once per change and politely. */
const ANNOUNCE_WITHIN = 20;

/**
 * A field's characters against its maximum (issue #29 item 6), with JavaScript only (without it
 * the count could not follow): '12/128' on screen; near the end a screen reader hears how many are left.
 */
function LengthCounter({ length, max }: { length: number; max?: number }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (!hydrated || !max) return null;
  const left = max - length;
  return (
    <p className="field-counter" data-near={left <= ANNOUNCE_WITHIN}>
      <span aria-hidden="true">
        {length}/{max}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {left <= ANNOUNCE_WITHIN ? t("validation.charsLeft", { count: Math.max(0, left) }) : ""}
      </span>
    </p>
  );
}

/** A password input whose show/hide toggle appears only when JavaScript can run it. */
export function PasswordField({ field, label, dash, inputProps }: Omit<FieldProps, "type">) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const toggleId = useId();
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <div className="password-input">
        <input
          {...getInputProps(field, { type: "password" })}
          defaultValue={defaultOf(field)}
          {...inputProps}
          type={visible ? "text" : "password"}
        />
        {hydrated ? (
          <button
            id={toggleId}
            type="button"
            className="password-toggle"
            aria-pressed={visible}
            aria-label={visible ? t("auth.hidePassword") : t("auth.showPassword")}
            onClick={() => setVisible((value) => !value)}
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
      </div>
      <FieldError id={field.errorId} errors={field.errors} dash={dash} />
    </div>
  );
}

/**
 * The primary submit button: disabled while its form is being sent, so a double tap sends once,
 * and while `disabled` (a step not finished yet).
 */
export function SubmitButton({
  children,
  busyText,
  disabled = false,
}: {
  children: React.ReactNode;
  busyText?: string;
  disabled?: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <button type="submit" className="button button-primary" disabled={submitting || disabled} aria-busy={submitting}>
      {submitting && busyText ? busyText : children}
    </button>
  );
}

type Option = { value: string | number; label: string };

export function SelectField({
  field,
  label,
  options,
  placeholder,
  groups,
}: {
  field: FieldMetadata<string | number>;
  label: string;
  options?: Option[];
  placeholder: string;
  /** Options grouped under a heading (rendered as <optgroup>). */
  groups?: Array<{ label: string; options: Option[] }>;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)} defaultValue={defaultOf(field)}>
        <option value="">{placeholder}</option>
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {groups?.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  field,
  label,
  rows = 4,
  counter,
}: {
  field: FieldMetadata<string>;
  label: string;
  rows?: number;
  /** As TextField's. */
  counter?: number;
}) {
  return (
    <div className={fieldClass(counter)}>
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field)} defaultValue={defaultOf(field)} rows={rows} />
      <LengthCounter length={lengthOf(field)} max={counter} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
