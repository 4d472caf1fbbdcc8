/** A tiny structured logger: one JSON object per line on stdout/stderr, silent under jest. */
type Level = 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;

function serialize(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  return value;
}

function write(level: Level, message: string, fields: Fields = {}): void {
  // Read at call time so tests (NODE_ENV=test) stay quiet whatever imported this first.
  if (process.env.NODE_ENV === 'test') return;
  const entry: Fields = { time: new Date().toISOString(), level, message };
  for (const [key, value] of Object.entries(fields)) entry[key] = serialize(value);
  const line = JSON.stringify(entry) + '\n';
  (level === 'info' ? process.stdout : process.stderr).write(line);
}

export const logger = {
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
