import type { AnyBulkWriteOperation, AnyClientBulkWriteModel, Db, Document } from 'mongodb';

/** One write of a plan: the driver's client bulk-write model, without its namespace (the plan names the collection). */
export type PlannedWrite =
  | { name: 'insertOne'; document: Document }
  | { name: 'updateOne' | 'updateMany'; filter: Document; update: Document; upsert?: boolean }
  | { name: 'deleteOne' | 'deleteMany'; filter: Document };

interface Step {
  collectionName: string;
  write: PlannedWrite;
}

/** A mongoose model, as far as a plan needs it: its collection's name (the writer knows the database). */
interface ModelLike {
  collection: { collectionName: string };
}

/**
 * Writes to one or more collections that must be applied in this order: a write that fails stops every write after
 * it, as writes sent one after the other do. A request builds its plan, then `OrderedWriter.run` sends it.
 */
export class WritePlan {
  readonly steps: Step[] = [];

  add(model: ModelLike, ...writes: PlannedWrite[]): this {
    const { collectionName } = model.collection;
    for (const write of writes) this.steps.push({ collectionName, write });
    return this;
  }

  get isEmpty(): boolean {
    return this.steps.length === 0;
  }
}

export interface OrderedWriter {
  /** Applies the plan's writes in order; nothing is answered before all of them are acknowledged. */
  run(plan: WritePlan): Promise<void>;
  /** `run`, sent once more after a duplicate-key error (see runAgainOnDuplicateKey). */
  runAgainOnDuplicateKey(plan: WritePlan): Promise<void>;
}

/** The error of a command the server does not have (CommandNotFound): a server before MongoDB 8.0 has no bulkWrite. */
function isCommandNotFound(error: unknown): boolean {
  const e = error as { code?: number; cause?: { code?: number } } | null;
  return e?.code === 59 || e?.cause?.code === 59;
}

/** A write refused for a unique index (E11000), in the error of a single write or of either kind of bulk write. */
export function isDuplicateKeyError(error: unknown): boolean {
  const e = error as { code?: number; writeErrors?: unknown } | null;
  if (e?.code === 11000) return true;
  const { writeErrors } = e ?? {};
  const listed =
    writeErrors instanceof Map ? [...writeErrors.values()] : Array.isArray(writeErrors) ? writeErrors : [writeErrors];
  return listed.some((writeError) => (writeError as { code?: number } | undefined)?.code === 11000);
}

function collectionOperation(write: PlannedWrite): AnyBulkWriteOperation<Document> {
  const { name, ...fields } = write;
  return { [name]: fields } as unknown as AnyBulkWriteOperation<Document>;
}

/**
 * Sends a plan as one command where the server has MongoDB 8.0's `bulkWrite` (MongoClient.bulkWrite: writes to several
 * collections, ordered, in one round trip), else as one ordered command per run of writes to the same collection.
 * Which one is learnt from the server: the first plan sent to a server without the command is answered
 * CommandNotFound, having written nothing, and this writer sends every plan the other way from then on.
 */
export function orderedWriter(db: Db): OrderedWriter {
  let oneCommand = true;
  const clientModel = ({ collectionName, write }: Step) =>
    ({ namespace: `${db.databaseName}.${collectionName}`, ...write }) as AnyClientBulkWriteModel<Document>;

  async function run(plan: WritePlan): Promise<void> {
    if (plan.isEmpty) return;
    if (oneCommand) {
      try {
        await db.client.bulkWrite(plan.steps.map(clientModel), { ordered: true });
        return;
      } catch (error) {
        if (!isCommandNotFound(error)) throw error;
        oneCommand = false;
      }
    }
    for (let start = 0; start < plan.steps.length;) {
      const { collectionName } = plan.steps[start];
      let end = start + 1;
      while (end < plan.steps.length && plan.steps[end].collectionName === collectionName) end += 1;
      const operations = plan.steps.slice(start, end).map((step) => collectionOperation(step.write));
      await db.collection(collectionName).bulkWrite(operations, { ordered: true });
      start = end;
    }
  }

  /**
   * Two saves of one set at the same moment can both try to insert its entry: the second is refused (E11000) and, sent
   * again, updates it. Only for plans in which every write up to the last that can be refused so is an idempotent
   * upsert: the refused write stopped the plan where it was, so the writes after it (a version's `$inc`) are made once.
   */
  async function runAgainOnDuplicateKey(plan: WritePlan): Promise<void> {
    try {
      await run(plan);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      await run(plan);
    }
  }

  return { run, runAgainOnDuplicateKey };
}
