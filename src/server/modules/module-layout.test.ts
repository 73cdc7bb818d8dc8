import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const MODULES = path.resolve(import.meta.dirname);
const SRC = path.resolve(MODULES, '../..');

/** Every source file below a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
}

describe('the layout of the code', () => {
  test('modules are cut by feature: the admin key is the only admin-* module', () => {
    const audienceModules = readdirSync(MODULES).filter(
      (name) => name.startsWith('admin-') && statSync(path.join(MODULES, name)).isDirectory(),
    );
    expect(audienceModules).toEqual(['admin-auth']);
  });

  test('a payload has one home: contracts/endpoints/<area>.schemas.ts, no contracts/admin folder', () => {
    expect(existsSync(path.join(SRC, 'shared/contracts/admin'))).toBe(false);
  });

  test('no source file points at an issue tracker that is not in the repository', () => {
    // A comment that needs a reason links a decision record or a feature page (docs/).
    const pattern = new RegExp(['iss', 'ues?\\s*#?\\d'].join(''), 'i');
    const offenders = sourceFiles(SRC)
      .filter((file) => pattern.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
