/**
 * Reads the business's settings (domain/business.ts) for the build, the CDK app and the local stack:
 * from a JSON file, or JSON given inline; by default config/business.local.json.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBusinessSettings, type BusinessSettings } from '#domain/business';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The example settings `npm start` and the tests run with (also the build's default: frontend/vite.config.ts). */
export const LOCAL_BUSINESS_SETTINGS_FILE = resolve(REPO_ROOT, 'config', 'business.local.json');

/**
 * `setting` is a file name (relative to the repository), JSON text (starting with `{`), or an object
 * (CDK context from cdk.json); unset means the local example file. Throws naming what is wrong.
 */
export function readBusinessSettings(setting: unknown, source: string): BusinessSettings {
  if (setting === undefined || setting === '') return readSettingsFile(LOCAL_BUSINESS_SETTINGS_FILE, source);
  if (typeof setting === 'object') return parseBusinessSettings(setting, source);
  if (typeof setting !== 'string') throw new Error(`${source} must be a JSON file name or JSON text`);
  if (setting.trimStart().startsWith('{')) return parseBusinessSettings(parseJson(setting, source), source);
  return readSettingsFile(isAbsolute(setting) ? setting : resolve(REPO_ROOT, setting), source);
}

function readSettingsFile(file: string, source: string): BusinessSettings {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${source}: cannot read ${file}`);
  }
  return parseBusinessSettings(parseJson(content, `${source} (${file})`), `${source} (${file})`);
}

function parseJson(content: string, source: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    throw new Error(`${source} is not valid JSON`);
  }
}
