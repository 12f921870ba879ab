import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Instruction, parseDockerfile, type Stage } from './dockerfile-parse';
import { dockerignoreMatcher } from './dockerignore';

/**
 * The repository's Dockerfile, read and carried out without Docker (no daemon runs where the tests run):
 * each stage in a folder of its own standing for its filesystem, COPY as Docker copies (the context
 * filtered by .dockerignore, `--from` out of another stage's folder), RUN as `sh -c` in the stage's
 * working directory with the stage's ENV, stages in parallel until one copies from another, as BuildKit
 * does. What a stage ends with (its ENV, CMD, HEALTHCHECK, USER, ports and volumes) is handed back for
 * the caller to start. Only the instructions the shop's Dockerfile uses are understood; any other stops it.
 */

export { type Instruction, parseDockerfile, type Stage } from './dockerfile-parse';
export { dockerignoreMatcher } from './dockerignore';

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

type BuiltStages = Map<string, Promise<BuiltStage>>;

/** A stage as its instructions so far have left it: the working directory and ENV, and what it ends with. */
interface StageState {
  root: string;
  workdir: string;
  env: Record<string, string>;
  result: BuiltStage;
}

const inRoot = (state: StageState, containerPath: string) => path.join(state.root, containerPath);

/** ENV with absolute container paths made paths under the stage's folder. */
const mappedEnv = (state: StageState) =>
  Object.fromEntries(Object.entries(state.env).map(([k, v]) => [k, v.startsWith('/') ? inRoot(state, v) : v]));

/** COPY as Docker copies: the context filtered by .dockerignore, or `--from` out of another stage's folder. */
async function copyStep(
  step: Extract<Instruction, { kind: 'COPY' }>,
  state: StageState,
  options: BuildOptions,
  ignored: (relativePath: string) => boolean,
  built: BuiltStages,
): Promise<void> {
  const from = step.from === undefined ? undefined : await built.get(step.from);
  if (step.from !== undefined && !from) throw new Error(`COPY --from=${step.from}: no such stage before it`);
  const intoDir = step.dest.endsWith('/') || step.sources.length > 1;
  const dest = inRoot(state, path.posix.resolve(state.workdir, step.dest));
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
}

/** Carries out one instruction of a stage. */
async function applyStep(
  step: Instruction,
  state: StageState,
  options: BuildOptions,
  ignored: (relativePath: string) => boolean,
  built: BuiltStages,
): Promise<void> {
  const { result } = state;
  switch (step.kind) {
    case 'FROM':
      break;
    case 'WORKDIR':
      state.workdir = path.posix.resolve(state.workdir, step.path);
      fs.mkdirSync(inRoot(state, state.workdir), { recursive: true });
      break;
    case 'ENV':
      Object.assign(state.env, step.vars);
      break;
    case 'COPY':
      await copyStep(step, state, options, ignored, built);
      break;
    case 'RUN':
      if (options.skipRun?.(step.command)) {
        result.skipped.push(step.command);
        break;
      }
      await runShell(
        step.command,
        inRoot(state, state.workdir),
        { ...options.runEnv, ...mappedEnv(state) },
        options.logFile,
      );
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
        fs.mkdirSync(inRoot(state, volume), { recursive: true });
        result.volumes.push(inRoot(state, volume));
      }
      break;
  }
}

/** Carries out one stage in a folder of its own, waiting for a stage it copies from. */
async function buildStage(
  stage: Stage,
  index: number,
  options: BuildOptions,
  ignored: (relativePath: string) => boolean,
  built: BuiltStages,
): Promise<BuiltStage> {
  const root = path.join(options.workDir, `stage-${index}-${stage.name}`);
  fs.mkdirSync(root, { recursive: true });
  const state: StageState = {
    root,
    workdir: '/',
    env: {},
    result: {
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
    },
  };
  for (const step of stage.instructions) {
    options.say?.(stage.name, step.kind === 'RUN' ? `RUN ${step.command}` : step.kind);
    await applyStep(step, state, options, ignored, built);
  }
  return { ...state.result, workdir: inRoot(state, state.workdir), env: mappedEnv(state) };
}

/** Carries out the Dockerfile's stages; resolves with each stage's end state, the last one last. */
export async function buildWithoutDocker(options: BuildOptions): Promise<BuiltStage[]> {
  const stages = parseDockerfile(fs.readFileSync(options.dockerfile, 'utf8'));
  const ignoreFile = path.join(options.context, '.dockerignore');
  const ignored = dockerignoreMatcher(fs.existsSync(ignoreFile) ? fs.readFileSync(ignoreFile, 'utf8') : '');
  const built: BuiltStages = new Map();
  const all = stages.map((stage, i) => {
    const promise = buildStage(stage, i, options, ignored, built);
    built.set(stage.name, promise);
    return promise;
  });
  // Every stage is waited for, so none goes on writing after a failure is reported.
  const settled = await Promise.allSettled(all);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<BuiltStage>).value);
}
