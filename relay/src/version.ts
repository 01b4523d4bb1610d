/** The package version, read once from package.json (two folders above `relay/dist`). */
import { readFileSync } from 'node:fs';

function readVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) {
      const { version } = parsed;
      if (typeof version === 'string') return version;
    }
  } catch {
    // A copied relay without its package.json still runs; it just cannot name its version.
  }
  return '0.0.0';
}

export const RELAY_VERSION = readVersion();
