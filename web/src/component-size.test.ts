import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// A screen written as one long component is hard to read and to test in parts: past this size a component is split
// into named parts (sections, hooks for state and mutations, pure helpers) (docs/decisions/web-app.md, "Components
// stay under 250 lines").
const MAX_LINES = 250;

interface Measured {
  name: string;
  line: number;
  lines: number;
}

// Components and hooks by the React naming rule: a PascalCase component (a name in capitals only, like STATUS_LABEL, is
// a constant) or a `useX` hook, declared at the top of a module as a function, or as a const holding an arrow or
// function expression, possibly wrapped in calls such as forwardRef(...) or memo(...).
const isComponentName = (name: string) => /^[A-Z]/.test(name) && /[a-z]/.test(name);
const isHookName = (name: string) => /^use[A-Z0-9]/.test(name);

function functionIn(node: ts.Expression | undefined): ts.ArrowFunction | ts.FunctionExpression | undefined {
  while (node) {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
      node = node.expression;
    else if (ts.isCallExpression(node))
      node = node.arguments.find((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a) || ts.isCallExpression(a));
    else return undefined;
  }
  return undefined;
}

/** Top-level components and hooks in a module's source, with the lines each spans from its name to its closing brace. */
export function measureComponents(fileName: string, source: string): Measured[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const measure = (name: string, from: ts.Node, to: ts.Node): Measured => {
    const line = lineOf(from.getStart(file));
    return { name, line, lines: lineOf(to.getEnd()) - line + 1 };
  };
  const found: Measured[] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body) {
      const name = statement.name?.text ?? 'default';
      if (isComponentName(name) || isHookName(name) || name === 'default')
        found.push(measure(name, statement, statement));
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const name = declaration.name.text;
        if (!isComponentName(name) && !isHookName(name)) continue;
        if (functionIn(declaration.initializer)) found.push(measure(name, declaration, declaration));
      }
    } else if (ts.isExportAssignment(statement) && functionIn(statement.expression)) {
      found.push(measure('default', statement, statement));
    }
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/\.d\.ts$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('component size', () => {
  it(`no component or hook in the web app is over ${MAX_LINES} lines`, () => {
    const src = import.meta.dirname;
    const files = sourceFiles(src).filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
    expect(files.length).toBeGreaterThan(50);
    const tooLong = files.flatMap((file) =>
      measureComponents(file, readFileSync(file, 'utf8'))
        .filter((c) => c.lines > MAX_LINES)
        .map((c) => `${path.relative(src, file)}:${c.line} ${c.name} is ${c.lines} lines`),
    );
    expect(tooLong).toEqual([]);
  });
});

describe('measureComponents', () => {
  const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');

  it('finds function declarations, exported or not, and counts from the name to the closing brace', () => {
    const source = `import x from 'y';\n\nexport function Page() {\n${body(3)}\n  return null;\n}\n\nfunction Section({ a }: { a: number }) {\n  return a;\n}\n\nexport default function () {\n  return 1;\n}\n`;
    expect(measureComponents('a.tsx', source)).toEqual([
      { name: 'Page', line: 3, lines: 6 },
      { name: 'Section', line: 10, lines: 3 },
      { name: 'default', line: 14, lines: 3 },
    ]);
  });

  it('finds consts holding an arrow or a function, bare or wrapped in forwardRef or memo', () => {
    const source = [
      'const Arrow = () => (',
      '  <div />',
      ');',
      'export const Ref = forwardRef<HTMLDivElement, Props>(function Ref(props, ref) {',
      '  return <div ref={ref} />;',
      '});',
      'const Memo = memo((p: Props) => {',
      '  return null;',
      '});',
      'const Typed: FC<Props> = function () {',
      '  return null;',
      '};',
    ].join('\n');
    expect(measureComponents('a.tsx', source).map((c) => [c.name, c.line, c.lines])).toEqual([
      ['Arrow', 1, 3],
      ['Ref', 4, 3],
      ['Memo', 7, 3],
      ['Typed', 10, 3],
    ]);
  });

  it('counts hooks, and leaves out helpers, constants in capitals and non-function values', () => {
    const source = [
      'function helper() {',
      '  return 1;',
      '}',
      'const STATUS_LABEL = (s: string) => s;',
      "const Title = 'Review';",
      'const Lazy = lazy(() => import("./x"));',
      'export function useThing() {',
      '  return 1;',
      '}',
    ].join('\n');
    // lazy(() => import()) holds an arrow too: it is a one-liner, never near the limit, so counting it does no harm.
    expect(measureComponents('a.ts', source).map((c) => c.name)).toEqual(['Lazy', 'useThing']);
  });

  it('counts the nested functions of a component as part of it', () => {
    const source = `function Big() {\n  function inner() {\n${body(MAX_LINES)}\n  }\n  return inner;\n}\n`;
    const [big] = measureComponents('a.tsx', source);
    expect(big).toEqual({ name: 'Big', line: 1, lines: MAX_LINES + 5 });
    expect(big.lines).toBeGreaterThan(MAX_LINES);
  });

  it('measures a component with JSX and generics that a line-based scan could misread', () => {
    const source = [
      'export function List<T>({ items }: { items: T[] }) {',
      '  const close = "}";',
      '  return (',
      '    <ul>',
      '      {items.map((i) => (',
      '        <li key={String(i)}>{"}"}</li>',
      '      ))}',
      '    </ul>',
      '  );',
      '}',
      'function After() {',
      '  return null;',
      '}',
    ].join('\n');
    expect(measureComponents('a.tsx', source).map((c) => [c.name, c.lines])).toEqual([
      ['List', 10],
      ['After', 3],
    ]);
  });
});
