/** A tiny structured logger: one JSON object per line on stdout/stderr, silent under jest. */
type Level = 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;

/** Fields that never reach a log, at any depth: passwords, their hashes, secrets, tokens, cookies. */
const SECRET_FIELD = /pass|hash|secret|token|cookie|authorization|signature|^session$/i;
const MAX_DEPTH = 5;

/** Log-safe copy of a field: secrets redacted, documents and errors reduced to plain data. */
function serialize(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack };
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (typeof (value as { toHexString?: unknown }).toHexString === 'function') return String(value); // an ObjectId
  if (depth >= MAX_DEPTH) return '[object]';
  // A mongoose document (e.g. a user) becomes its plain fields, which are then redacted like any object.
  const toObject = (value as { toObject?: () => object }).toObject;
  const plain = typeof toObject === 'function' ? toObject.call(value) : value;
  if (Array.isArray(plain)) return plain.map((item: unknown) => serialize(item, depth + 1));
  return Object.fromEntries(
    Object.entries(plain).map(([key, field]) => [
      key,
      SECRET_FIELD.test(key) ? '[redacted]' : serialize(field, depth + 1),
    ]),
  );
}

function write(level: Level, message: string, fields: Fields = {}): void {
  // Read at call time so tests (NODE_ENV=test) stay quiet whatever imported this first.
  if (process.env.NODE_ENV === 'test') return;
  const entry = { time: new Date().toISOString(), level, message, ...(serialize(fields) as Fields) };
  const line = JSON.stringify(entry) + '\n';
  (level === 'info' ? process.stdout : process.stderr).write(line);
}

export const logger = {
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
