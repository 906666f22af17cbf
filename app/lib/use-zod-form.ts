import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { onFirstInteraction } from "./first-interaction";
import { useHydrated } from "./hooks";

/** A form's HTML constraint attributes: `getZodConstraint(schema)`, computed by the loader. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

type Validate<Schema extends z.ZodTypeAny> = NonNullable<Parameters<typeof useForm<z.input<Schema>>>[0]["onValidate"]>;

/**
 * conform's useForm with our defaults: the zod schema validates in the browser too (on submit
 * first, then on input), and constraints become HTML attributes. Not on blur: a field's error
 * appearing as the focus leaves it for the submit button moved that button from under the tap,
 * so the submit was lost and the other fields' errors came only on a second try.
 * Zod stays out of a page's initial JavaScript: the constraint comes from the loader (the server
 * renders the same attributes the browser hydrates), and `loadSchema`, a dynamic import of the
 * form's schema, runs with @conform-to/zod on the first interaction with the form. Until they
 * have loaded, conform has no `onValidate` and validates on submit only, which sends the form to
 * the server: its action validates and replies with the errors and the submitted values.
 * NOTE: conform registers what a form renders only when its state snapshot is the client's;
 * during hydration it is the server's, so errors of a form submitted untouched never showed.
 * The render after hydration (useHydrated) registers them.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(
  loadSchema: () => Promise<Schema>,
  options: {
    id: string;
    constraint: FormConstraint;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
  },
) {
  useHydrated();
  const validate = useLazyValidate(options.id, loadSchema);
  return useForm<z.input<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: withoutMaxLength(options.constraint),
    shouldValidate: "onSubmit",
    shouldRevalidate: validate ? "onInput" : "onSubmit",
    onValidate: validate,
  });
}

/**
 * The constraint without `maxLength`: a browser silently cuts what is typed or pasted at that
 * length (a long link stored broken), whereas the schema's 'El número máximo de caracteres es N'
 * keeps the text and says what to shorten.
 */
export function withoutMaxLength(constraint: FormConstraint): FormConstraint {
  return Object.fromEntries(Object.entries(constraint).map(([name, { maxLength: _dropped, ...rest }]) => [name, rest]));
}

/** The browser-side validation of form `id`, once the user has interacted with it and it has loaded. */
function useLazyValidate<Schema extends z.ZodTypeAny>(id: string, loadSchema: () => Promise<Schema>) {
  const [validate, setValidate] = useState<Validate<Schema>>();
  // Call sites pass a new arrow on every render; the first one loads the same module.
  const load = useRef(loadSchema);
  useEffect(() => {
    if (validate) return;
    let mounted = true;
    const stop = onFirstInteraction(document, id, () => {
      Promise.all([load.current(), import("@conform-to/zod")]).then(
        ([schema, { parseWithZod }]) => {
          const next: Validate<Schema> = ({ formData }) => parseWithZod(formData, { schema });
          if (mounted) setValidate(() => next);
        },
        // A chunk that failed to load leaves the form to the server, which validates every submission.
        () => undefined,
      );
    });
    return () => {
      mounted = false;
      stop();
    };
  }, [id, validate]);
  return validate;
}
