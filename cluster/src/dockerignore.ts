import path from 'node:path';

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
