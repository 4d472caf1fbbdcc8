// Proves that the federation contract check (each remote's src/exposes/contract.ts, type-checked by `tsc -b`) really
// catches a breaking change: the real check file is compiled with the remote's exposed component swapped for a
// small stand-in, once compatible and once not, and the compiler must complain only about the incompatible ones.
import path from 'node:path';
import ts from 'typescript';
import { REMOTES } from './remotes';

const root = path.resolve(__dirname, '../../..');

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
  strict: true,
  esModuleInterop: true,
  skipLibCheck: true,
  noEmit: true,
};

// Library files (lib.*.d.ts, React's and zod's types) parse once for every program the tests make.
const parsed = new Map<string, ts.SourceFile>();

/** The diagnostics of `<folder>/src/exposes/contract.ts` when the exposed component's file holds `source`. */
function contractDiagnostics(folder: string, expose: string, source: string): string[] {
  const checkFile = path.join(root, folder, 'src/exposes/contract.ts');
  const exposeFile = path.join(root, folder, 'src/exposes', `${expose}.tsx`);
  const host = ts.createCompilerHost(options);
  const readSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError) => {
    if (path.resolve(fileName) === exposeFile) {
      return ts.createSourceFile(fileName, source, languageVersion, true, ts.ScriptKind.TSX);
    }
    let sourceFile = parsed.get(fileName);
    if (!sourceFile) {
      sourceFile = readSourceFile(fileName, languageVersion, onError);
      if (sourceFile && fileName.includes('node_modules')) parsed.set(fileName, sourceFile);
    }
    return sourceFile;
  };
  const program = ts.createProgram([checkFile], options, host);
  const checked = program.getSourceFile(checkFile);
  if (!checked) throw new Error(`${checkFile} is missing`);
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...program.getSyntacticDiagnostics(checked),
    ...program.getSemanticDiagnostics(checked),
  ].map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

const component = (expose: string, props: string) =>
  `import type { ${expose}Props } from '@hit/contracts';\n` +
  `export default function ${expose}(props: ${props}) { void props; return null; }\n`;

describe.each(REMOTES)('the contract check of $folder ($name/$expose)', ({ folder, expose }) => {
  it('passes an exposed component that takes the props the shell passes', () => {
    expect(contractDiagnostics(folder, expose, component(expose, `${expose}Props`))).toEqual([]);
  });

  it('passes one that takes fewer props than the shell passes (not a breaking change)', () => {
    const source = `export default function ${expose}() { return null; }\n`;
    expect(contractDiagnostics(folder, expose, source)).toEqual([]);
  });

  it('fails on one that needs a prop the shell does not pass', () => {
    const diagnostics = contractDiagnostics(
      folder,
      expose,
      component(expose, `${expose}Props & { units: 'kg' | 'lb' }`),
    );

    expect(diagnostics).toEqual([expect.stringContaining('does not satisfy the expected type')]);
    expect(diagnostics[0]).toMatch(/units/);
  });

  it('fails on one whose default export is not a component', () => {
    const source = `export default '${expose}';\n`;
    expect(contractDiagnostics(folder, expose, source)).toEqual([expect.stringContaining('does not satisfy')]);
  });
});

describe('a prop whose type changed', () => {
  it('fails the check of mf-analytics when onBack is no longer a callback', () => {
    const source = component('ProgressAnalytics', '{ onBack?: string }');
    const diagnostics = contractDiagnostics('mf-analytics', 'ProgressAnalytics', source);

    expect(diagnostics).toEqual([expect.stringContaining('does not satisfy the expected type')]);
    expect(diagnostics[0]).toMatch(/onBack/);
  });

  it('fails the check of mf-account when onOpenChange expects something else', () => {
    const source = component('AccountPanel', '{ open: boolean; onOpenChange: (open: string) => void }');
    const diagnostics = contractDiagnostics('mf-account', 'AccountPanel', source);

    expect(diagnostics).toEqual([expect.stringContaining('does not satisfy the expected type')]);
    expect(diagnostics[0]).toMatch(/onOpenChange/);
  });
});
