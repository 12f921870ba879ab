/**
 * The size rule: no hand-written .ts/.tsx file over FILE_LIMIT lines, and no function over FUNCTION_LIMIT
 * lines outside tests. A long file hides where things are and a long function hides what it does: both
 * are split along the domain's own seams instead. Run with `npm run lint:size`.
 *
 * Files already over a limit are listed in size-allowlist.ts with the size they have; the check fails on
 * any offender not listed, on a listed one that grows, and on a listed one that no longer offends (its
 * entry goes), so the list only shrinks.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ALLOWED_FILES, ALLOWED_FUNCTIONS } from './size-allowlist';

const FILE_LIMIT = 300;
const FUNCTION_LIMIT = 80;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folders of hand-written code. */
const SCOPE = ['apps/', 'packages/', 'bench/', 'cluster/', 'e2e/'];

/**
 * Not hand-written, or not code to read: migrations and generated files are written by tools, and the
 * seed's art and the demo shop's catalogue are data (pictures drawn in SVG, products listed one by one).
 */
const NOT_HAND_WRITTEN = [
  /(^|\/)node_modules\//,
  /(^|\/)dist\//,
  /(^|\/)migrations\//,
  /\.d\.ts$/,
  /\.gen\.tsx?$/,
  /(^|\/)seed\/art\//,
  /(^|\/)seed\/demo-catalogue\.ts$/,
];

/** Tests may be long where a journey or a table of cases is: only the file rule applies to them. */
const TEST_FILE = /\.(test|spec)\.tsx?$/;

/** Tracked files and new ones git does not ignore, so build output and local files are never read. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file) && SCOPE.some((dir) => file.startsWith(dir)))
    .filter((file) => !NOT_HAND_WRITTEN.some((pattern) => pattern.test(file)))
    .filter((file) => fs.existsSync(path.join(root, file)))
    .sort();
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  );
}

function nameText(name: ts.PropertyName | ts.BindingName | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

/** A function's own name, or the name of what holds it (a const, a property, a class field). */
function ownName(node: FunctionNode): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const own = 'name' in node ? nameText(node.name) : undefined;
  if (own) return own;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return nameText(parent.name) ?? '(anonymous)';
  }
  return '(anonymous)';
}

/** The function's name with those of the functions and classes around it: `pageHeads/productPage`. */
function qualifiedName(node: FunctionNode): string {
  const names = [ownName(node)];
  for (let up = node.parent; up; up = up.parent) {
    if (isFunction(up)) names.unshift(ownName(up));
    else if (ts.isClassLike(up)) names.unshift(up.name?.text ?? '(class)');
  }
  return names.join('/');
}

interface Measure {
  key: string;
  lines: number;
}

function longFunctions(file: string, text: string): Measure[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Measure[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (lines > FUNCTION_LIMIT) found.push({ key: `${file}#${qualifiedName(node)}`, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Offenders against one rule, held to the allowlist: the problems found, one sentence each. */
function judge(rule: string, limit: number, offenders: Measure[], allowed: Record<string, number>): string[] {
  const problems: string[] = [];
  const worst = new Map<string, number>();
  for (const { key, lines } of offenders) worst.set(key, Math.max(lines, worst.get(key) ?? 0));
  for (const [key, lines] of worst) {
    const ceiling = allowed[key];
    if (ceiling === undefined) problems.push(`${key}: ${lines} lines, over the ${rule} limit of ${limit}`);
    else if (lines > ceiling) problems.push(`${key}: ${lines} lines, grown past its allowance of ${ceiling}`);
  }
  for (const key of Object.keys(allowed)) {
    if (!worst.has(key)) problems.push(`${key}: within the ${rule} limit now (or gone): remove it from the allowlist`);
  }
  return problems;
}

function main(): void {
  const files: Measure[] = [];
  const functions: Measure[] = [];
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > FILE_LIMIT) files.push({ key: file, lines });
    if (!TEST_FILE.test(file)) functions.push(...longFunctions(file, text));
  }
  const problems = [
    ...judge('file', FILE_LIMIT, files, ALLOWED_FILES),
    ...judge('function', FUNCTION_LIMIT, functions, ALLOWED_FUNCTIONS),
  ];
  if (process.argv.includes('--list')) {
    for (const { key, lines } of [...files, ...functions]) process.stdout.write(`${lines}\t${key}\n`);
  }
  if (problems.length > 0) {
    process.stderr.write(`Size rule (scripts/check-sizes.ts):\n${problems.map((p) => `  ${p}\n`).join('')}`);
    process.exitCode = 1;
  }
}

main();
