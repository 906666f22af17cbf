/**
 * Intl formatters are costly to build (a locale lookup each time) and pages format hundreds of
 * numbers: one formatter per locale and kind, built on first use, on the server and in the browser.
 */
export function perLocale<F>(create: (locale: string) => F): (locale: string) => F {
  const made = new Map<string, F>();
  return (locale) => {
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = create(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}
