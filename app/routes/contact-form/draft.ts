/**
 * The name of the contact form's draft over a language switch (its id changes with each
 * submission): kept by the footer while the live form loads (route.tsx), then by the live form.
 */
export const CONTACT_DRAFT = "contact";
