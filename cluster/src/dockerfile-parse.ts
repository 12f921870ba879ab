// The Dockerfile read into stages and their instructions: only those the shop's Dockerfile uses.

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
