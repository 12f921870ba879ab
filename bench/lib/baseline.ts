import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { dataRoot, repoRoot } from './options';
import { runLogged, say } from './run';

/**
 * This checkout's installed packages made the baseline's: each package a link to this checkout's, except
 * the workspaces' own (`@shop/*`), which are the baseline's, and each workspace's own packages beside it.
 * Without them the baseline's shop would run this checkout's contract package, not its own.
 */
function linkPackages(checkout: string): void {
  const installed = path.join(repoRoot, 'node_modules');
  const linked = path.join(checkout, 'node_modules');
  fs.mkdirSync(path.join(linked, '@shop'), { recursive: true });
  for (const name of fs.readdirSync(installed)) {
    if (name !== '@shop') fs.symlinkSync(path.join(installed, name), path.join(linked, name));
  }
  const workspaces = path.join(installed, '@shop');
  for (const name of fs.readdirSync(workspaces)) {
    // A workspace link is relative (../../apps/api): the same path inside the baseline is its own.
    const target = fs.readlinkSync(path.join(workspaces, name));
    fs.symlinkSync(target, path.join(linked, '@shop', name));
    const own = path.resolve(workspaces, target, 'node_modules');
    const ownInBaseline = path.resolve(linked, '@shop', target, 'node_modules');
    if (fs.existsSync(own) && !fs.existsSync(ownInBaseline)) fs.symlinkSync(own, ownInBaseline);
  }
}

export interface Baseline {
  ref: string;
  commit: string;
  checkout: string;
  remove: () => void;
}

/**
 * Another commit's shop, checked out beside this one (a git worktree under bench/.data, its installed
 * packages this checkout's, linked) and, for Lighthouse, with its web app built: both shops are then
 * measured in one run, on one machine, since the figures move with the machine.
 */
export async function prepareBaseline(ref: string, { buildWeb }: { buildWeb: boolean }): Promise<Baseline> {
  const checkout = path.join(dataRoot, 'baseline');
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  const commit = git('rev-parse', '--short', `${ref}^{commit}`);
  if (fs.existsSync(checkout)) git('worktree', 'remove', '--force', checkout);
  git('worktree', 'prune');
  git('worktree', 'add', '--detach', checkout, commit);
  // Linking is enough only while both commits install the same packages; otherwise the baseline gets its own.
  const lockOf = (dir: string) => fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
  if (lockOf(checkout) === lockOf(repoRoot)) {
    linkPackages(checkout);
  } else {
    say(`installing the packages of ${ref} (${commit}): its package-lock.json differs from this checkout's`);
    await runLogged('npm', ['ci', '--no-audit', '--no-fund'], { cwd: checkout, logName: 'baseline-install.log' });
  }
  if (buildWeb) {
    say(`building the web app of ${ref} (${commit}) for the comparison`);
    // vite's entry is dist/node/index.js; its command line sits at bin/vite.js in the same package.
    const viteEntry = createRequire(path.join(checkout, 'apps/web/package.json')).resolve('vite');
    const vite = path.join(viteEntry, '../../../bin/vite.js');
    await runLogged(process.execPath, [vite, 'build'], {
      cwd: path.join(checkout, 'apps/web'),
      logName: 'baseline-build.log',
    });
  }
  // Removed after the run: a second checkout inside this one confuses the tools that walk the tree.
  return { ref, commit, checkout, remove: () => git('worktree', 'remove', '--force', checkout) };
}
