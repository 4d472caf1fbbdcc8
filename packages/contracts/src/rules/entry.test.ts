// `@hit/contracts/rules` is for client bundles that must stay free of zod: loading it must never load zod.
import fs from 'node:fs';
import path from 'node:path';

jest.mock('zod', () => {
  throw new Error('zod was loaded');
});

const packageDir = path.resolve(__dirname, '../..');

describe('the @hit/contracts/rules entry', () => {
  it('loads without zod', async () => {
    const rules = await import('@hit/contracts/rules');
    expect(rules.templateDayNumber(12)).toBe(2);
  });

  it('would notice zod: the schemas of @hit/contracts do load it', async () => {
    await expect(import('@hit/contracts')).rejects.toThrow('zod was loaded');
  });

  it('is exported as its sources for types and as their build output (src -> dist) at run time', () => {
    const { exports } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
    const entry = exports['./rules'];
    expect(fs.existsSync(path.join(packageDir, entry.types))).toBe(true);
    expect(entry.default).toBe(entry.types.replace('./src/', './dist/').replace(/\.ts$/, '.js'));
  });
});
