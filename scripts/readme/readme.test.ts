// Every README's snippets and instructions, executed as written (issue 32): README.md, packages/*/README.md,
// apps/*/README.md and internal/*/README.md.
//
// - ts/tsx blocks are written to node_modules/.cache/readme-snippets/ and typechecked by one TypeScript program
//   (`tsc -p node_modules/.cache/readme-snippets` repeats it by hand) against the workspace packages (their sources,
//   through the `@elicitation-kit/source` condition) and the third-party packages the workspace pins; every module a
//   block names, in a comment too, must also resolve in Node. A block that is deliberately partial says so in an HTML
//   comment before it (see MARKER below); nothing else is left out, and every skip is counted.
// - json blocks parse.
// - every `npm install` / `pnpm add` names workspace packages or lockfile-pinned ones (and tarballs as `npm run tarballs`
//   names them), and wherever it installs an unpublished @elicitation-kit package its section points to
//   `npm run tarballs`; every `npm run X`, `npm test`, `pnpm X`, `pnpm --filter P X` and `vitest --project N` names
//   something that exists.
// - every loopback URL's port is one the scripts really use.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { installCommand } from '../pack.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const json = (path: string) => JSON.parse(read(path)) as Record<string, unknown>;

/**
 * The marker of a deliberately partial snippet, the last line before its fence (BETWEEN aside). Parts, separated by `;`:
 * - `fragment`: the snippet is part of a larger program (top-level `return` is allowed: it reads as a handler's body);
 * - `given: a, b`: names the surrounding program provides (declared as `any`, value and type, so a typo elsewhere is
 *   still caught); implies `fragment`;
 * - `skip: <why>`: not compiled at all (counted in SKIPPED below);
 * - `file: <name>`: the file name it is written to (so other snippets of the same README can import it).
 */
const MARKER = /^<!--\s*snippet:(.*)-->\s*$/;
/**
 * What may stand between a marker and its fence: blank lines (the formatter puts one there) and a heading (the root
 * README's dialog snippet must sit right under its heading: apps/demo-host/src/readme/readme-page.test.ts finds it so).
 */
const BETWEEN = /^\s*$|^#{1,6}\s/;

/** Every block compiled by nothing, per README: a new skip has to be added here too, so none goes unnoticed. */
const SKIPPED: Record<string, number> = {
  'packages/mcp/README.md': 2,
  'packages/server/README.md': 1,
};

interface Block {
  readme: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** The closest heading above it. */
  section: string;
  fragment: boolean;
  given: string[];
  skip?: string;
  file?: string;
}

interface Readme {
  path: string;
  /** The package folder it documents (the repository root for README.md). */
  dir: string;
  text: string;
  blocks: Block[];
  /** Lines outside fences, with their 1-based numbers and section. */
  prose: { line: number; text: string; section: string }[];
  problems: string[];
}

function workspaceDirs(): string[] {
  const dirs: string[] = [];
  for (const parent of ['packages', 'apps', 'internal']) {
    for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
      if (entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json'))) {
        dirs.push(`${parent}/${entry.name}`);
      }
    }
  }
  return dirs.toSorted();
}

const WORKSPACE = [...workspaceDirs(), 'bench', 'e2e', 'integration'];
const READMES = ['README.md', ...workspaceDirs().map((dir) => `${dir}/README.md`)].filter((path) =>
  existsSync(join(root, path)),
);

function parseReadme(path: string): Readme {
  const text = read(path);
  const readme: Readme = { path, dir: dirname(path), text, blocks: [], prose: [], problems: [] };
  const lines = text.split('\n');
  let section = '';
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence === null) {
      const heading = /^#{1,6}\s+(.*)$/.exec(line);
      if (heading !== null) {
        section = heading[1] ?? '';
      }
      readme.prose.push({ line: index + 1, text: line, section });
      continue;
    }
    const [, indent = '', ticks = '```', lang = ''] = fence;
    const start = index;
    const body: string[] = [];
    for (index += 1; index < lines.length && !(lines[index] ?? '').trim().startsWith(ticks); index += 1) {
      body.push((lines[index] ?? '').slice(indent.length));
    }
    const block: Block = {
      readme: path,
      line: start + 1,
      lang,
      code: body.join('\n'),
      section,
      fragment: false,
      given: [],
    };
    let above = start - 1;
    while (above > 0 && BETWEEN.test(lines[above] ?? '')) {
      above -= 1;
    }
    const marker = MARKER.exec(lines[above]?.trim() ?? '');
    if (marker !== null) {
      for (const part of (marker[1] ?? '').split(';').map((item) => item.trim())) {
        const [key = '', ...rest] = part.split(':');
        const value = rest.join(':').trim();
        if (key === 'fragment' && value === '') {
          block.fragment = true;
        } else if (key === 'given' && value !== '') {
          block.fragment = true;
          block.given = value.split(',').map((name) => name.trim());
        } else if (key === 'skip' && value !== '') {
          block.skip = value;
        } else if (key === 'file' && /^[\w.-]+\.tsx?$/.test(value)) {
          block.file = value;
        } else {
          readme.problems.push(`${path}:${start}: unknown snippet marker part "${part}"`);
        }
      }
    }
    readme.blocks.push(block);
  }
  // A marker must sit right before a fence.
  lines.forEach((line, at) => {
    const next = lines.slice(at + 1).find((item) => !BETWEEN.test(item)) ?? '';
    if (MARKER.test(line.trim()) && !/^\s*(`{3,}|~{3,})/.test(next)) {
      readme.problems.push(`${path}:${at + 1}: a snippet marker must be the line right before a code fence`);
    }
  });
  return readme;
}

const readmes = READMES.map(parseReadme);
const blocks = readmes.flatMap((readme) => readme.blocks);
const isCode = (block: Block) => block.lang === 'ts' || block.lang === 'tsx';

// ---------------------------------------------------------------------------------------------------------------------
// Typecheck

const cache = join(root, 'node_modules', '.cache', 'readme-snippets');

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const typesName = (name: string) => `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;

/** Where a package name resolves for the README in `readmeDir`: its own package first, then the workspace's. */
function locate(name: string, readmeDir: string): string | undefined {
  const own = WORKSPACE.find((dir) => (json(`${dir}/package.json`)['name'] as string) === name);
  if (own !== undefined) {
    return join(root, own);
  }
  for (const dir of [readmeDir, ...WORKSPACE, '.']) {
    const candidate = join(root, dir, 'node_modules', name);
    if (existsSync(candidate)) {
      return realpathSync(candidate);
    }
  }
  return undefined;
}

function snippetPath(block: Block): string {
  const folder = block.readme.replace(/\/?README\.md$/, '').replaceAll('/', '_') || 'root';
  return join('snippets', folder, block.file ?? `line-${block.line}.${block.lang}`);
}

interface Typecheck {
  errors: string[];
  compiled: number;
  fragments: Block[];
  skipped: Block[];
}

function typecheck(): Typecheck {
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(join(cache, 'node_modules'), { recursive: true });
  const result: Typecheck = { errors: [], compiled: 0, fragments: [], skipped: [] };
  const files = new Map<string, Block>();
  const named: { block: Block; specifier: string; folder: string }[] = [];
  const links = new Map<string, string>();
  const link = (name: string, readmeDir: string, required: boolean, block?: Block) => {
    if (links.has(name)) {
      return;
    }
    const target = locate(name, readmeDir);
    if (target === undefined) {
      if (required) {
        result.errors.push(`${block?.readme}:${block?.line}: imports ${name}, which no workspace package depends on`);
      }
      return;
    }
    links.set(name, target);
    mkdirSync(dirname(join(cache, 'node_modules', name)), { recursive: true });
    symlinkSync(target, join(cache, 'node_modules', name), 'dir');
  };
  link('@types/node', '.', true);
  for (const block of blocks.filter(isCode)) {
    if (block.skip !== undefined) {
      result.skipped.push(block);
      continue;
    }
    const readmeDir = dirname(block.readme);
    const specifiers = [...block.code.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] ?? '');
    if (block.lang === 'tsx') {
      specifiers.push('react', 'react-dom');
    }
    for (const name of new Set(specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:')).map(packageOf))) {
      link(name, readmeDir, true, block);
      link(typesName(name), readmeDir, false);
    }
    // After the code, so its line numbers stay the README's: the given names (ambient declarations hoist), and every
    // module it names, also in a comment ("… from '@modelcontextprotocol/sdk'"), as a type-only import tsc resolves.
    const given = block.given.map((name) => `declare const ${name}: any;\ntype ${name} = any;`);
    const probes = specifiers
      .filter((specifier) => !specifier.endsWith('.css'))
      .map((specifier, at) => `import type * as named${at} from '${specifier}';`);
    const path = snippetPath(block);
    mkdirSync(dirname(join(cache, path)), { recursive: true });
    writeFileSync(join(cache, path), [block.code, ...given, ...probes, ''].join('\n'));
    for (const specifier of specifiers.filter((item) => !item.startsWith('.'))) {
      named.push({ block, specifier, folder: dirname(path) });
    }
    files.set(path, block);
    if (block.fragment) {
      result.fragments.push(block);
    } else {
      result.compiled += 1;
    }
  }
  writeFileSync(join(cache, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  writeFileSync(
    join(cache, 'tsconfig.json'),
    JSON.stringify(
      {
        extends: relative(cache, join(root, 'tsconfig.base.json')),
        compilerOptions: {
          composite: false,
          declaration: false,
          declarationMap: false,
          sourceMap: false,
          noEmit: true,
          // A snippet shows a call's result without using it.
          noUnusedLocals: false,
          noUnusedParameters: false,
          // Each snippet is a module of its own, even one without imports.
          moduleDetection: 'force',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          jsx: 'react-jsx',
          types: ['node'],
        },
        include: ['snippets/**/*.ts', 'snippets/**/*.tsx'],
      },
      null,
      2,
    ),
  );
  // One program over every snippet (the tsconfig above: `tsc -p node_modules/.cache/readme-snippets` runs the same by
  // hand). Through the API, so a syntax error in one snippet does not hide the type errors of the others, as tsc's
  // command line does.
  const config = ts.getParsedCommandLineOfConfigFile(
    join(cache, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) {
    throw new Error('the snippets tsconfig could not be read');
  }
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const diagnostics = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const file of program.getSourceFiles().filter((source) => files.has(relative(cache, source.fileName)))) {
    diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
  }
  for (const diagnostic of diagnostics) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const block = diagnostic.file === undefined ? undefined : files.get(relative(cache, diagnostic.file.fileName));
    if (diagnostic.file === undefined || block === undefined) {
      result.errors.push(`tsc: TS${diagnostic.code} ${message}`);
      continue;
    }
    if (block.fragment && diagnostic.code === 1108) {
      continue; // a fragment's top-level `return`: the body of the reader's handler
    }
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const inCode = line < block.code.split('\n').length;
    const readmeLine = inCode ? `${block.line + line + 1}:${character + 1}` : `${block.line} (a module it names)`;
    result.errors.push(`${block.readme}:${readmeLine} (${block.section}): TS${diagnostic.code} ${message}`);
  }
  result.errors.push(...unresolvable(named));
  return result;
}

/**
 * The modules Node cannot resolve from the snippet's folder (`import.meta.resolve` with the workspace's source
 * condition, one process for all): what would be ERR_MODULE_NOT_FOUND or ERR_PACKAGE_PATH_NOT_EXPORTED at run time.
 */
function unresolvable(named: { block: Block; specifier: string; folder: string }[]): string[] {
  const probe = join(cache, 'snippets', 'resolve.mjs');
  const folders = [...new Set(named.map((item) => item.folder))];
  for (const folder of folders) {
    const specifiers = [...new Set(named.filter((item) => item.folder === folder).map((item) => item.specifier))];
    writeFileSync(
      join(cache, folder, 'resolve.mjs'),
      [
        "import { existsSync } from 'node:fs';",
        "import { fileURLToPath } from 'node:url';",
        'export const failed = [];',
        `for (const specifier of ${JSON.stringify(specifiers)}) {`,
        '  try {',
        '    const url = import.meta.resolve(specifier);',
        '    // An export map may name a file the package does not ship: import would fail with ERR_MODULE_NOT_FOUND.',
        "    if (url.startsWith('file:') && !existsSync(fileURLToPath(url))) failed.push([specifier, 'ERR_MODULE_NOT_FOUND']);",
        '  } catch (error) {',
        '    failed.push([specifier, error.code]);',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  }
  writeFileSync(
    probe,
    `const failed = {};\n${folders.map((folder) => `failed[${JSON.stringify(folder)}] = (await import('./${relative(join(cache, 'snippets'), join(cache, folder))}/resolve.mjs')).failed;`).join('\n')}\nconsole.log(JSON.stringify(failed));\n`,
  );
  const node = spawnSync(process.execPath, ['--conditions=@elicitation-kit/source', probe], { encoding: 'utf8' });
  if (node.status !== 0) {
    return [`node ${probe}: ${node.stderr}`];
  }
  const failed = JSON.parse(node.stdout) as Record<string, [string, string][]>;
  return named.flatMap(({ block, specifier, folder }) => {
    const code = failed[folder]?.find(([item]) => item === specifier)?.[1];
    return code === undefined
      ? []
      : [`${block.readme}:${block.line} (${block.section}): Node cannot import '${specifier}' (${code})`];
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Commands

interface Command {
  readme: Readme;
  line: number;
  section: string;
  text: string;
}

/** Shell lines of sh blocks and inline code spans of the prose: where a README tells the reader to run something. */
function commands(readme: Readme): Command[] {
  const found: Command[] = [];
  for (const block of readme.blocks) {
    if (['sh', 'bash', 'shell', 'console'].includes(block.lang)) {
      block.code.split('\n').forEach((text, at) => {
        found.push({ readme, line: block.line + 1 + at, section: block.section, text });
      });
    }
  }
  for (const { line, text, section } of readme.prose) {
    for (const [, span = ''] of text.matchAll(/`([^`]+)`/g)) {
      found.push({ readme, line, section, text: span });
    }
  }
  return found;
}

/** Each `npm …` / `pnpm …` invocation in a command line, as words (comments and `&&` chains split off). */
function invocations(text: string): { tool: 'npm' | 'pnpm'; words: string[] }[] {
  const found: { tool: 'npm' | 'pnpm'; words: string[] }[] = [];
  for (const match of text.matchAll(/(?:^|[\s=(])(npm|pnpm)\s+([^#;&|)]*)/g)) {
    const words = (match[2] ?? '').trim().split(/\s+/).filter(Boolean);
    if (words.length > 0) {
      found.push({ tool: match[1] as 'npm' | 'pnpm', words });
    }
  }
  return found;
}

const manifests = new Map(
  [...WORKSPACE, '.'].map((dir) => {
    const manifest = json(`${dir}/package.json`);
    return [manifest['name'] as string, { dir, manifest }];
  }),
);
const scriptsOf = (dir: string) => Object.keys((json(`${dir}/package.json`)['scripts'] as object | undefined) ?? {});
const published = [...manifests.values()].filter(({ manifest }) => manifest['private'] !== true);

/** Every dependency the lockfile pins for some workspace importer. */
function lockfilePinned(): Set<string> {
  const lock = read('pnpm-lock.yaml');
  const importers = lock.slice(
    lock.lastIndexOf('\nimporters:\n'),
    lock.indexOf('\npackages:\n', lock.lastIndexOf('\nimporters:\n')),
  );
  return new Set([...importers.matchAll(/^ {6}'?(@?[\w.-]+(?:\/[\w.-]+)?)'?:\s*$/gm)].map((match) => match[1] ?? ''));
}

/** Names of the vitest projects (`--project`). */
function vitestProjects(): Set<string> {
  const names = new Set<string>();
  const configs = [...WORKSPACE, 'scripts/readme'].flatMap((dir) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .filter((file) => /^vitest\..*config\.ts$/.test(file))
          .map((file) => `${dir}/${file}`)
      : [],
  );
  for (const config of configs) {
    for (const [, name] of read(config).matchAll(/project\(\s*'([^']+)'/g)) {
      names.add(name ?? '');
    }
  }
  return names;
}

/** pnpm's own commands (anything else after `pnpm` is a script name). */
const PNPM_COMMANDS = new Set([
  'add',
  'install',
  'i',
  'exec',
  'dlx',
  'run',
  'test',
  'pack',
  'publish',
  'why',
  'list',
  'ls',
  'update',
  'remove',
  'store',
  'config',
]);

function checkInvocation(command: Command, tool: 'npm' | 'pnpm', words: string[], pinned: Set<string>): string[] {
  const at = `${command.readme.path}:${command.line}: \`${command.text.trim()}\``;
  const problems: string[] = [];
  const [first = '', ...rest] = words;
  const localScripts = command.readme.dir === '.' ? [] : scriptsOf(command.readme.dir);
  const installs =
    (tool === 'npm' && ['install', 'i', 'add'].includes(first)) || (tool === 'pnpm' && first === 'add')
      ? rest
      : undefined;
  if (installs !== undefined) {
    for (const arg of installs.filter((word) => !word.startsWith('-'))) {
      if (arg.endsWith('.tgz')) {
        const file = arg.split('/').at(-1) ?? '';
        const packed = published.find(
          ({ manifest }) =>
            file === `${(manifest['name'] as string).slice(1).replace('/', '-')}-${manifest['version'] as string}.tgz`,
        );
        if (packed === undefined) {
          problems.push(`${at}: ${file} is not a tarball \`npm run tarballs\` makes`);
        }
        continue;
      }
      const name = arg.replace(/(?<=.)@[^/]*$/, '');
      const workspace = manifests.get(name);
      if (workspace !== undefined && workspace.manifest['private'] === true) {
        problems.push(`${at}: ${name} is private: it cannot be installed`);
      } else if (workspace === undefined && !pinned.has(name)) {
        problems.push(`${at}: ${name} is neither a workspace package nor pinned in pnpm-lock.yaml`);
      }
      if (name.startsWith('@elicitation-kit/')) {
        const section = command.readme.prose
          .filter((line) => line.section === command.section)
          .map((line) => line.text);
        if (!section.join('\n').includes('npm run tarballs')) {
          problems.push(
            `${at}: installs ${name}, which is not on npm, and its section ("${command.section}") does not point to \`npm run tarballs\``,
          );
        }
      }
    }
    return problems;
  }
  if (tool === 'npm') {
    if (first === 'run' || first === 'test') {
      const script = first === 'test' ? 'test' : (rest[0] ?? '');
      if (!scriptsOf('.').includes(script)) {
        problems.push(`${at}: the root package.json has no script "${script}"`);
      }
    }
    return problems;
  }
  // pnpm
  let dirs = ['.', ...(command.readme.dir === '.' ? [] : [command.readme.dir])];
  let index = 0;
  while (words[index]?.startsWith('-')) {
    const option = words[index] ?? '';
    if (option === '--filter' || option === '-F') {
      const name = words[index + 1] ?? '';
      const target = manifests.get(name);
      if (target === undefined) {
        problems.push(`${at}: no workspace package is named ${name}`);
        return problems;
      }
      dirs = [target.dir];
      index += 2;
    } else {
      index += 1;
    }
  }
  const verb = words[index] ?? '';
  const script = verb === 'run' ? (words[index + 1] ?? '') : PNPM_COMMANDS.has(verb) ? undefined : verb;
  if (script !== undefined && !dirs.some((dir) => scriptsOf(dir).includes(script)) && !localScripts.includes(script)) {
    problems.push(`${at}: no script "${script}" in ${dirs.map((dir) => `${dir}/package.json`).join(' or ')}`);
  }
  if (verb === 'exec' && words[index + 1] === 'vitest') {
    const project = words.indexOf('--project');
    if (project !== -1 && !vitestProjects().has(words[project + 1] ?? '')) {
      problems.push(`${at}: no vitest project is named ${words[project + 1]}`);
    }
    const rootOption = words.indexOf('--root');
    if (rootOption !== -1 && !existsSync(join(root, words[rootOption + 1] ?? ''))) {
      problems.push(`${at}: no folder ${words[rootOption + 1]}`);
    }
  }
  return problems;
}

/**
 * The optional peer dependencies an entry of a workspace package imports at run time (its sources followed through
 * their relative value imports): npm installs a package's dependencies and required peers, never its optional peers.
 */
function optionalPeersOf(specifier: string): string[] {
  const target = manifests.get(packageOf(specifier));
  if (target === undefined) {
    return [];
  }
  const optional = Object.entries(
    (target.manifest['peerDependenciesMeta'] as Record<string, { optional?: boolean }>) ?? {},
  )
    .filter(([, meta]) => meta.optional === true)
    .map(([name]) => name);
  const subpath = `.${specifier.slice(packageOf(specifier).length)}`;
  const entry = (target.manifest['exports'] as Record<string, Record<string, string> | string>)[subpath];
  const source = typeof entry === 'object' ? entry['@elicitation-kit/source'] : undefined;
  if (source === undefined || !source.endsWith('.ts')) {
    return [];
  }
  const seen = new Set<string>();
  const found = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) {
      return;
    }
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // Value imports and re-exports only: `import type` / `export type` vanish at run time.
    for (const [, from = ''] of text.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)) {
      if (from.startsWith('.')) {
        visit(join(dirname(file), from.replace(/\.js$/, '.ts')));
      } else if (optional.includes(packageOf(from))) {
        found.add(packageOf(from));
      }
    }
  };
  visit(join(root, target.dir, source));
  return [...found];
}

// ---------------------------------------------------------------------------------------------------------------------
// Ports

/** The default ports of `npm run demo`, read from scripts/demo.mjs. */
function demoPorts(): Record<string, number> {
  const demo = read('scripts/demo.mjs');
  const port = (variable: string) => Number(new RegExp(`${variable} \\?\\? (\\d+)`).exec(demo)?.[1]);
  return { server: port('DEMO_SERVER_PORT'), host: port('DEMO_HOST_PORT'), chat: port('DEMO_CHAT_PORT') };
}

/** Why a port other than the demo's may appear on a line: each reason is checked against its source. */
function otherPortAllowed(readme: string, port: number, line: string): boolean {
  // `vite preview` serves on 4173.
  if (port === 4173 && /\bpreview\b/.test(line)) {
    return true;
  }
  if (readme === 'packages/server/README.md') {
    // The complete server's own default (examples/export-server.ts), and the replicas the sticky proxy's Run line
    // forwards to (ports the reader picks for them).
    const exportServer = Number(
      /process\.env\['PORT'\] \?\? (\d+)/.exec(read('packages/server/examples/export-server.ts'))?.[1],
    );
    return port === exportServer || (line.includes('sticky-proxy.ts') && /^300\d$/.test(String(port)));
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------------

describe('README snippets and instructions', () => {
  it('markers are well formed and right before their block', () => {
    expect(readmes.flatMap((readme) => readme.problems)).toEqual([]);
  });

  it(
    'every ts/tsx snippet typechecks as written against the workspace packages (one tsc run)',
    { timeout: 120_000 },
    () => {
      const result = typecheck();
      const skipped: Record<string, number> = {};
      for (const block of result.skipped) {
        skipped[block.readme] = (skipped[block.readme] ?? 0) + 1;
      }
      console.info(
        `README snippets: ${result.compiled} compiled whole, ${result.fragments.length} as fragments (${result.fragments
          .map((block) => `${block.readme}:${block.line}`)
          .join(
            ', ',
          )}), ${result.skipped.length} skipped (${result.skipped.map((block) => `${block.readme}:${block.line}: ${block.skip}`).join('; ')})`,
      );
      expect(skipped).toEqual(SKIPPED);
      expect(result.errors).toEqual([]);
    },
  );

  it('every json block parses', () => {
    const broken = blocks
      .filter((block) => block.lang === 'json')
      .filter((block) => {
        try {
          JSON.parse(block.code);
          return false;
        } catch {
          return true;
        }
      })
      .map((block) => `${block.readme}:${block.line}`);
    expect(broken).toEqual([]);
  });

  it('every install line names real packages and points to `npm run tarballs` for the kit; every script named exists', () => {
    const pinned = lockfilePinned();
    const problems = readmes.flatMap((readme) =>
      commands(readme).flatMap((command) =>
        invocations(command.text).flatMap(({ tool, words }) => checkInvocation(command, tool, words, pinned)),
      ),
    );
    expect(problems).toEqual([]);
  });

  it("every install line's package has the optional peers its README's snippets need", () => {
    const problems: string[] = [];
    for (const readme of readmes) {
      const installLines = commands(readme)
        .filter((command) =>
          invocations(command.text).some(
            ({ tool, words }) =>
              (tool === 'npm' && ['install', 'i', 'add'].includes(words[0] ?? '')) ||
              (tool === 'pnpm' && words[0] === 'add'),
          ),
        )
        .map((command) => command.text);
      const installed = (name: string) =>
        installLines.some((line) => line.includes(name) || line.includes(`${name.slice(1).replace('/', '-')}-`));
      for (const block of readme.blocks.filter(isCode)) {
        for (const [, specifier = ''] of block.code.matchAll(/from '(@elicitation-kit\/[^']+)'/g)) {
          if (!installed(packageOf(specifier))) {
            continue; // this README does not install it (its own README does)
          }
          for (const peer of optionalPeersOf(specifier).filter((name) => !installed(name))) {
            problems.push(
              `${readme.path}:${block.line}: '${specifier}' needs ${peer} (an optional peer), which no install line names`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every snippet that renders queue entries picks a pending one (the queue also holds completed URL entries)', () => {
    const blind = blocks
      .filter(
        (block) =>
          isCode(block) &&
          /useElicitationQueue\(/.test(block.code) &&
          /<ElicitationDialog[^>]*\bentry=/.test(block.code),
      )
      .filter((block) => !/\.status === 'pending'/.test(block.code))
      .map((block) => `${block.readme}:${block.line}`);
    expect(blind).toEqual([]);
  });

  it('every loopback URL names a port the scripts really use', () => {
    const ports = demoPorts();
    expect(ports).toEqual({ server: expect.any(Number), host: expect.any(Number), chat: expect.any(Number) });
    const demo = new Set(Object.values(ports));
    const problems: string[] = [];
    for (const readme of readmes) {
      readme.text.split('\n').forEach((line, at) => {
        for (const [, scheme, port = ''] of line.matchAll(
          /(?:([a-z]+):\/\/)?(?:127\.0\.0\.1|localhost|\[::1\]):(\d+)/g,
        )) {
          // Other protocols' ports (`redis://127.0.0.1:6379`) are theirs.
          if (scheme !== undefined && !/^(?:https?|wss?)$/.test(scheme)) {
            continue;
          }
          if (!demo.has(Number(port)) && !otherPortAllowed(readme.path, Number(port), line)) {
            problems.push(`${readme.path}:${at + 1}: port ${port} (the demo uses ${[...demo].join(', ')})`);
          }
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('`npm run tarballs` ends with an install command that works from any folder', () => {
    const line = installCommand([
      '/home/me/kit/packs/elicitation-kit-core-0.1.0.tgz',
      "/home/me/my kit's/packs/x.tgz",
      'packs/y.tgz',
    ]);
    expect(line).toBe(
      `npm install /home/me/kit/packs/elicitation-kit-core-0.1.0.tgz '/home/me/my kit'\\''s/packs/x.tgz' ${join(process.cwd(), 'packs/y.tgz')}`,
    );
  });
});
