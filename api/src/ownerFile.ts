import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A secret a data folder keeps for good (the VAPID pair, the session secret): read from `file`, or made by `make` on
 * the first start and written readable by its owner only. Two processes starting at once on one folder agree: the
 * file is created exclusively, and the loser reads the winner's. `parse` checks what is read and throws with a
 * sentence for the operator when it is not what `make` writes.
 */
export function readOrCreateOwnerFile<T>(
  file: string,
  make: () => T,
  format: (value: T) => string,
  parse: (text: string) => T,
): { value: T; created: boolean } {
  try {
    return { value: parse(readFileSync(file, 'utf8')), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const made = make();
  // Written whole under another name, then linked into place: the link fails if the file exists, and nobody ever
  // reads a half-written one.
  const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(partial, format(made), { flag: 'wx', mode: 0o600 });
  try {
    linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { value: parse(readFileSync(file, 'utf8')), created: false };
  } finally {
    unlinkSync(partial);
  }
  return { value: made, created: true };
}
