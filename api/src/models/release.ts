import { Schema, type Connection, type HydratedDocument, type Model } from 'mongoose';
import { remoteNames, type RemoteName } from '@hit/contracts';

/** A canary: `version` is served to `percent` % of visitors (their cohort decides which ones). */
export interface CanaryFields {
  version: string;
  /** 1-100 (a whole number). */
  percent: number;
}

/**
 * The release table: one document per remote that was ever released with `npm run release`. A remote without
 * one serves its newest build (so a fresh clone needs no release command).
 */
export interface ReleaseFields {
  /** The remote's Module Federation name (`mf_auth`). */
  remote: RemoteName;
  stable: string;
  canary?: CanaryFields | null;
  /** Earlier stable versions, the most recent last: `--rollback` pops it. */
  previousStables: string[];
  updatedAt: Date;
}

export type ReleaseDocument = HydratedDocument<ReleaseFields>;
export type ReleaseModel = Model<ReleaseFields>;

/** Rollback history kept per remote (the oldest entries are dropped beyond it). */
export const MAX_PREVIOUS_STABLES = 50;

const canarySchema = new Schema<CanaryFields>(
  {
    version: { type: String, required: true },
    percent: { type: Number, required: true, min: 1, max: 100, validate: Number.isInteger },
  },
  { _id: false },
);

const releaseSchema = new Schema<ReleaseFields>(
  {
    remote: { type: String, enum: remoteNames, required: true, unique: true },
    stable: { type: String, required: true },
    canary: { type: canarySchema, default: null },
    previousStables: { type: [String], default: [] },
  },
  {
    collection: 'releases',
    timestamps: { createdAt: false, updatedAt: true },
    // Two release commands at once: the second save fails instead of silently undoing the first.
    optimisticConcurrency: true,
  },
);

export function releaseModel(connection: Connection): ReleaseModel {
  return (
    (connection.models.Release as ReleaseModel | undefined) ?? connection.model<ReleaseFields>('Release', releaseSchema)
  );
}
