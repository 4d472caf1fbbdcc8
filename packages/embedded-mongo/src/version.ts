/**
 * The MongoDB versions the server answers as: 8.0 by default, 7.0 for code that must also work against a 7.0
 * deployment (the api falls back to one write command per collection there). Everything that differs between
 * them is listed here; handlers read it from their context (`context.server.version`).
 */
export type MongoVersion = '8.0' | '7.0';

export interface ServerVersion {
  readonly mongoVersion: MongoVersion;
  /** buildInfo's and serverStatus's version. */
  readonly release: string;
  readonly versionArray: readonly number[];
  /** hello's maxWireVersion, by which drivers choose what they send: 25 is MongoDB 8.0, 21 is 7.0. */
  readonly maxWireVersion: number;
  /** The admin command bulkWrite (8.0): writes to several collections in one command. */
  readonly bulkWrite: boolean;
  /** An update statement's `sort` (8.0): which of the matching documents a single update changes. */
  readonly updateSort: boolean;
  /** distinct's `hint` (7.1). */
  readonly distinctHint: boolean;
  /** An equality to null ($eq, $in, $lte / $gte) also matches BSON's Undefined, as before 8.0. */
  readonly nullMatchesUndefined: boolean;
}

export const SERVER_VERSIONS: Record<MongoVersion, ServerVersion> = {
  '8.0': {
    mongoVersion: '8.0',
    release: '8.0.0',
    versionArray: [8, 0, 0, 0],
    maxWireVersion: 25,
    bulkWrite: true,
    updateSort: true,
    distinctHint: true,
    nullMatchesUndefined: false,
  },
  '7.0': {
    mongoVersion: '7.0',
    release: '7.0.0',
    versionArray: [7, 0, 0, 0],
    maxWireVersion: 21,
    bulkWrite: false,
    updateSort: false,
    distinctHint: false,
    nullMatchesUndefined: true,
  },
};
