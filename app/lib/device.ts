/** A short, readable name of the visitor's device from its User-Agent, to prefill support requests. */
const systems: Array<[RegExp, (match: RegExpMatchArray) => string]> = [
  [/Android (\d+(?:\.\d+)?)/, (m) => `Android ${m[1]}`],
  [/iPhone OS (\d+)_(\d+)/, (m) => `iPhone iOS ${m[1]}.${m[2]}`],
  [/iPad.*OS (\d+)_(\d+)/, (m) => `iPad iOS ${m[1]}.${m[2]}`],
  [/Windows NT/, () => "Windows"],
  [/Mac OS X/, () => "macOS"],
  [/CrOS/, () => "ChromeOS"],
  [/Linux/, () => "Linux"],
];
const browsers: Array<[RegExp, string]> = [
  [/Edg\/(\d+)/, "Edge"],
  [/SamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/Chrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/Version\/(\d+).*Safari/, "Safari"],
];

export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "";
  let system = "";
  for (const [pattern, name] of systems) {
    const match = userAgent.match(pattern);
    if (match) {
      system = name(match);
      break;
    }
  }
  let browser = "";
  for (const [pattern, name] of browsers) {
    const match = userAgent.match(pattern);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  return [system, browser].filter(Boolean).join(" · ").slice(0, 128);
}
