import { formIdOf, INTERACTIONS, onFirstInteraction } from "./first-interaction";

/** A field of form `formId` that is also where the events are listened to (nothing bubbles outside a DOM). */
class Field extends EventTarget {
  constructor(readonly form: { id: string } | null) {
    super();
  }
}

describe("formIdOf", () => {
  it("is a field's own form", () => {
    expect(formIdOf(Object.assign(new EventTarget(), { form: { id: "login" } }))).toBe("login");
  });

  it("is the closest form of anything else inside one", () => {
    const label = Object.assign(new EventTarget(), {
      closest: (selectors: string) => (selectors === "form" ? { id: "contact" } : null),
    });
    expect(formIdOf(label)).toBe("contact");
  });

  it("is undefined outside a form, for a form without id, and without a target", () => {
    expect(formIdOf(Object.assign(new EventTarget(), { form: null, closest: () => null }))).toBeUndefined();
    expect(formIdOf(Object.assign(new EventTarget(), { form: { id: "" } }))).toBeUndefined();
    expect(formIdOf(null)).toBeUndefined();
  });
});

describe("onFirstInteraction", () => {
  it.each(INTERACTIONS)("calls back on a first %s with the form, then never again", (type) => {
    const field = new Field({ id: "login" });
    const callback = vi.fn();
    onFirstInteraction(field, "login", callback);
    field.dispatchEvent(new Event(type));
    for (const other of INTERACTIONS) field.dispatchEvent(new Event(other));
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("ignores interactions with another form and other events", () => {
    const other = new Field({ id: "contact" });
    const field = new Field({ id: "login" });
    const callback = vi.fn();
    onFirstInteraction(other, "login", callback);
    onFirstInteraction(field, "login", callback);
    for (const type of INTERACTIONS) other.dispatchEvent(new Event(type));
    for (const type of ["focusout", "change", "submit", "pointerover"]) field.dispatchEvent(new Event(type));
    expect(callback).not.toHaveBeenCalled();
  });

  it("does nothing once stopped", () => {
    const field = new Field({ id: "login" });
    const callback = vi.fn();
    const stop = onFirstInteraction(field, "login", callback);
    stop();
    for (const type of INTERACTIONS) field.dispatchEvent(new Event(type));
    expect(callback).not.toHaveBeenCalled();
  });
});
