import type { Document } from 'bson';

/** MongoDB error codes the server answers with (names as in the server's error_codes.yml). */
export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  Unauthorized: 13,
  TypeMismatch: 14,
  InvalidLength: 16,
  IllegalOperation: 20,
  IndexNotFound: 27,
  NamespaceNotFound: 26,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  EmptyFieldName: 56,
  CursorNotFound: 43,
  NamespaceExists: 48,
  InvalidIdField: 53,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  InvalidNamespace: 73,
  CommandNotSupported: 115,
  InvalidPipelineOperator: 168,
  CommandNotSupportedOnView: 166,
  DollarPrefixedFieldName: 52,
  OptionNotSupportedOnView: 167,
  ViewDepthLimitExceeded: 149,
  Location16020: 16020,
  Location16870: 16870,
  Location40081: 40081,
  Location51024: 51024,
  Location40323: 40323,
  Location40324: 40324,
  InvalidIndexSpecificationOption: 197,
  Location40414: 40414,
  Location40415: 40415,
  DuplicateKey: 11000,
  ConversionFailure: 241,
  // Aggregation expressions (mongod's uassert codes).
  Location15955: 15955,
  Location16555: 16555,
  Location16556: 16556,
  Location16608: 16608,
  Location16609: 16609,
  Location16610: 16610,
  Location16611: 16611,
  Location16612: 16612,
  Location16613: 16613,
  Location17080: 17080,
  Location28667: 28667,
  Location28680: 28680,
  Location28689: 28689,
  Location28690: 28690,
  Location28691: 28691,
  Location28714: 28714,
  Location28756: 28756,
  Location28757: 28757,
  Location28758: 28758,
  Location28759: 28759,
  Location28762: 28762,
  Location28763: 28763,
  Location28764: 28764,
  Location28765: 28765,
  Location28766: 28766,
  Location40061: 40061,
  Location40237: 40237,
  Location40066: 40066,
  Location46081: 46081,
  Location46082: 46082,
  Location46083: 46083,
  Location46084: 46084,
  Location51081: 51081,
  Location51082: 51082,
  Location51083: 51083,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;

/**
 * An error a command answers with instead of a result. Thrown anywhere below the dispatcher, it becomes
 * `{ ok: 0, errmsg, code, codeName, ...extra }` (or one entry of `writeErrors`).
 */
export class CommandError extends Error {
  readonly code: number;

  constructor(
    readonly codeName: ErrorCodeName,
    message: string,
    /** Extra reply fields, e.g. keyPattern / keyValue of a duplicate key. */
    readonly extra: Document = {},
  ) {
    super(message);
    this.code = ErrorCode[codeName];
  }
}

/** Turns anything thrown while running a command into the reply fields MongoDB would send. */
export function errorFields(error: unknown): { errmsg: string; code: number; codeName: string } & Document {
  if (error instanceof CommandError) {
    return { errmsg: error.message, code: error.code, codeName: error.codeName, ...error.extra };
  }
  // mingo throws plain Errors for invalid operators/expressions: those are the client's bad input. Unknown
  // operators get mongod's answer.
  const message = error instanceof Error ? error.message : String(error);
  const unknownExpression = /^accumulator '(\$[^']*)' is not registered/.exec(message);
  if (unknownExpression) {
    return {
      errmsg: `Unrecognized expression '${unknownExpression[1]}'`,
      code: ErrorCode.InvalidPipelineOperator,
      codeName: 'InvalidPipelineOperator',
    };
  }
  const unknownOperator = /^unknown query operator (\$\S*)/.exec(message);
  if (unknownOperator) {
    return { errmsg: `unknown operator: ${unknownOperator[1]}`, code: ErrorCode.BadValue, codeName: 'BadValue' };
  }
  return { errmsg: message, code: ErrorCode.BadValue, codeName: 'BadValue' };
}
