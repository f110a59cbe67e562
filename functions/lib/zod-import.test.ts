import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('zod in the Lambda bundles', () => {
  // esbuild cannot tree-shake zod's `z` binding (a namespace re-exported by name): it keeps every
  // locale, about 440 KB in each bundle; `import * as z` is shaken to what the schemas use (~80 KB).
  it('is imported as a namespace by every module a handler may bundle', () => {
    const byName = ['domain', 'events', 'functions']
      .flatMap(sourceFiles)
      .filter((file) => /^import \{[^}]*\bz\b[^}]*\} from 'zod'/m.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(root.length + 1));
    expect(byName).toEqual([]);
  });
});
