/**
 * The lifter's data as files (issue #20; docs/product-rules.md, "Your data"): a CSV in Strong's comma layout and a JSON
 * file of everything the api holds for them. Both are written piece by piece through a sink that waits for the
 * response to drain, reading the sets and sessions with cursors: 30k sets never sit in memory as one file.
 */
import { trusted, type Model } from 'mongoose';
import { STRONG_CSV_COLUMNS, type AccountExport, type ExportedDocument, type WeightUnit } from '@hit/contracts';
import { convertWeight, DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';
import type { Models } from '../models';
import type { SessionUser } from '../auth/sessionUser';
import { plainDocuments } from './rawDocuments';
import { publicSessionId } from '../models/session';

/** Writes one piece of the file; resolves once the next piece may follow (the response's back-pressure). */
export type ExportSink = (chunk: string) => Promise<void>;

/** Sets read, looked up and written per step: one sessions query and about one write for this many sets. */
export const EXPORT_BATCH_SIZE = 1000;
/** Text gathered before a write (the JSON file's documents are small: one write each would cost more than they do). */
const WRITE_BYTES = 256 * 1024;
/** Documents turned into JSON text together. */
const JSON_BATCH_SIZE = 200;

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before one) gets a
 * leading `'` (OWASP's CSV injection advice).
 */
export const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One CSV cell (RFC 4180, as papaparse writes them): a number as is; text quoted when it holds a comma, a quote (then
 * doubled), a line break or spaces at an edge, and a formula neutralised (and quoted). Written by hand: papaparse's
 * unparse took about as long as reading the 30k sets.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const formula = FORMULA_START.test(value);
  const text = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A line of cells, ended with CRLF. */
export function csvLine(cells: (string | number)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Strong's `2026-11-20 10:05:00`, in the lifter's local time (`Date.getTimezoneOffset()`: minutes behind UTC). */
export function strongDate(date: Date, timezoneOffsetMinutes: number): string {
  return new Date(date.getTime() - timezoneOffsetMinutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** A weight in the export's unit, to the hundredth (a conversion's long tail is noise; no exponent is ever written). */
export function exportWeight(weight: number, from: WeightUnit, to: WeightUnit): number {
  return Math.round(convertWeight(weight, from, to) * 100) / 100;
}

/** The header: Strong's columns, with the unit every weight is in stated as Strong's newer layout does. */
export function csvHeader(unit: WeightUnit): string[] {
  return STRONG_CSV_COLUMNS.map((column) => (column === 'Weight' ? `Weight (${unit})` : column));
}

/** 'Day 1 – Chest & Back', as the dashboard names the day. */
export function workoutName(day: { name: string; muscleGroups: string[] } | undefined, dayId: number): string {
  if (!day) return `Day ${dayId}`;
  return day.muscleGroups.length > 0 ? `${day.name} – ${day.muscleGroups.join(' & ')}` : day.name;
}

/** Gathers small pieces into writes of about WRITE_BYTES. */
function bufferedWriter(sink: ExportSink) {
  let buffer = '';
  return {
    async write(text: string) {
      buffer += text;
      if (buffer.length >= WRITE_BYTES) await this.flush();
    },
    async flush() {
      if (buffer === '') return;
      const chunk = buffer;
      buffer = '';
      await sink(chunk);
    },
  };
}

/** A stored document as exported: its id as `id`, its own fields, never its owner's id. */
export function exportedDocument(document: object): ExportedDocument {
  const { _id, userId: _userId, __v: _version, ...fields } = document as Record<string, unknown>;
  return { id: String(_id), ...fields };
}

/** The fields of a progress entry the exports read (no owner, no set id): less to read. */
const ENTRY_FIELDS = {
  date: 1,
  sessionId: 1,
  workoutDayId: 1,
  round: 1,
  exerciseId: 1,
  exerciseName: 1,
  weight: 1,
  weightUnit: 1,
  reps: 1,
  setType: 1,
};

interface ExportedEntry {
  date: Date;
  sessionId: string | null;
  workoutDayId: number;
  round: number;
  exerciseId: number;
  exerciseName: string;
  weight: number;
  weightUnit: WeightUnit;
  reps: number;
  setType: string;
}

/** What the exports need of a model, whatever its document type. */
interface StoredModel {
  db: Model<unknown>['db'];
  collection: { collectionName: string };
  schema: { path(name: string): { instance?: string } | undefined };
}

/** The driver's collection of a model (read with `raw`, which mongoose's queries do not offer). */
function collectionOf(model: StoredModel) {
  return model.db.collection(model.collection.collectionName);
}

export function createExportService(models: Models) {
  const { User, WorkoutDay, WorkoutState, WorkoutSession, ProgressEntry, Goal } = models;

  /** The unit most of the lifter's sets were logged in (lbs on a tie, the default unit). */
  async function usualUnit(userId: SessionUser['_id']): Promise<WeightUnit> {
    const [kg, all] = await Promise.all([
      ProgressEntry.countDocuments({ userId, weightUnit: 'kg' }),
      ProgressEntry.countDocuments({ userId }),
    ]);
    return kg * 2 > all ? 'kg' : 'lbs';
  }

  /** The lifter's sets, oldest first (the { userId, date } index's order: nothing to sort), read fast. */
  function entriesOf(userId: SessionUser['_id'], projection?: Record<string, number>) {
    const options = { sort: { date: 1 }, projection, batchSize: EXPORT_BATCH_SIZE };
    return plainDocuments(collectionOf(ProgressEntry), { userId }, options);
  }

  /**
   * Every completed set, oldest first, one row each in Strong's comma layout: the workout's start (the session's, else
   * its first set's) as local time, the day's name, the session's duration in seconds, the set order within the
   * exercise (warm-ups `W`, working sets 1, 2…), the weight in `unit`, the reps; no distance, time, notes or RPE.
   */
  async function writeCsv(
    user: SessionUser,
    options: { unit?: WeightUnit; timezoneOffsetMinutes?: number },
    sink: ExportSink,
  ): Promise<void> {
    const userId = user._id;
    const out = bufferedWriter(sink);
    const offset = options.timezoneOffsetMinutes ?? 0;
    const [unit, days] = await Promise.all([options.unit ?? usualUnit(userId), WorkoutDay.find({ userId }).lean()]);
    const dayById = new Map(days.map((day) => [day.dayId, day]));
    // Per performance of a day (its round): the start of its rows; per exercise of it, the working sets so far. A few
    // bytes each, not the sets. Exercise names quoted once each.
    const workouts = new Map<string, string>();
    const workingSets = new Map<string, number>();
    const names = new Map<string, string>();
    const nameCell = (name: string) => names.get(name) ?? names.set(name, csvCell(name)).get(name)!;

    const writeBatch = async (entries: ExportedEntry[]) => {
      const unknownSessions = new Set<string>();
      for (const entry of entries) {
        if (entry.sessionId && !workouts.has(`${entry.workoutDayId}/${entry.round}`)) {
          unknownSessions.add(entry.sessionId);
        }
      }
      const ids = [...unknownSessions];
      const sessionsWith = (field: '_id' | 'clientId', values: string[]) =>
        values.length
          ? WorkoutSession.find(
              { userId, [field]: trusted({ $in: values }) },
              { startedAt: 1, endedAt: 1, clientId: 1 },
            )
              .lean()
              .exec()
          : Promise.resolve([]);
      const sessions = await sessionsWith('_id', ids);
      // An entry names its session by the id the device knows it by (publicSessionId): the few stored under an id of
      // the user's own are looked up by that one.
      const found = new Set(sessions.map((session) => session._id.toHexString()));
      sessions.push(
        ...(await sessionsWith(
          'clientId',
          ids.filter((id) => !found.has(id)),
        )),
      );
      const sessionById = new Map(sessions.map((session) => [publicSessionId(session).toHexString(), session]));

      let text = '';
      for (const entry of entries) {
        const key = `${entry.workoutDayId}/${entry.round}`;
        let workout = workouts.get(key);
        if (workout === undefined) {
          const session = entry.sessionId ? sessionById.get(entry.sessionId) : undefined;
          const seconds = session?.endedAt
            ? Math.max(0, Math.round((session.endedAt.getTime() - session.startedAt.getTime()) / 1000))
            : '';
          const name = workoutName(dayById.get(entry.workoutDayId), entry.workoutDayId);
          workout = `${strongDate(session?.startedAt ?? entry.date, offset)},${csvCell(name)},${seconds},`;
          workouts.set(key, workout);
        }
        let setOrder: string | number = 'W';
        if (entry.setType === 'working') {
          const setKey = `${key}/${entry.exerciseId}`;
          setOrder = (workingSets.get(setKey) ?? 0) + 1;
          workingSets.set(setKey, setOrder);
        }
        const weight = exportWeight(entry.weight, entry.weightUnit, unit);
        // Distance and Seconds 0 as Strong writes them for a lift; Notes, Workout Notes and RPE empty.
        text += `${workout}${nameCell(entry.exerciseName)},${setOrder},${weight},${entry.reps},0,0,,,\r\n`;
      }
      await out.write(text);
    };

    await out.write(csvLine(csvHeader(unit)));
    let batch: ExportedEntry[] = [];
    for await (const entry of entriesOf(userId, ENTRY_FIELDS)) {
      batch.push(entry as unknown as ExportedEntry);
      if (batch.length === EXPORT_BATCH_SIZE) {
        await writeBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await writeBatch(batch);
    await out.flush();
  }

  /** The models kept per user beyond the ones the export names: their documents go under `other`, by model. */
  function otherModels(): [string, Model<unknown>][] {
    const named = new Set(['User', 'WorkoutDay', 'WorkoutState', 'WorkoutSession', 'ProgressEntry', 'Goal']);
    return (Object.entries(models) as [string, Model<unknown>][]).filter(
      ([name, model]) => !named.has(name) && model.schema.path('userId') !== undefined,
    );
  }

  /**
   * Everything the api holds for the lifter as one JSON object (AccountExport): the profile (never the password hash),
   * the settings, the rotation, the days and goals, then the sessions and sets streamed one by one, then every other
   * record kept per user. Lists are oldest first.
   */
  async function writeJson(user: SessionUser, sink: ExportSink): Promise<void> {
    const userId = user._id;
    const out = bufferedWriter(sink);
    const [stored, state, days, goals] = await Promise.all([
      // The plate settings are not carried with the session (auth/sessionUser.ts).
      User.findById(userId, { plateSettings: 1 }).lean(),
      WorkoutState.findOne({ userId }).lean(),
      WorkoutDay.find({ userId }).sort({ dayId: 1 }).lean(),
      Goal.find({ userId }).sort({ createdAt: 1 }).lean(),
    ]);
    const { status, periodEnd, provider, customerId, subscriptionId } = user.subscription;
    const head: Omit<AccountExport, 'sessions' | 'progress' | 'other'> = {
      format: 'hit-tracker-export',
      version: 1,
      exportedAt: new Date().toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        createdAt: user.createdAt.toISOString(),
        trialEndsAt: user.trialEndsAt.toISOString(),
        lastActiveAt: user.lastActiveAt.toISOString(),
        hasPaid: user.hasPaid,
        subscription: { status, periodEnd, provider, customerId, subscriptionId },
      },
      settings: { plates: stored?.plateSettings ?? DEFAULT_PLATE_SETTINGS },
      workoutState: state && exportedDocument(state),
      days: days.map((day) => exportedDocument(day)),
      goals: goals.map((goal) => exportedDocument(goal)),
    };

    // A list is read as exported (ids as `id`, no owner) and written a batch at a time: one JSON.stringify per batch.
    const writeList = async (model: StoredModel, sort: Record<string, 1>) => {
      // A model keyed by a string (a link token's hash) is exported without its key: no id the lifter needs.
      const withId = model.schema.path('_id')?.instance === 'ObjectId';
      const projection = { userId: 0, __v: 0, ...(withId ? {} : { _id: 0 }) };
      const documents = plainDocuments(
        collectionOf(model),
        { userId },
        { sort, projection, idKey: 'id', batchSize: EXPORT_BATCH_SIZE },
      );
      let batch: object[] = [];
      let first = true;
      const writeBatch = async () => {
        if (batch.length === 0) return;
        await out.write(`${first ? '' : ','}${JSON.stringify(batch).slice(1, -1)}`);
        first = false;
        batch = [];
      };
      await out.write('[');
      for await (const document of documents) {
        batch.push(document);
        if (batch.length === JSON_BATCH_SIZE) await writeBatch();
      }
      await writeBatch();
      await out.write(']');
    };

    await out.write(`${JSON.stringify(head).slice(0, -1)},"sessions":`);
    await writeList(WorkoutSession, { startedAt: 1 });
    await out.write(',"progress":');
    await writeList(ProgressEntry, { date: 1 });
    await out.write(',"other":{');
    let firstModel = true;
    for (const [name, model] of otherModels()) {
      await out.write(`${firstModel ? '' : ','}${JSON.stringify(name)}:`);
      await writeList(model, { _id: 1 });
      firstModel = false;
    }
    await out.write('}}');
    await out.flush();
  }

  return { writeCsv, writeJson, usualUnit };
}

export type ExportService = ReturnType<typeof createExportService>;
