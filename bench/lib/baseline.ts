import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dataRoot, repoRoot } from './options';
import { runLogged, say } from './run';

/**
 * Another commit's shop, checked out beside this one (a git worktree under bench/.data, so it uses this
 * checkout's node_modules) with its web app built: Lighthouse then measures both builds in one run, on
 * one machine, since its scores move with the machine.
 */
export async function prepareBaseline(ref: string): Promise<{ checkout: string; commit: string; remove: () => void }> {
  const checkout = path.join(dataRoot, 'baseline');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', `${ref}^{commit}`);
  if (fs.existsSync(checkout)) git('worktree', 'remove', '--force', checkout);
  git('worktree', 'prune');
  git('worktree', 'add', '--detach', checkout, commit);
  say(`building the web app of ${ref} (${commit}) for the comparison`);
  // vite's entry is dist/node/index.js; its command line sits at bin/vite.js in the same package.
  const viteEntry = createRequire(path.join(repoRoot, 'apps/web/package.json')).resolve('vite');
  const vite = path.join(viteEntry, '../../../bin/vite.js');
  await runLogged(process.execPath, [vite, 'build'], {
    cwd: path.join(checkout, 'apps/web'),
    logName: 'baseline-build.log',
  });
  // Removed after the run: a second checkout inside this one confuses the tools that walk the tree.
  return { checkout, commit, remove: () => git('worktree', 'remove', '--force', checkout) };
}
