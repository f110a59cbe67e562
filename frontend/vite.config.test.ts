import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recipesLookedUpIn, systemInSteps, withoutGlobalCss } from './vite.config';

/**
 * The patches of Chakra's published code (decision 0050), run on the installed Chakra: an upgrade that
 * moves what a patch relies on fails here, naming the patch, before a build or a page does.
 */
const chakraDir = fileURLToPath(new URL('../node_modules/@chakra-ui/react/dist/esm/', import.meta.url));
const systemModule = readFileSync(join(chakraDir, 'styled-system/system.js'), 'utf8');

describe("the browser build's createSystem", () => {
  it('computes no global CSS (decision 0029)', () => {
    const patched = withoutGlobalCss(systemModule);
    expect(patched).toContain('const _global = [];');
    expect(patched).not.toContain('getTokenCss()]');
  });

  it('is a generator that stops before and after building the token dictionary (decision 0032)', () => {
    const patched = systemInSteps(systemModule);
    expect(patched).toContain('function* createSystemInSteps(...configs) {');
    expect(patched.match(/^ {2}yield;$/gm)).toHaveLength(2);
    expect(patched).toContain('globalThis.__chakraCreateSystemInSteps = createSystemInSteps;');
  });

  it('fails, naming its decision, when Chakra no longer has a line it replaces', () => {
    const reshaped = systemModule.replace('const _global = [', 'const globalCss = [');
    expect(() => withoutGlobalCss(reshaped)).toThrow(/decision 0029/);
  });
});

describe('recipes with their components (decision 0030)', () => {
  it("finds each recipe of Chakra's theme in the component module that looks it up", () => {
    const componentFiles = readdirSync(join(chakraDir, 'components'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => join(chakraDir, 'components', file));
    const found = new Set(
      componentFiles.flatMap((file) => recipesLookedUpIn(readFileSync(file, 'utf8')).map((recipe) => recipe.file)),
    );
    const recipeFiles = readdirSync(join(chakraDir, 'theme/recipes')).filter((file) => file.endsWith('.js'));
    expect(recipeFiles.length).toBeGreaterThan(0);
    expect(recipeFiles.filter((file) => !found.has(join(chakraDir, 'theme/recipes', file)))).toEqual([]);
    expect([...found].every((file) => recipeFiles.includes(basename(file)))).toBe(true);
  });
});
