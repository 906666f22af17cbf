import CryptoJS from "crypto-js";

/**
 * SSO links carry each query value encrypted with AES-CBC/PKCS7 under a fixed key and IV.
 * NOTE: decryption answers null for every kind of bad input (bad base64, bad padding, bad
 * UTF-8, empty plaintext) so callers fail the same way whatever was wrong: no padding oracle.
 */
export type SsoKeys = { key: string; iv: string };

function cipherParams({ key, iv }: SsoKeys) {
  return {
    key: CryptoJS.enc.Hex.parse(key),
    options: { iv: CryptoJS.enc.Hex.parse(iv), mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 },
  };
}

export function encryptSsoValue(plaintext: string, keys: SsoKeys): string {
  const { key, options } = cipherParams(keys);
  return CryptoJS.AES.encrypt(plaintext, key, options).toString();
}

export function decryptSsoValue(ciphertext: string, keys: SsoKeys): string | null {
  const normalized = ciphertext.replace(/ /g, "+");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(normalized) || normalized.length % 4 !== 0) return null;
  try {
    const { key, options } = cipherParams(keys);
    const words = CryptoJS.AES.decrypt(normalized, key, options);
    if (words.sigBytes <= 0) return null;
    const plaintext = words.toString(CryptoJS.enc.Utf8);
    return plaintext.length > 0 ? plaintext : null;
  } catch {
    return null;
  }
}

/** Decrypts every value of an SSO query; null when the query is empty or any value is bad. */
export function decryptSsoQuery(search: URLSearchParams, keys: SsoKeys): Record<string, string> | null {
  const entries = [...search.entries()];
  if (entries.length === 0 || entries.length > 20) return null;
  const decoded: Record<string, string> = {};
  for (const [name, value] of entries) {
    const plaintext = decryptSsoValue(value, keys);
    if (plaintext === null || !/^[A-Za-z0-9_]{1,64}$/.test(name)) return null;
    decoded[name] = plaintext;
  }
  return decoded;
}

export function buildSsoQuery(params: Record<string, string>, keys: SsoKeys): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) search.set(name, encryptSsoValue(value, keys));
  return search.toString();
}

/**
 * Where an SSO link points: PUBLIC_URL (the address people open, e.g. behind a proxy) when set,
 * else this machine's app on PORT. Null when PUBLIC_URL is no http(s) address.
 */
export function welcomeLink(query: string, { publicUrl, port }: { publicUrl?: string; port: number }): string | null {
  let base: URL;
  try {
    base = new URL(publicUrl || `http://localhost:${port}`);
  } catch {
    return null;
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") return null;
  return `${base.origin}${base.pathname.replace(/\/+$/, "")}/welcome?${query}`;
}
