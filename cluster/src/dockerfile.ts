import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository's Dockerfile, read and carried out without Docker (no daemon runs where the tests run):
 * each stage in a folder of its own standing for its filesystem, COPY as Docker copies (the context
 * filtered by .dockerignore, `--from` out of another stage's folder), RUN as `sh -c` in the stage's
 * working directory with the stage's ENV, stages in parallel until one copies from another, as BuildKit
 * does. What a stage ends with (its ENV, CMD, HEALTHCHECK, USER, ports and volumes) is handed back for
 * the caller to start. Only the instructions the shop's Dockerfile uses are understood; any other stops it.
 */

export type Instruction =
  | { kind: 'FROM'; image: string; stage: string | undefined }
  | { kind: 'WORKDIR'; path: string }
  | { kind: 'COPY'; from: string | undefined; sources: string[]; dest: string }
  | { kind: 'RUN'; command: string }
  | { kind: 'ENV'; vars: Record<string, string> }
  | { kind: 'CMD'; exec: string[] }
  | { kind: 'HEALTHCHECK'; exec: string[]; options: Record<string, string> }
  | { kind: 'USER'; user: string }
  | { kind: 'EXPOSE'; ports: number[] }
  | { kind: 'VOLUME'; paths: string[] };

export interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

/** Logical lines: comments and blank lines dropped, `\` continuations joined (a comment inside one too). */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && current === undefined)) continue;
    const continued = line.endsWith('\\');
    const part = continued ? line.slice(0, -1).trim() : line;
    current = current === undefined ? part : `${current} ${part}`;
    if (!continued) {
      if (current) lines.push(current);
      current = undefined;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Leading `--name=value` flags, then the rest. */
function flagsOf(rest: string): { flags: Record<string, string>; rest: string } {
  const flags: Record<string, string> = {};
  let remaining = rest;
  for (
    let match = /^--([a-z-]+)(?:=(\S*))?\s+/.exec(remaining);
    match;
    match = /^--([a-z-]+)(?:=(\S*))?\s+/.exec(remaining)
  ) {
    flags[match[1] ?? ''] = match[2] ?? '';
    remaining = remaining.slice(match[0].length);
  }
  return { flags, rest: remaining };
}

function execForm(text: string, where: string): string[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((a) => typeof a === 'string')) {
    throw new Error(`${where}: only the exec form (a JSON array of strings) is understood`);
  }
  return parsed;
}

/** `A=1 B="two words"`: the key=value form of ENV. */
function envPairs(text: string, where: string): Record<string, string> {
  const vars: Record<string, string> = {};
  const pair = /\s*([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/y;
  let at = 0;
  while (at < text.length) {
    pair.lastIndex = at;
    const match = pair.exec(text);
    if (!match) throw new Error(`${where}: only ENV KEY=value pairs are understood`);
    const value = match[2] ?? '';
    vars[match[1] ?? ''] = value.startsWith('"') ? (JSON.parse(value) as string) : value;
    at = pair.lastIndex;
    while (text[at] === ' ') at += 1;
  }
  return vars;
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const [keyword = '', ...words] = line.split(/\s+/);
    const rest = line.slice(keyword.length).trim();
    const where = `Dockerfile: ${line.slice(0, 60)}`;
    const kind = keyword.toUpperCase();
    if (kind === 'FROM') {
      const [image = '', as, name] = words;
      if (as !== undefined && as.toUpperCase() !== 'AS') throw new Error(`${where}: FROM image [AS name]`);
      stages.push({ name: name ?? String(stages.length), image, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${where}: an instruction before the first FROM`);
    const add = (instruction: Instruction) => stage.instructions.push(instruction);
    const { flags, rest: args } = flagsOf(rest);
    switch (kind) {
      case 'WORKDIR':
        add({ kind, path: args });
        break;
      case 'COPY': {
        const parts = args.split(/\s+/);
        const dest = parts.pop() ?? '';
        if (parts.length === 0 || parts.some((p) => /[*?[]/.test(p))) {
          throw new Error(`${where}: COPY takes plain paths (no wildcards) and a destination`);
        }
        add({ kind, from: flags.from, sources: parts, dest });
        break;
      }
      case 'RUN':
        // A --mount (npm's cache) only says where Docker keeps a cache: here the machine's own is used.
        add({ kind, command: args });
        break;
      case 'ENV':
        add({ kind, vars: envPairs(args, where) });
        break;
      case 'CMD':
        add({ kind, exec: execForm(args, where) });
        break;
      case 'HEALTHCHECK': {
        if (!args.startsWith('CMD ')) throw new Error(`${where}: HEALTHCHECK [options] CMD [...]`);
        add({ kind, exec: execForm(args.slice(4), where), options: flags });
        break;
      }
      case 'USER':
        add({ kind, user: args });
        break;
      case 'EXPOSE':
        add({ kind, ports: words.map((w) => Number.parseInt(w, 10)) });
        break;
      case 'VOLUME':
        add({ kind, paths: args.startsWith('[') ? execForm(args, where) : words });
        break;
      default:
        throw new Error(`${where}: ${keyword} is not understood here`);
    }
  }
  return stages;
}

/**
 * .dockerignore as Docker reads it: patterns from the context's root (`**` any folders, `*` and `?`
 * within one name), a folder excluded with everything in it, a later `!pattern` taking a path back.
 */
export function dockerignoreMatcher(text: string): (relativePath: string) => boolean {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = path.posix.normalize((negate ? l.slice(1) : l).replace(/^\/+/, ''));
      let source = '';
      for (let i = 0; i < pattern.length; i += 1) {
        const c = pattern[i] ?? '';
        if (pattern.startsWith('**/', i)) {
          source += '(?:.*/)?';
          i += 2;
        } else if (pattern.startsWith('**', i)) {
          source += '.*';
          i += 1;
        } else if (c === '*') source += '[^/]*';
        else if (c === '?') source += '[^/]';
        else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
      }
      return { negate, regex: new RegExp(`^${source}$`) };
    });
  return (relativePath) => {
    const parts = relativePath.split(path.sep);
    // The path itself or a folder it is in.
    const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let excluded = false;
    for (const rule of rules) {
      if (candidates.some((c) => rule.regex.test(c))) excluded = !rule.negate;
    }
    return excluded;
  };
}

export interface BuiltStage {
  name: string;
  image: string;
  /** The folder standing for the stage's filesystem root: container path /app is `<root>/app`. */
  root: string;
  /** The working directory at the end, as a path on this machine. */
  workdir: string;
  /** ENV at the end, absolute container paths made paths under `root`. */
  env: Record<string, string>;
  cmd: string[] | undefined;
  healthcheck: { exec: string[]; options: Record<string, string> } | undefined;
  user: string | undefined;
  exposed: number[];
  /** VOLUME folders, as paths under `root` (made, as Docker makes them). */
  volumes: string[];
  /** RUN commands left out by `skipRun`. */
  skipped: string[];
}

export interface BuildOptions {
  dockerfile: string;
  /** The build context (a clean clone of the repository). */
  context: string;
  /** Where the stages' folders are made. */
  workDir: string;
  /** The environment of every RUN besides the stage's ENV (Docker's would be the base image's: PATH, HOME). */
  runEnv: Record<string, string>;
  /** RUN commands that only make sense inside an image (users, system folders): left out, and listed. */
  skipRun?: (command: string) => boolean;
  /** Each RUN's output goes here, appended. */
  logFile: string;
  /** Told when each instruction starts. */
  say?: (stage: string, text: string) => void;
}

function runShell(command: string, cwd: string, env: Record<string, string>, logFile: string): Promise<void> {
  const out = fs.openSync(logFile, 'a');
  fs.writeSync(out, `\n$ ${command}\n`);
  const child = spawn('sh', ['-c', command], { cwd, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else {
        const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
        reject(new Error(`RUN ${command} failed (${signal ?? `exit ${code}`}); see ${logFile}\n${tail}`));
      }
    });
  });
}

/** Carries out the Dockerfile's stages; resolves with each stage's end state, the last one last. */
export async function buildWithoutDocker(options: BuildOptions): Promise<BuiltStage[]> {
  const stages = parseDockerfile(fs.readFileSync(options.dockerfile, 'utf8'));
  const ignoreFile = path.join(options.context, '.dockerignore');
  const ignored = dockerignoreMatcher(fs.existsSync(ignoreFile) ? fs.readFileSync(ignoreFile, 'utf8') : '');
  const built = new Map<string, Promise<BuiltStage>>();

  const buildStage = async (stage: Stage, index: number): Promise<BuiltStage> => {
    const root = path.join(options.workDir, `stage-${index}-${stage.name}`);
    fs.mkdirSync(root, { recursive: true });
    const inRoot = (containerPath: string) => path.join(root, containerPath);
    let workdir = '/';
    const env: Record<string, string> = {};
    const mappedEnv = () =>
      Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.startsWith('/') ? inRoot(v) : v]));
    const result: BuiltStage = {
      name: stage.name,
      image: stage.image,
      root,
      workdir: root,
      env: {},
      cmd: undefined,
      healthcheck: undefined,
      user: undefined,
      exposed: [],
      volumes: [],
      skipped: [],
    };
    for (const step of stage.instructions) {
      options.say?.(stage.name, step.kind === 'RUN' ? `RUN ${step.command}` : step.kind);
      switch (step.kind) {
        case 'FROM':
          break;
        case 'WORKDIR':
          workdir = path.posix.resolve(workdir, step.path);
          fs.mkdirSync(inRoot(workdir), { recursive: true });
          break;
        case 'ENV':
          Object.assign(env, step.vars);
          break;
        case 'COPY': {
          const from = step.from === undefined ? undefined : await built.get(step.from);
          if (step.from !== undefined && !from) throw new Error(`COPY --from=${step.from}: no such stage before it`);
          const intoDir = step.dest.endsWith('/') || step.sources.length > 1;
          const dest = inRoot(path.posix.resolve(workdir, step.dest));
          for (const source of step.sources) {
            const src = from
              ? path.join(from.root, path.posix.resolve('/', source))
              : path.join(options.context, path.posix.normalize(source));
            const relative = path.relative(options.context, src);
            if (!from && relative !== '' && ignored(relative)) {
              throw new Error(`COPY ${source}: excluded by .dockerignore, so Docker would not find it`);
            }
            if (!fs.existsSync(src)) throw new Error(`COPY ${source}: not found`);
            const isDir = fs.statSync(src).isDirectory();
            // A folder's contents go into the destination; a file goes into it when it is a folder.
            const target = isDir ? dest : intoDir ? path.join(dest, path.basename(src)) : dest;
            fs.mkdirSync(isDir ? target : path.dirname(target), { recursive: true });
            fs.cpSync(src, target, {
              recursive: true,
              force: true,
              verbatimSymlinks: true,
              filter: (file) =>
                from !== undefined ||
                path.relative(options.context, file) === '' ||
                !ignored(path.relative(options.context, file)),
            });
          }
          break;
        }
        case 'RUN':
          if (options.skipRun?.(step.command)) {
            result.skipped.push(step.command);
            break;
          }
          await runShell(step.command, inRoot(workdir), { ...options.runEnv, ...mappedEnv() }, options.logFile);
          break;
        case 'CMD':
          result.cmd = step.exec;
          break;
        case 'HEALTHCHECK':
          result.healthcheck = { exec: step.exec, options: step.options };
          break;
        case 'USER':
          result.user = step.user;
          break;
        case 'EXPOSE':
          result.exposed.push(...step.ports);
          break;
        case 'VOLUME':
          for (const volume of step.paths) {
            fs.mkdirSync(inRoot(volume), { recursive: true });
            result.volumes.push(inRoot(volume));
          }
          break;
      }
    }
    return { ...result, workdir: inRoot(workdir), env: mappedEnv() };
  };

  const all = stages.map((stage, i) => {
    const promise = buildStage(stage, i);
    built.set(stage.name, promise);
    return promise;
  });
  // Every stage is waited for, so none goes on writing after a failure is reported.
  const settled = await Promise.allSettled(all);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<BuiltStage>).value);
}
