import { randomBytes, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../errors';
import { BoundedGate, type GateTicket } from '../http/gate';

// OWASP's scrypt minimum (N=2^17 would be stronger but takes ~250 ms a login on these 2-core machines).
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/**
 * How much password hashing the process does at once (issue #23). Each scrypt takes ~50 ms of one core and 16 MB:
 * unbounded, a flood of wrong sign-ins fills libuv's 4 threads and every core, and every other request waits. Half
 * the cores (at least 2, at most 4), in threads of a lower CPU priority than the event loop's (see `scrypt` below),
 * leaves the event loop and the database the CPU whenever they need it, and checks about 20 passwords a second per
 * core used.
 *
 * Beyond the running ones, a few wait in line. A sign-in's check (or a wrong current password's) is the open door,
 * so its line is short: when 32 are already waiting, the answer is 503 at once (PasswordHashingBusyError), before
 * the sign-in limits count anything. A new password (sign-up, change, reset) comes from requests limited elsewhere
 * (per address, per user, a valid link), so it waits in a longer line: 128 (100 people signing up at one moment all
 * get in).
 */
export const PASSWORD_HASHING = {
  concurrent: Math.min(4, Math.max(2, Math.floor(availableParallelism() / 2))),
  queuedChecks: 32,
  queuedNewPasswords: 128,
  retryAfterSeconds: 2,
  /**
   * The CPU priority of the threads that check a sign-in's password (see `scrypt` below): below the event loop's 0,
   * so a flood of wrong sign-ins never takes the CPU from it.
   */
  checkNice: 10,
  /**
   * New passwords (sign-up, change, reset) hash at the event loop's own priority: those requests are limited
   * elsewhere (per address, per user, a valid link), and at nice 10 a machine busy with other processes starved them
   * (100 sign-ups at once took over 25 s with two other processes busy, against 9 s).
   */
  newPasswordNice: 0,
} as const;

export const PASSWORD_HASHING_BUSY_MESSAGE =
  'The server is busy checking passwords. Please try again in a few seconds.';

/** 503 with Retry-After: the password was never checked, so no limit counts it. */
export class PasswordHashingBusyError extends HttpError {
  override name = 'PasswordHashingBusyError';
  constructor() {
    super(503, PASSWORD_HASHING_BUSY_MESSAGE, { 'Retry-After': String(PASSWORD_HASHING.retryAfterSeconds) });
  }
}

/**
 * A place in line for one scrypt computation, taken before the work that leads to it (a sign-in takes its place
 * before its rate-limit lookups, so a refused one costs nothing but the refusal). `release()` gives an unused place
 * back (the request ended without hashing); it is harmless once the work has started.
 */
export type HashingTicket = GateTicket;

const gate = new BoundedGate(PASSWORD_HASHING.concurrent, () => new PasswordHashingBusyError());

/** A place in line for checking a password (sign-in), or PasswordHashingBusyError at once when the line is full. */
export function reservePasswordCheck(): HashingTicket {
  return gate.admit(PASSWORD_HASHING.queuedChecks);
}

/** What the hashing gate holds now (running computations, places reserved or waiting). */
export function passwordHashingStats(): { running: number; pending: number } {
  return gate.stats();
}

/**
 * The scrypt computations run in worker threads of their own, at most one per slot of the gate and priority, each
 * at its CPU priority (set by the thread for itself, from `workerData`): a sign-in's check at nice 10, so on a busy
 * machine the event loop, which serves every other request, always gets the CPU first; libuv's threads stay free for
 * the database's files. An idle machine hashes as fast as before.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try { require('node:os').setPriority(workerData.nice); } catch {}
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

interface HashingWorker {
  worker: Worker;
  /** The idle list it goes back to (its priority's). */
  idle: HashingWorker[];
  /** The computation it is running, settled by its answer (or its death). */
  job?: { resolve(key: Buffer): void; reject(error: Error): void };
  /** While idle: the timer that ends it (HASHING_WORKER_IDLE_MS). */
  retire?: NodeJS.Timeout;
}

/**
 * An idle hashing thread ends after this long. Each one is a V8 isolate and keeps scrypt's 16 MB in its malloc arena:
 * kept forever, the two or four a burst of sign-ups or sign-ins leaves behind held about 15 MB of the api's RSS for
 * good (the bench's memory budget). Starting one again costs ~30 ms, once per burst.
 */
export const HASHING_WORKER_IDLE_MS = 5_000;

/**
 * Idle workers by priority; the gate never runs more computations than PASSWORD_HASHING.concurrent, so neither list
 * grows past it.
 */
const idleByNice = new Map<number, HashingWorker[]>();

function newWorker(nice: number): HashingWorker {
  const idle = idleByNice.get(nice) ?? idleByNice.set(nice, []).get(nice)!;
  const worker = new Worker(WORKER_SOURCE, { eval: true, name: 'password hashing', workerData: { nice } });
  const hashing: HashingWorker = { worker, idle };
  const fail = (error: Error) => {
    clearTimeout(hashing.retire);
    const index = idle.indexOf(hashing);
    if (index >= 0) idle.splice(index, 1);
    hashing.job?.reject(error);
    hashing.job = undefined;
  };
  hashing.worker.on('message', (answer: { key?: Uint8Array; error?: string }) => {
    const job = hashing.job;
    hashing.job = undefined;
    idle.push(hashing);
    hashing.retire = setTimeout(() => {
      const index = idle.indexOf(hashing);
      if (index >= 0) idle.splice(index, 1);
      void hashing.worker.terminate();
    }, HASHING_WORKER_IDLE_MS).unref();
    if (answer.key) job?.resolve(Buffer.from(answer.key));
    else job?.reject(new Error(`scrypt failed: ${answer.error}`));
  });
  hashing.worker.on('error', fail);
  hashing.worker.on('exit', (code) => fail(new Error(`the password hashing thread exited (code ${code})`)));
  // It never keeps the process alive: a stopping api or a finished test file does not wait for it. Called after the
  // listeners are added: adding a 'message' listener refs the worker's port again.
  hashing.worker.unref();
  return hashing;
}

function scrypt(password: string, salt: Buffer, options: ScryptOptions, nice: number): Promise<Buffer> {
  const hashing = idleByNice.get(nice)?.pop() ?? newWorker(nice);
  clearTimeout(hashing.retire);
  return new Promise((resolve, reject) => {
    hashing.job = { resolve, reject };
    hashing.worker.postMessage({
      password,
      salt,
      keyLength: KEY_LENGTH,
      options: { ...options, maxmem: 64 * 1024 * 1024 },
    });
  });
}

async function hashUngated(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, PARAMS, PASSWORD_HASHING.newPasswordNice);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64: the parameters travel with the hash so they can grow. Waits for
 * its turn (PASSWORD_HASHING); PasswordHashingBusyError when the line of new passwords is full.
 */
export async function hashPassword(password: string): Promise<string> {
  return gate.admit(PASSWORD_HASHING.queuedNewPasswords).run(() => hashUngated(password));
}

/**
 * Whether `password` is the one `stored` was made from. Runs in the line of password checks: with `ticket` (taken
 * earlier by the request, see reservePasswordCheck) or a place taken now (PasswordHashingBusyError when full).
 */
export async function verifyPassword(password: string, stored: string, ticket?: HashingTicket): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  const place = ticket ?? reservePasswordCheck();
  if (algorithm !== 'scrypt' || !salt || !hash) {
    place.release();
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  const actual = await place.run(() =>
    scrypt(
      password,
      Buffer.from(salt, 'base64'),
      { N: Number(n), r: Number(r), p: Number(p) },
      PASSWORD_HASHING.checkNice,
    ),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Checked against when the e-mail is unknown, so both failures take the same time. Made once per process, outside
// the gate: a refusal must never be cached as the dummy.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashUngated(randomBytes(16).toString('hex'));
  return dummyHash;
}
