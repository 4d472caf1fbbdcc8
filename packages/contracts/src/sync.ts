import { z } from 'zod';
import {
  exercisesSchema,
  sessionSchema,
  weightUnitSchema,
  workoutDayIdSchema,
  workoutDaysSchema,
  workoutStateSchema,
} from './workouts';

/**
 * POST /api/sync: the browser's outbox of workout writes, sent in order and applied at most once each
 * (docs/product-rules.md, "Sync and conflicts"; docs/architecture.md, "Offline design").
 */

import { MAX_SYNC_OPERATIONS } from './rules/sync';

export { MAX_SYNC_OPERATIONS, SYNC_OTHER_USER_MESSAGE } from './rules/sync';

export const SYNC_OPERATION_TYPES = ['start', 'save', 'complete', 'end', 'resetDay'] as const;
export type SyncOperationType = (typeof SYNC_OPERATION_TYPES)[number];

const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO date' });

/** A client-made operation id: a UUID, or any 8 to 64 letters, digits, '-' and '_'. */
export const operationIdSchema = z
  .string({ error: 'must be an operation id' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'must be 8 to 64 letters, digits, - or _' });

/** A client-made session id: an ObjectId as 24 lower-case hex digits, so one session never has two spellings. */
export const clientSessionIdSchema = z
  .string({ error: 'must be a session id' })
  .regex(/^[a-f0-9]{24}$/, { error: 'must be 24 lower-case hex digits (an ObjectId)' });

const operationBase = {
  opId: operationIdSchema,
  /** When the user did it, by the device's clock: decides whether it was done while access held. */
  at: isoDate,
};

/** A workout started, with the id the client gave its session (a replay finds the same session). */
export const startOperationSchema = z.strictObject({
  ...operationBase,
  type: z.literal('start'),
  dayId: workoutDayIdSchema,
  sessionId: clientSessionIdSchema,
});

/** An autosave: the sets that changed (or all of them), matched by exercise and set id, as PUT /api/sessions/:id. */
export const saveOperationSchema = z.strictObject({
  ...operationBase,
  type: z.literal('save'),
  dayId: workoutDayIdSchema,
  sessionId: clientSessionIdSchema,
  exercises: exercisesSchema,
});

/** The workout finished: its sets become progress and the rotation advances once for this session. */
export const completeOperationSchema = z.strictObject({
  ...operationBase,
  type: z.literal('complete'),
  dayId: workoutDayIdSchema,
  sessionId: clientSessionIdSchema,
});

/** The workout exited (ended without completing). */
export const endOperationSchema = z.strictObject({
  ...operationBase,
  type: z.literal('end'),
  dayId: workoutDayIdSchema,
  sessionId: clientSessionIdSchema,
});

/** A day reset for a fresh performance (skipping the rest period); recorded progress stays. */
export const resetDayOperationSchema = z.strictObject({
  ...operationBase,
  type: z.literal('resetDay'),
  dayId: workoutDayIdSchema,
});

export const syncOperationSchema = z.discriminatedUnion(
  'type',
  [startOperationSchema, saveOperationSchema, completeOperationSchema, endOperationSchema, resetDayOperationSchema],
  { error: `must be one of ${SYNC_OPERATION_TYPES.join(', ')}` },
);
export type SyncOperation = z.infer<typeof syncOperationSchema>;

/**
 * The request body. Only each operation's opId is checked here: anything else wrong with an operation rejects that
 * operation alone (its answer says why), so one bad operation never blocks the outbox behind it.
 */
export const syncBatchBodySchema = z.strictObject({
  /**
   * The account the outbox belongs to: when another account is signed in on this browser now, the api answers 409
   * and applies nothing, so one user's outbox never lands in another's history.
   */
  userId: z.string({ error: 'must be a user id' }).max(64).optional(),
  operations: z
    .array(z.looseObject({ opId: operationIdSchema }, { error: 'must be an operation' }), {
      error: 'must be a list of operations',
    })
    .min(1, { error: 'must hold at least one operation' })
    .max(MAX_SYNC_OPERATIONS, { error: `must hold at most ${MAX_SYNC_OPERATIONS} operations` }),
});
export type SyncBatchBody = z.infer<typeof syncBatchBodySchema>;

/** Done: `note` is a one-line explanation when the server's state had moved meanwhile (the sets are saved anyway). */
const appliedOutcomeSchema = z.object({ status: z.literal('applied'), note: z.string().nullable() });
/** Refused for good (400): the client keeps the operation for export and moves on; re-sending it answers the same. */
const rejectedOutcomeSchema = z.object({
  status: z.literal('rejected'),
  httpStatus: z.literal(400),
  message: z.string(),
});

/** What an operation did the first time: a replay of its opId answers it as `original`. */
export const syncOutcomeSchema = z.discriminatedUnion('status', [appliedOutcomeSchema, rejectedOutcomeSchema]);
export type SyncOutcome = z.infer<typeof syncOutcomeSchema>;

const withOpId = { opId: z.string() };

/** The answer for one operation, in the order sent. */
export const syncResultSchema = z.discriminatedUnion('status', [
  appliedOutcomeSchema.extend(withOpId),
  rejectedOutcomeSchema.extend(withOpId),
  z.object({ ...withOpId, status: z.literal('duplicate'), original: syncOutcomeSchema }),
  /**
   * Not applied, not recorded (402): access ended before this operation's time, so it and every operation after it
   * in the batch stay in the outbox and apply after an upgrade. Sets completed before `acceptedUntil` were recorded;
   * later ones wait (null: every one waits until an upgrade).
   */
  z.object({
    ...withOpId,
    status: z.literal('waiting'),
    httpStatus: z.literal(402),
    message: z.string(),
    acceptedUntil: isoDate.nullable(),
  }),
]);
export type SyncResult = z.infer<typeof syncResultSchema>;

/** POST /api/sync: one result per operation, then the server's state after the batch, for the client to reconcile. */
export const syncBatchResponseSchema = z.object({
  results: z.array(syncResultSchema),
  workoutDays: workoutDaysSchema,
  workoutState: workoutStateSchema,
  /** The unfinished workout to offer for resume, as GET /api/sessions/open answers it (null: none). */
  openSession: sessionSchema.nullable(),
  /**
   * The version of the user's working sets: it moves with every change of a working set's entry and never with a
   * warm-up alone. The records and the goals are built from the working sets (and the goals), so a client asks them
   * again only when it moved. Absent from an api that predates it: then ask them after every answer.
   */
  workingSetsVersion: z.number().int().optional(),
  /**
   * The lifter's remembered unit after the batch (User's `weightUnit`: its saves may have moved it), so this device's
   * next exercise opens in it without reading the user again. Absent from an api that predates it.
   */
  weightUnit: weightUnitSchema.optional(),
});
export type SyncBatchResponse = z.infer<typeof syncBatchResponseSchema>;
