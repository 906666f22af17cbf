import type { resources } from "~/locales";

/**
 * `t()`'s keys as types, computed from a language's JSON (the app's: Spanish, the source of truth):
 * a wrong key, or one of another namespace without its `ns:` prefix, fails `tsc`. Interpolation
 * variables stay untyped (`{{name}}` options are checked by the tests, not the compiler).
 */

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
/** `items_one` is also read as `items` with a `count`. */
type PluralBase<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;

/** Dotted paths to the strings of one namespace's JSON. */
type StringPaths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${K}` | `${Prefix}${PluralBase<K>}`
    : T[K] extends readonly unknown[]
      ? never
      : StringPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Dotted paths to its lists and objects, which only `returnObjects` reads. */
type ObjectPaths<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string
    ? never
    : T[K] extends readonly unknown[]
      ? `${Prefix}${K}`
      : `${Prefix}${K}` | ObjectPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

type Prefixed<R, Kind extends "string" | "object"> = {
  [N in keyof R & string]: `${N}:${Kind extends "string" ? StringPaths<R[N]> : ObjectPaths<R[N]>}`;
}[keyof R & string];

export type Options = { count?: number; defaultValue?: string; [name: string]: unknown };

/** A `t` over `Key` (strings) and `ObjectKey` (lists and objects); `string` for both when untyped. */
export type TFunction<Key extends string = string, ObjectKey extends string = string> = {
  (key: Key, options?: Options & { returnObjects?: false }): string;
  /** The key's list or object as the JSON has it (the caller asserts its shape). */
  (key: ObjectKey, options: Options & { returnObjects: true }): unknown;
};

/** The string keys of namespace `NS` of resources `R`: its own bare, every namespace's prefixed. */
export type KeyOf<R, NS extends string> = (NS extends keyof R ? StringPaths<R[NS]> : never) | Prefixed<R, "string">;

/** The `t` scoped to namespace `NS` of resources `R`. */
export type ScopedT<R, NS extends string> = string extends keyof R
  ? TFunction
  : TFunction<KeyOf<R, NS>, (NS extends keyof R ? ObjectPaths<R[NS]> : never) | Prefixed<R, "object">>;

/** A `t` of any namespace: prefixed keys only. Helpers that are given the caller's `t` take this. */
export type PrefixedT<R> = string extends keyof R ? TFunction : TFunction<Prefixed<R, "string">, Prefixed<R, "object">>;

/** The app's strings' shape: Spanish's (a test keeps English's keys identical). */
export type Strings = (typeof resources)["es"];

/** The app's `t` scoped to a namespace (default `common`). */
export type AppT<NS extends keyof Strings = "common"> = ScopedT<Strings, NS>;

/** A key of the app's namespace `NS` (a string), for a key passed around before it is translated. */
export type AppKey<NS extends keyof Strings = "common"> = KeyOf<Strings, NS>;

/** A `t` of any namespace of the app (prefixed keys only), for helpers given the caller's `t`. */
export type AnyAppT = PrefixedT<Strings>;
