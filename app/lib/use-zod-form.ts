import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { useHydrated } from "./use-hydrated";

/**
 * conform's useForm with our defaults: the zod schema validates in the browser too (blur first,
 * then on input), and constraints become HTML attributes.
 * NOTE: conform registers what a form renders only when its state snapshot is the client's;
 * during hydration it is the server's, so errors of a form submitted untouched never showed.
 * The render after hydration (useHydrated) registers them.
 */
export function useZodForm<Schema extends z.ZodTypeAny>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<Schema>>;
  },
) {
  useHydrated();
  return useForm<z.input<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
