/**
 * The bench's history (issue 31): each step's printed figures, written with the commit they were
 * measured at to `bench/results/<step>.json`. Committed when a change moves them, so a regression
 * shows as a diff of the lines that moved.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';

export interface StepResult {
  step: string;
  commit: string;
  /** Whether the working tree had changes the commit does not hold. */
  uncommittedChanges: boolean;
  measuredAt: string;
  machine: { cpus: number; node: string };
  lines: string[];
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

/** Runs a step, printing as it prints, and keeps the lines it printed. */
export async function recordStep(root: string, step: string, run: () => unknown): Promise<void> {
  const lines: string[] = [];
  const print = console.log;
  console.log = (...parts: unknown[]) => {
    print(...parts);
    lines.push(...parts.map(String).join(' ').split('\n'));
  };
  try {
    await run();
  } finally {
    console.log = print;
  }
  const result: StepResult = {
    step,
    commit: git(root, 'rev-parse', '--short', 'HEAD'),
    uncommittedChanges: git(root, 'status', '--porcelain') !== '',
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    lines: lines.filter((line) => line.trim() !== ''),
  };
  const dir = join(root, 'bench/results');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${step}.json`), `${JSON.stringify(result, null, 2)}\n`);
}
