import { join, relative } from "node:path";
import { UNSAFE_defineRoutes as defineRoutes } from "@remix-run/dev";
import ts from "typescript";
import { ALWAYS_LOADED } from "../app/lib/i18n/namespaces";
import config from "../remix.config.js";

/**
 * Every key a route's page reads in the browser belongs to a namespace the document carries
 * (decision 038): `common`, or one its route or a parent layout declares in `handle.i18n`.
 * Otherwise the server's HTML is right and the browser shows the key after hydration. Read from
 * the source with TypeScript's checker: the modules a route module imports (transitively, dynamic
 * imports too; not `.server` code, not type-only imports), and in them every call of a typed `t`
 * (`AppT<ns>`, ./keys) with the key's type (a literal, a union, a template) and every key written
 * where the code expects an `AppKey<ns>` (a key kept in a table and translated later).
 */
const ROOT = join(__dirname, "..");
export const APP = join(ROOT, "app");
/** What a route module's browser build drops (Remix's compiler), and the imports only they use. */
const SERVER_EXPORTS = new Set(["loader", "action", "headers"]);

/** More keys than any table of the app holds: a key type, not a table's keys. */
const WIDE = 100;

export type Route = { id: string; parentId?: string; file: string };
type Use = { namespace: string; key: string; at: string };

const isBrowserModule = (file: string) => file.startsWith(APP) && !/\.server\.|\.test\.|\.d\.ts$/.test(file);

export function createProgram(overrides: Record<string, string> = {}, oldProgram?: ts.Program): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  )!;
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => overrides[file] ?? readFile(file);
  const getSourceFile = host.getSourceFile.bind(host);
  // The old program's files as they are (parsed and bound): only the planted ones are new.
  host.getSourceFile = (file, language, onError, createNew) =>
    file in overrides
      ? ts.createSourceFile(file, overrides[file]!, language, true)
      : (oldProgram?.getSourceFile(file) ?? getSourceFile(file, language, onError, createNew));
  return ts.createProgram(parsed.fileNames.filter(isBrowserModule), parsed.options, host, oldProgram);
}

/**
 * Whether `type` is one of the key types' `aliases` (./keys, and a page title's, ../page-title), and
 * the namespace it reads bare keys from (`null`: prefixed keys only).
 */
function scopeOf(type: ts.Type | undefined, aliases: readonly string[]): string | null | undefined {
  const alias = type?.aliasSymbol;
  if (!alias || !aliases.includes(alias.name)) return undefined;
  if (!alias.declarations?.some((declaration) => /lib\/(i18n\/keys|page-title)\.ts$/.test(declaration.getSourceFile().fileName)))
    return undefined;
  if (alias.name === "AnyAppT" || alias.name === "PrefixedT") return null;
  const argument = type!.aliasTypeArguments?.find((candidate) => candidate.isStringLiteral());
  return argument?.isStringLiteral() ? argument.value : "common";
}

/**
 * The keys a type stands for: its literals, or a template's fixed start. A type as wide as a whole
 * key type (an `AppKey` passed along) stands for none: its keys are read where they are written.
 */
function keysOf(type: ts.Type): string[] {
  if (type.isStringLiteral()) return [type.value];
  if (type.isUnion()) return type.types.length > WIDE ? [] : type.types.flatMap(keysOf);
  if (type.flags & ts.TypeFlags.TemplateLiteral) return [(type as ts.TemplateLiteralType).texts[0]!];
  return [];
}

function namespaceOf(key: string, scope: string | null): string | undefined {
  const separator = key.indexOf(":");
  return separator > 0 ? key.slice(0, separator) : (scope ?? undefined);
}

/** Top-level statements of a route module that its browser build drops. */
function isServerExport(statement: ts.Statement): boolean {
  const exported =
    ts.canHaveModifiers(statement) &&
    ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  if (!exported) return false;
  if (ts.isFunctionDeclaration(statement)) return SERVER_EXPORTS.has(statement.name?.text ?? "");
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.some(
      (declaration) => ts.isIdentifier(declaration.name) && SERVER_EXPORTS.has(declaration.name.text),
    );
  return false;
}

/** The keys one module reads in the browser, with the namespace each belongs to. */
export function usesIn(checker: ts.TypeChecker, file: ts.SourceFile, isRoute: boolean): Use[] {
  const uses: Use[] = [];
  const at = (node: ts.Node) =>
    `${relative(ROOT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const add = (keys: string[], scope: string | null, node: ts.Node) => {
    for (const key of keys) {
      const namespace = namespaceOf(key, scope);
      if (namespace) uses.push({ namespace, key, at: at(node) });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments[0]) {
      const scope = scopeOf(checker.getTypeAtLocation(node.expression), ["AppT", "ScopedT", "AnyAppT", "PrefixedT", "TFunction"]);
      if (scope !== undefined) add(keysOf(checker.getTypeAtLocation(node.arguments[0])), scope, node);
    }
    if (ts.isStringLiteralLike(node)) {
      const contextual = checker.getContextualType(node);
      const types = contextual?.aliasSymbol ? [contextual] : contextual?.isUnion() ? contextual.types : [];
      for (const type of types) {
        const scope = scopeOf(type, ["AppKey", "KeyOf", "Title"]);
        if (scope !== undefined) {
          add([node.text], scope, node);
          break;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const statement of file.statements) if (!(isRoute && isServerExport(statement))) visit(statement);
  return uses;
}

/** The app's modules `file` brings into the browser: its imports that are not type-only, and `import()`s. */
function importsOf(program: ts.Program, file: ts.SourceFile): string[] {
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const named = node.importClause?.namedBindings;
      const onlyTypes =
        node.importClause &&
        !node.importClause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      !node.isTypeOnly &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers.flatMap((specifier) => {
    const resolved = resolve(program, specifier, file);
    return resolved && isBrowserModule(resolved) ? [resolved] : [];
  });
}

const resolve = (program: ts.Program, specifier: string, from: ts.SourceFile) =>
  ts.resolveModuleName(specifier, from.fileName, program.getCompilerOptions(), ts.sys).resolvedModule?.resolvedFileName;

/** The handle's namespaces, as the route module writes them (`handle = { i18n: [...] }`) or re-exports them. */
export function declaredBy(program: ts.Program, file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === "handle") {
      const visitHandle = (inner: ts.Node): void => {
        if (ts.isPropertyAssignment(inner) && inner.name.getText() === "i18n" && ts.isArrayLiteralExpression(inner.initializer))
          found.push(...inner.initializer.elements.filter(ts.isStringLiteral).map((element) => element.text));
        ts.forEachChild(inner, visitHandle);
      };
      visitHandle(node);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.exportClause &&
      ts.isNamedExports(node.exportClause) &&
      node.exportClause.elements.some((element) => element.name.text === "handle")
    ) {
      const resolved = resolve(program, node.moduleSpecifier.text, file);
      const target = resolved ? program.getSourceFile(resolved) : undefined;
      if (target) found.push(...declaredBy(program, target));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

async function appRoutes(): Promise<Route[]> {
  const manifest = await config.routes!(defineRoutes);
  return [{ id: "root", file: "root.tsx" }, ...Object.values(manifest)];
}

/** The app's routes, and the program of its browser modules. */
export async function appProgram(): Promise<{ program: ts.Program; routes: Route[] }> {
  return { routes: await appRoutes(), program: createProgram() };
}

/**
 * Each route's keys in namespaces neither it, a parent nor `common` declares: `route: ns:key
 * (file:line)`; of the route `only` if given (the checker then reads only that page's modules).
 * It yields between modules: the checker's work is synchronous and, on a busy machine, longer than
 * vitest waits for its worker to answer.
 */
export async function undeclared(program: ts.Program, routes: readonly Route[], only?: string): Promise<string[]> {
  const checker = program.getTypeChecker();
  const byId = new Map(routes.map((route) => [route.id, route]));
  const source = (file: string) => program.getSourceFile(file);
  const routeFiles = new Set(routes.map((route) => join(APP, route.file)));
  const usesCache = new Map<string, Use[]>();
  const problems: string[] = [];
  for (const route of routes.filter((candidate) => only === undefined || candidate.id === only)) {
    const file = source(join(APP, route.file));
    if (!file) continue;
    const declared = new Set<string>(ALWAYS_LOADED);
    for (let current: Route | undefined = route; current; current = current.parentId ? byId.get(current.parentId) : undefined) {
      const routeFile = source(join(APP, current.file));
      if (routeFile) declaredBy(program, routeFile).forEach((namespace) => declared.add(namespace));
    }
    const seen = new Set<string>();
    const pending = [file.fileName];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const module = source(next);
      if (!module) continue;
      await new Promise(setImmediate);
      if (!usesCache.has(next)) usesCache.set(next, usesIn(checker, module, routeFiles.has(next)));
      for (const use of usesCache.get(next)!)
        if (!declared.has(use.namespace))
          problems.push(`${route.id}: ${use.namespace}:${use.key.replace(/^\w+:/, "")} (${use.at})`);
      pending.push(...importsOf(program, module));
    }
  }
  return [...new Set(problems)].sort();
}
