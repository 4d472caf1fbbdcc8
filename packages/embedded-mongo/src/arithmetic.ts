/**
 * Aggregation arithmetic with mongod's types (MongoDB 7.0). mingo computes expressions on plain JavaScript
 * numbers, where Int32 5, Long 5 and Double 5.0 are all 5: its $add of two doubles 2.5 + 2.5 gives 5, which
 * bson writes as an Int32; a Long above 2^53 loses digits and a Decimal128 is no number at all. The operators
 * here replace mingo's wherever a pipeline computes numbers (bsonquery.ts runPipeline, "typed" pipelines):
 * they take values in their decoded form (numbers.ts: a plain number is an Int32 or a Double as bson writes it,
 * Double, Long and Decimal128 wrappers for the rest) and give their result in that form, typed as mongod types
 * it:
 *
 * - $add, $subtract, $multiply: Int32 with Int32 is an Int32, a Long once it leaves int32 range; with a Long,
 *   a Long computed exactly ($add past int64 gives a Double, as mongod; $subtract and $multiply past int64 are
 *   refused: mongod 7.0 wraps those around, 7.1 gives a Double); a Double makes a Double; a Decimal128 makes
 *   an exact Decimal128 (numbers.ts decimal128 arithmetic). A Decimal128 meeting a Double is refused: which
 *   rounding of the double mongod applies depends on where in the operation it meets the decimal.
 * - $divide: always a Double, a Decimal128 when one is involved; $mod: fmod for doubles, the integer remainder
 *   (Int32 or Long) otherwise; $abs, $ceil, $floor, $round, $trunc keep the type (an Int32's $abs of -2^31 is a
 *   Long); $sqrt, $exp, $ln, $log, $log10 give doubles, $pow of integers is exact.
 * - $toInt, $toLong, $toDouble, $toDecimal and $convert to those types, with mongod's conversion errors
 *   (ConversionFailure) and onError / onNull.
 * - $sum, $avg, $min, $max (in $group and as expressions): $sum of Int32s is an Int32, a Long past int32, a
 *   Double past int64; of Doubles the correctly rounded sum (mongod sums in double-double); $avg a Double, or a
 *   Decimal128 when one is summed; $min / $max by BSON order, the value as it is.
 * - the comparisons ($eq, $cmp, ...), $in, truthiness ($cond, $and, $or, $not, $switch), $type, $isNumber and
 *   $arrayElemAt, which mingo would get wrong on a wrapper (a Double(0) is an object, so truthy).
 *
 * What a Decimal128 would need that is not here ($mod, $ceil/$floor/$round/$trunc of a decimal, $pow, $sqrt and
 * the logarithms of a decimal, a decimal mixed with a double) answers CommandNotSupported, never a guess.
 */
import { Context, evalExpr, OpType } from 'mingo/core';
import { Lazy } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import { Decimal128, type Document } from 'bson';
import { BSONUndefined } from './bsonbytes';
import { bsonTypeCode, compareBson } from './bsonorder';
import { compareValues, type StringOrder } from './compare';
import { CommandError, type ErrorCodeName } from './errors';
import {
  addDecimals,
  decimalFromDouble,
  decimalOf,
  divideDecimals,
  exactOfDouble,
  multiplyDecimals,
  nearestDouble,
  NUMBER_LIMITS,
  roundDecimal,
  safeOf,
  valueOfSafe,
  type DecimalParts,
  type Safe,
} from './numbers';
import { formatValue, keyOf, MISSING, valuesAtPath } from './values';

type Operator = (obj: unknown, expr: unknown, options: Options) => unknown;

const { INT64_MAX, INT64_MIN } = NUMBER_LIMITS;
const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/** mongod's type aliases by type code ($type's answer). */
const TYPE_NAMES: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  12: 'dbPointer',
  13: 'javascript',
  14: 'symbol',
  15: 'javascriptWithScope',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};

/** The type alias of a value as mongod's messages and $type name it ('missing' for a missing value). */
export function typeName(value: unknown): string {
  const code = bsonTypeCode(value);
  return code === undefined ? 'missing' : TYPE_NAMES[code];
}

function fail(code: ErrorCodeName, message: string): never {
  throw new CommandError(code, message);
}

function unsupported(what: string): never {
  throw new CommandError('CommandNotSupported', `${what} is not supported by the embedded MongoDB server`);
}

/** null, a missing value or BSON undefined: what makes an arithmetic expression answer null. */
function isNullish(value: unknown): boolean {
  return value === null || value === undefined || value === MISSING || bsonTypeCode(value) === 6;
}

/** mongod's Value::coerceToBool: false, null, missing, undefined and a zero of any numeric type are false. */
export function truthy(value: unknown): boolean {
  if (isNullish(value) || value === false) return false;
  const safe = safeOf(value);
  if (!safe) return true;
  if (safe.kind === 'decimal') return !(safe.value.kind === 'finite' && safe.value.coefficient === 0n);
  return safe.kind === 'long' ? safe.value !== 0n : safe.value !== 0;
}

/** An operator's arguments, evaluated: an array expression is its list, anything else one argument. */
function argumentsOf(obj: unknown, expr: unknown, options: Options): unknown[] {
  const values = evalExpr(obj, expr, options) as unknown;
  return Array.isArray(expr) ? (values as unknown[]) : [values];
}

function exactly(name: string, count: number, args: unknown[]): void {
  if (args.length !== count) {
    fail('Location16020', `Expression ${name} takes exactly ${count} arguments. ${args.length} were passed in.`);
  }
}

/* ------------------------------------------------------------------ values of each kind */

function intOrLong(value: bigint): Safe {
  return value >= INT32_MIN && value <= INT32_MAX ? { kind: 'int', value: Number(value) } : { kind: 'long', value };
}

function fitsInt64(value: bigint): boolean {
  return value >= INT64_MIN && value <= INT64_MAX;
}

function bigOf(safe: Safe): bigint {
  return safe.kind === 'long' ? safe.value : BigInt(safe.value as number);
}

/** Value::coerceToDouble: a long rounds to the nearest double, a decimal too. */
function doubleOf(safe: Safe): number {
  switch (safe.kind) {
    case 'long':
      return Number(safe.value);
    case 'decimal':
      return decimalToDouble(safe.value);
    default:
      return safe.value;
  }
}

/** An int or long as a decimal, exactly (exponent 0). */
function decimalOfInteger(value: bigint): DecimalParts {
  return { kind: 'finite', negative: value < 0n, coefficient: value < 0n ? -value : value, exponent: 0 };
}

/** The decimal an int, long or decimal operand stands for; a double meeting a decimal is refused. */
function decimalOperand(safe: Safe, operator: string): DecimalParts {
  if (safe.kind === 'decimal') return safe.value;
  if (safe.kind === 'double') unsupported(`${operator} of a Decimal128 with a double`);
  return decimalOfInteger(bigOf(safe));
}

function decimalToDouble(parts: DecimalParts): number {
  if (parts.kind === 'nan') return NaN;
  if (parts.kind === 'inf') return parts.negative ? -Infinity : Infinity;
  const value = nearestDouble({ coefficient: parts.coefficient, exponent: parts.exponent });
  return parts.negative ? -value : value;
}

function widest(kinds: Safe['kind'][]): Safe['kind'] {
  if (kinds.includes('decimal')) return 'decimal';
  if (kinds.includes('double')) return 'double';
  if (kinds.includes('long')) return 'long';
  return 'int';
}

function isDecimalZero(parts: DecimalParts): boolean {
  return parts.kind === 'finite' && parts.coefficient === 0n;
}

/* ------------------------------------------------------------------ $add, $subtract, $multiply, $divide */

const $add: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  let date: Date | undefined;
  const numbers: Safe[] = [];
  for (const arg of args) {
    if (isNullish(arg)) return null;
    if (arg instanceof Date) {
      if (date) fail('Location16612', 'only one date allowed in an $add expression');
      date = arg;
      continue;
    }
    const safe = safeOf(arg);
    if (!safe) fail('TypeMismatch', `$add only supports numeric or date types, not ${typeName(arg)}`);
    numbers.push(safe);
  }
  const kind = widest(numbers.map((n) => n.kind));
  if (kind === 'decimal') {
    if (date) unsupported('$add of a date and a Decimal128');
    let total: DecimalParts = decimalOfInteger(0n);
    for (const n of numbers) total = addDecimals(total, decimalOperand(n, '$add'));
    return decimalOf(total);
  }
  // As mongod's AddState: an exact long total, which turns into a double total once it would leave int64.
  let long = date ? BigInt(date.getTime()) : 0n;
  let double: number | undefined;
  for (const n of numbers) {
    if (double === undefined && n.kind !== 'double') {
      const next = long + bigOf(n);
      if (fitsInt64(next)) long = next;
      else double = Number(long) + doubleOf(n);
    } else if (double === undefined) double = Number(long) + doubleOf(n);
    else double += doubleOf(n);
  }
  if (date) {
    if (double === undefined) return new Date(Number(long));
    // llround: half away from zero.
    return new Date(Math.sign(double) * Math.round(Math.abs(double)));
  }
  if (double !== undefined || kind === 'double') return valueOfSafe({ kind: 'double', value: double ?? Number(long) });
  return valueOfSafe(kind === 'int' ? intOrLong(long) : { kind: 'long', value: long });
};

const $subtract: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$subtract', 2, args);
  const [lhs, rhs] = args;
  const left = safeOf(lhs);
  const right = safeOf(rhs);
  if (left && right) {
    const kind = widest([left.kind, right.kind]);
    if (kind === 'decimal') {
      const negated = decimalOperand(right, '$subtract');
      const minus = negated.kind === 'nan' ? negated : { ...negated, negative: !negated.negative };
      return decimalOf(addDecimals(decimalOperand(left, '$subtract'), minus as DecimalParts));
    }
    if (kind === 'double') return valueOfSafe({ kind: 'double', value: doubleOf(left) - doubleOf(right) });
    const difference = bigOf(left) - bigOf(right);
    if (kind === 'int') return valueOfSafe(intOrLong(difference));
    if (!fitsInt64(difference)) unsupported('$subtract of longs past the 64-bit range (mongod 7.0 wraps it around)');
    return valueOfSafe({ kind: 'long', value: difference });
  }
  if (isNullish(lhs) || isNullish(rhs)) return null;
  if (lhs instanceof Date) {
    if (rhs instanceof Date) return valueOfSafe({ kind: 'long', value: BigInt(lhs.getTime() - rhs.getTime()) });
    if (right) {
      if (right.kind === 'decimal') unsupported('$subtract of a Decimal128 from a date');
      const millis = right.kind === 'double' ? Math.trunc(right.value) : Number(bigOf(right));
      return new Date(lhs.getTime() - millis);
    }
    fail('Location16613', `can't $subtract ${typeName(rhs)} from Date`);
  }
  fail('Location16556', `can't $subtract ${typeName(rhs)} from ${typeName(lhs)}`);
};

const $multiply: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  const numbers: Safe[] = [];
  for (const arg of args) {
    if (isNullish(arg)) return null;
    const safe = safeOf(arg);
    if (!safe) fail('Location16555', `$multiply only supports numeric types, not ${typeName(arg)}`);
    numbers.push(safe);
  }
  const kind = widest(numbers.map((n) => n.kind));
  if (kind === 'decimal') {
    let product: DecimalParts = decimalOfInteger(1n);
    for (const n of numbers) product = multiplyDecimals(product, decimalOperand(n, '$multiply'));
    return decimalOf(product);
  }
  if (kind === 'double') {
    let product = 1;
    for (const n of numbers) product *= doubleOf(n);
    return valueOfSafe({ kind: 'double', value: product });
  }
  let product = 1n;
  for (const n of numbers) {
    product *= bigOf(n);
    if (!fitsInt64(product)) unsupported('$multiply of longs past the 64-bit range (mongod 7.0 wraps it around)');
  }
  return valueOfSafe(kind === 'int' ? intOrLong(product) : { kind: 'long', value: product });
};

const $divide: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$divide', 2, args);
  const [lhs, rhs] = args;
  const numerator = safeOf(lhs);
  const denominator = safeOf(rhs);
  if (numerator && denominator) {
    if (numerator.kind === 'decimal' || denominator.kind === 'decimal') {
      const divisor = decimalOperand(denominator, '$divide');
      if (isDecimalZero(divisor)) fail('Location16608', "can't $divide by zero");
      return decimalOf(divideDecimals(decimalOperand(numerator, '$divide'), divisor));
    }
    const divisor = doubleOf(denominator);
    if (divisor === 0) fail('Location16608', "can't $divide by zero");
    return valueOfSafe({ kind: 'double', value: doubleOf(numerator) / divisor });
  }
  if (isNullish(lhs) || isNullish(rhs)) return null;
  fail('Location16609', `$divide only supports numeric types, not ${typeName(lhs)} and ${typeName(rhs)}`);
};

/** mongoSafeMod: C's truncated remainder, with MIN % -1 = 0 instead of a trap. */
function integerRemainder(left: bigint, right: bigint): bigint {
  return right === -1n ? 0n : left % right;
}

const $mod: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$mod', 2, args);
  const [lhs, rhs] = args;
  const left = safeOf(lhs);
  const right = safeOf(rhs);
  if (left && right) {
    if (left.kind === 'decimal' || right.kind === 'decimal') unsupported('$mod of a Decimal128');
    const divisor = doubleOf(right);
    if (divisor === 0) fail('Location16610', "can't $mod by zero");
    if (left.kind === 'double' || (right.kind === 'double' && !Number.isInteger(right.value))) {
      // fmod, which JavaScript's % is for doubles.
      return valueOfSafe({ kind: 'double', value: doubleOf(left) % divisor });
    }
    const dividend = bigOf(left);
    const by = right.kind === 'double' ? BigInt(right.value) : bigOf(right);
    if (left.kind === 'long' || right.kind === 'long') {
      return valueOfSafe({ kind: 'long', value: integerRemainder(dividend, by) });
    }
    // Both ints (or an integral double divisor, which mongod coerces to an int).
    return valueOfSafe({ kind: 'int', value: Number(integerRemainder(dividend, BigInt.asIntN(32, by))) });
  }
  if (isNullish(lhs) || isNullish(rhs)) return null;
  fail('Location16611', `$mod only supports numeric types, not ${typeName(lhs)} and ${typeName(rhs)}`);
};

/* ------------------------------------------------------------------ one-number operators */

/** An operator of one numeric argument (mongod's ExpressionSingleNumericArg): null for null, else a number. */
function singleNumeric(name: string, apply: (safe: Safe) => unknown): Operator {
  return (obj, expr, options) => {
    const args = argumentsOf(obj, expr, options);
    exactly(name, 1, args);
    const [arg] = args;
    if (isNullish(arg)) return null;
    const safe = safeOf(arg);
    if (!safe) fail('Location28765', `${name} only supports numeric types, not ${typeName(arg)}`);
    return apply(safe);
  };
}

const $abs = singleNumeric('$abs', (safe) => {
  switch (safe.kind) {
    case 'double':
      return valueOfSafe({ kind: 'double', value: Math.abs(safe.value) });
    case 'decimal':
      return decimalOf(safe.value.kind === 'nan' ? safe.value : { ...safe.value, negative: false });
    case 'long':
      if (safe.value === INT64_MIN) fail('Location28680', "can't take $abs of long long min");
      return valueOfSafe({ kind: 'long', value: safe.value < 0n ? -safe.value : safe.value });
    case 'int':
      return valueOfSafe(intOrLong(BigInt(Math.abs(safe.value))));
  }
});

/** $ceil, $floor: an int or long as it is, a double rounded as C's ceil / floor. */
function integral(name: string, round: (value: number) => number): Operator {
  return singleNumeric(name, (safe) => {
    if (safe.kind === 'decimal') unsupported(`${name} of a Decimal128`);
    if (safe.kind === 'double') return valueOfSafe({ kind: 'double', value: round(safe.value) });
    return valueOfSafe(safe);
  });
}

/** A double function of one number: a double result ($sqrt, $exp, $ln, $log10). */
function doubleFunction(name: string, apply: (value: number) => number, domain?: [(v: number) => boolean, string]) {
  return singleNumeric(name, (safe) => {
    if (safe.kind === 'decimal') unsupported(`${name} of a Decimal128`);
    const value = doubleOf(safe);
    if (domain && !domain[0](value)) fail(name === '$sqrt' ? 'Location28714' : 'Location28766', domain[1]);
    return valueOfSafe({ kind: 'double', value: apply(value) });
  });
}

/**
 * $round and $trunc: [number, place]. A double is rounded at a decimal place through its value rounded to 34
 * digits (as mongod); an int or long with a place of 0 or more is as it is; a negative place for an integer
 * and any Decimal128 are refused.
 */
function roundAt(name: string, mode: 'even' | 'zero'): Operator {
  return (obj, expr, options) => {
    const args = argumentsOf(obj, expr, options);
    if (args.length < 1 || args.length > 2) {
      fail(
        'Location28667',
        `Expression ${name} takes at least 1 argument, and at most 2, but ${args.length} were passed in.`,
      );
    }
    const [arg, placeArg = 0] = args;
    if (isNullish(arg) || isNullish(placeArg)) return null;
    const safe = safeOf(arg);
    if (!safe) fail('Location51081', `${name} only supports numeric types, not ${typeName(arg)}`);
    const placeSafe = safeOf(placeArg);
    const place = placeSafe ? doubleOf(placeSafe) : NaN;
    if (!Number.isInteger(place)) fail('Location51082', `precision argument to  ${name} must be a integral value`);
    if (place < -20 || place > 100) {
      fail('Location51083', `cannot apply ${name} with precision value ${place} value must be in [-20, 100]`);
    }
    if (safe.kind === 'decimal') unsupported(`${name} of a Decimal128`);
    if (safe.kind !== 'double') {
      if (place < 0) unsupported(`${name} of an integer at a negative place`);
      return valueOfSafe(safe);
    }
    const value = safe.value;
    if (!Number.isFinite(value) || value === 0) return valueOfSafe(safe);
    const exact = exactOfDouble(Math.abs(value));
    const rounded = roundDecimal(false, exact.coefficient, exact.exponent) as DecimalParts & { kind: 'finite' };
    let { coefficient, exponent } = rounded;
    if (exponent < -place) {
      const divisor = 10n ** BigInt(-place - exponent);
      const quotient = coefficient / divisor;
      const remainder = coefficient - quotient * divisor;
      let result = quotient;
      if (mode === 'even' && (remainder * 2n > divisor || (remainder * 2n === divisor && quotient % 2n === 1n))) {
        result += 1n;
      }
      coefficient = result;
      exponent = -place;
    }
    const magnitude = nearestDouble({ coefficient, exponent });
    return valueOfSafe({ kind: 'double', value: value < 0 ? -magnitude : magnitude });
  };
}

const $pow: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$pow', 2, args);
  const [baseArg, exponentArg] = args;
  if (isNullish(baseArg) || isNullish(exponentArg)) return null;
  const base = safeOf(baseArg);
  const exponent = safeOf(exponentArg);
  if (!base) fail('Location28762', `$pow's base must be numeric, not ${typeName(baseArg)}`);
  if (!exponent) fail('Location28763', `$pow's exponent must be numeric, not ${typeName(exponentArg)}`);
  if (base.kind === 'decimal' || exponent.kind === 'decimal') unsupported('$pow of a Decimal128');
  if (base.kind === 'double' || exponent.kind === 'double') {
    return valueOfSafe({ kind: 'double', value: Math.pow(doubleOf(base), doubleOf(exponent)) });
  }
  const b = bigOf(base);
  const e = bigOf(exponent);
  if (b === 0n && e < 0n) fail('Location28764', '$pow cannot take a base of 0 and a negative exponent');
  const kind = base.kind === 'int' && exponent.kind === 'int' ? 'int' : 'long';
  const typed = (value: bigint): unknown => valueOfSafe(kind === 'int' ? intOrLong(value) : { kind: 'long', value });
  if (e < 0n) {
    // Only 1 and -1 have an integral negative power; anything else is a double.
    if (b === 1n) return typed(1n);
    if (b === -1n) return typed(e % 2n === 0n ? 1n : -1n);
    return valueOfSafe({ kind: 'double', value: Math.pow(Number(b), Number(e)) });
  }
  // Exact while it stays within int64; past that, a double, as mongod.
  let result = 1n;
  for (let i = 0n; i < e; i++) {
    result *= b;
    if (!fitsInt64(result)) return valueOfSafe({ kind: 'double', value: Math.pow(Number(b), Number(e)) });
    if (result === 0n || result === 1n) break;
  }
  if (result === 1n && b === -1n) result = e % 2n === 0n ? 1n : -1n;
  return typed(result);
};

const $log: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$log', 2, args);
  const [valueArg, baseArg] = args;
  if (isNullish(valueArg) || isNullish(baseArg)) return null;
  const value = safeOf(valueArg);
  const base = safeOf(baseArg);
  if (!value) fail('Location28756', `$log's argument must be numeric, not ${typeName(valueArg)}`);
  if (!base) fail('Location28757', `$log's base must be numeric, not ${typeName(baseArg)}`);
  if (value.kind === 'decimal' || base.kind === 'decimal') unsupported('$log of a Decimal128');
  const x = doubleOf(value);
  const b = doubleOf(base);
  if (!(x > 0)) fail('Location28758', `$log's argument must be a positive number, but is ${x}`);
  if (!(b > 0) || b === 1) fail('Location28759', `$log's base must be a positive number not equal to 1, but is ${b}`);
  return valueOfSafe({ kind: 'double', value: Math.log(x) / Math.log(b) });
};

/* ------------------------------------------------------------------ conversions */

type Target = 'int' | 'long' | 'double' | 'decimal';

const TARGETS: Record<string, Target> = { int: 'int', long: 'long', double: 'double', decimal: 'decimal' };
const TARGET_CODES: Record<number, Target> = { 16: 'int', 18: 'long', 1: 'double', 19: 'decimal' };

class ConversionError extends CommandError {
  constructor(message: string) {
    super('ConversionFailure', message);
  }
}

function conversionFailure(message: string): never {
  throw new ConversionError(`${message} in $convert with no onError value`);
}

/** An integer of a target type from an exact integer, or a failure past its range. */
function integerOf(value: bigint, target: 'int' | 'long', shown: string): unknown {
  const fits = target === 'int' ? value >= INT32_MIN && value <= INT32_MAX : fitsInt64(value);
  if (!fits) conversionFailure(`Conversion would overflow target type${shown ? `: ${shown}` : ''}`);
  return valueOfSafe(target === 'int' ? { kind: 'int', value: Number(value) } : { kind: 'long', value });
}

/** A string's number as mongod's $convert parses it (base 10, the whole string). */
function parseNumber(text: string, target: Target): unknown {
  const failure = () => conversionFailure(`Failed to parse number '${text}'`);
  if (target === 'int' || target === 'long') {
    if (!/^-?[0-9]+$/.test(text)) failure();
    return integerOf(BigInt(text), target, text);
  }
  if (target === 'double') {
    if (!/^-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/.test(text)) failure();
    return valueOfSafe({ kind: 'double', value: Number(text) });
  }
  try {
    return Decimal128.fromString(text);
  } catch {
    return failure();
  }
}

/** $convert's conversion of a non-null value to a numeric type (mongod's conversion table). */
function convertValue(value: unknown, target: Target): unknown {
  if (typeof value === 'boolean') return convertValue(value ? 1 : 0, target);
  if (typeof value === 'string') return parseNumber(value, target);
  if (value instanceof Date) {
    if (target === 'int') conversionFailure('Unsupported conversion from date to int');
    return convertValue(valueOfSafe({ kind: 'long', value: BigInt(value.getTime()) }), target);
  }
  const safe = safeOf(value);
  if (!safe) conversionFailure(`Unsupported conversion from ${typeName(value)} to ${target}`);
  switch (target) {
    case 'double':
      if (safe.kind === 'decimal') {
        const result = decimalToDouble(safe.value);
        const zero = isDecimalZero(safe.value);
        if ((safe.value.kind === 'finite' && !Number.isFinite(result)) || (!zero && result === 0)) {
          conversionFailure(`Conversion would overflow target type: ${decimalOf(safe.value).toString()}`);
        }
        return valueOfSafe({ kind: 'double', value: result });
      }
      return valueOfSafe({ kind: 'double', value: doubleOf(safe) });
    case 'decimal':
      if (safe.kind === 'decimal') return value;
      // A double becomes the decimal of its value rounded to 15 digits (5.5 -> 5.50000000000000), as mongod.
      if (safe.kind === 'double') return decimalOf(decimalFromDouble(safe.value));
      return decimalOf(decimalOfInteger(bigOf(safe)));
    default: {
      if (safe.kind === 'int' || safe.kind === 'long') return integerOf(bigOf(safe), target, String(bigOf(safe)));
      if (safe.kind === 'double') {
        const number = safe.value;
        if (number !== number) conversionFailure('Attempt to convert NaN value to integer type');
        if (!Number.isFinite(number)) conversionFailure('Attempt to convert infinity value to integer type');
        return integerOf(BigInt(Math.trunc(number)), target, String(number));
      }
      const parts = safe.value;
      if (parts.kind === 'nan') conversionFailure('Attempt to convert NaN value to integer type');
      if (parts.kind === 'inf') conversionFailure('Attempt to convert infinity value to integer type');
      // Truncated toward zero.
      const magnitude =
        parts.exponent >= 0
          ? parts.coefficient * 10n ** BigInt(parts.exponent)
          : parts.coefficient / 10n ** BigInt(-parts.exponent);
      return integerOf(parts.negative ? -magnitude : magnitude, target, decimalOf(parts).toString());
    }
  }
}

/** $toInt, $toLong, $toDouble, $toDecimal: $convert without onError / onNull. */
function toType(target: Target): Operator {
  return (obj, expr, options) => {
    const args = argumentsOf(obj, expr, options);
    exactly(`$to${target[0].toUpperCase()}${target.slice(1)}`, 1, args);
    const [value] = args;
    return isNullish(value) ? null : convertValue(value, target);
  };
}

const $convert: Operator = (obj, expr, options) => {
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr)) {
    fail('Location46082', '$convert expects an object of named arguments but found: ' + typeName(expr));
  }
  const spec = expr as Document;
  for (const key of Object.keys(spec)) {
    if (!['input', 'to', 'onError', 'onNull'].includes(key)) {
      fail('Location46081', `$convert found an unknown argument: ${key}`);
    }
  }
  if (!('input' in spec)) fail('Location46083', "Missing 'input' parameter to $convert");
  if (!('to' in spec)) fail('Location46084', "Missing 'to' parameter to $convert");
  const to = evalExpr(obj, spec.to, options) as unknown;
  const code = safeOf(to);
  let target: Target | undefined;
  if (typeof to === 'string') target = TARGETS[to];
  else if (code && code.kind !== 'decimal') target = TARGET_CODES[doubleOf(code)];
  if (isNullish(to)) return null;
  // Conversions to the other types (string, bool, date, objectId) are left to refuse rather than guess.
  if (!target) unsupported(`$convert to ${formatValue(to)}`);
  const input = evalExpr(obj, spec.input, options) as unknown;
  if (isNullish(input)) return 'onNull' in spec ? evalExpr(obj, spec.onNull, options) : null;
  try {
    return convertValue(input, target);
  } catch (error) {
    if (error instanceof ConversionError && 'onError' in spec) return evalExpr(obj, spec.onError, options);
    throw error;
  }
};

/* ------------------------------------------------------------------ $sum, $avg, $min, $max */

/**
 * mongod's AccumulatorSum / AccumulatorAvg state: ints and longs summed exactly, doubles exactly too (mongod's
 * double-double summation rounds the exact sum correctly), decimals as decimals.
 */
class Summation {
  private kind: Safe['kind'] = 'int';
  private integer = 0n;
  /** The doubles' exact sum, as a decimal coefficient and exponent. */
  private fraction = { coefficient: 0n, exponent: 0 };
  /** NaN and infinities, which an exact sum cannot hold. */
  private special = 0;
  private decimal: DecimalParts = decimalOfInteger(0n);
  private sawDouble = false;
  private sawDecimal = false;
  count = 0;

  add(value: unknown): void {
    const safe = safeOf(value);
    if (!safe) return;
    this.count += 1;
    this.kind = widest([this.kind, safe.kind]);
    switch (safe.kind) {
      case 'int':
      case 'long':
        this.integer += bigOf(safe);
        break;
      case 'double': {
        this.sawDouble = true;
        if (!Number.isFinite(safe.value)) {
          this.special += safe.value;
          break;
        }
        const exact = exactOfDouble(safe.value);
        const exponent = Math.min(exact.exponent, this.fraction.exponent);
        this.fraction = {
          coefficient:
            this.fraction.coefficient * 10n ** BigInt(this.fraction.exponent - exponent) +
            exact.coefficient * 10n ** BigInt(exact.exponent - exponent),
          exponent,
        };
        break;
      }
      case 'decimal':
        this.sawDecimal = true;
        this.decimal = addDecimals(this.decimal, safe.value);
        break;
    }
  }

  /** The sum of the non-decimal values as a double (correctly rounded), NaN and infinities included. */
  private double(): number {
    if (this.special !== 0 || this.special !== this.special) return this.special;
    const exponent = this.fraction.exponent;
    const coefficient = this.fraction.coefficient + this.integer * 10n ** BigInt(-exponent);
    return nearestDouble({ coefficient, exponent });
  }

  /** The decimal total (the decimals' sum plus the others' exactly); a double among decimals is refused. */
  private decimalTotal(operator: string): DecimalParts {
    if (this.sawDouble) unsupported(`${operator} of Decimal128 values with doubles`);
    return addDecimals(this.decimal, decimalOfInteger(this.integer));
  }

  sum(): unknown {
    switch (this.kind) {
      case 'decimal':
        return decimalOf(this.decimalTotal('$sum'));
      case 'double':
        return valueOfSafe({ kind: 'double', value: this.double() });
      default:
        // An int sum is an int, a long past int32; past int64 a double (mongod's $sum does not fail).
        if (!fitsInt64(this.integer)) return valueOfSafe({ kind: 'double', value: this.double() });
        return valueOfSafe(this.kind === 'int' ? intOrLong(this.integer) : { kind: 'long', value: this.integer });
    }
  }

  average(): unknown {
    if (this.count === 0) return null;
    if (this.sawDecimal) {
      return decimalOf(divideDecimals(this.decimalTotal('$avg'), decimalOfInteger(BigInt(this.count))));
    }
    return valueOfSafe({ kind: 'double', value: this.double() / this.count });
  }
}

/**
 * The values an accumulator takes: in $group (obj is the group's documents) the expression's value for each
 * document; as an expression, its operands, or the elements of its single operand when that is an array.
 */
function accumulated(obj: unknown, expr: unknown, options: Options): unknown[] {
  if (Array.isArray(obj)) {
    const push = options.context.getOperator(OpType.ACCUMULATOR, '$push') as (
      c: unknown[],
      e: unknown,
      o: Options,
    ) => unknown[];
    return push(obj, expr, options);
  }
  const value = evalExpr(obj, expr, options) as unknown;
  if (Array.isArray(expr)) return value as unknown[];
  return Array.isArray(value) ? value : [value];
}

const $sum: Operator = (obj, expr, options) => {
  const summation = new Summation();
  // In $group, an array value is not a number; as an expression, a single array operand is summed.
  for (const value of accumulated(obj, expr, options)) summation.add(value);
  return summation.sum();
};

const $avg: Operator = (obj, expr, options) => {
  const summation = new Summation();
  for (const value of accumulated(obj, expr, options)) summation.add(value);
  return summation.average();
};

/** $min / $max: the smallest (largest) value by BSON order, null and missing values left out. */
function extreme(direction: 1 | -1): Operator {
  return (obj, expr, options) => {
    let best: unknown = null;
    for (const value of accumulated(obj, expr, options)) {
      if (isNullish(value)) continue;
      if (best === null || compareBson(value, best) * direction < 0) best = value;
    }
    return best;
  };
}

/** $addToSet: the distinct values, in the order first seen; Int32 5, Long 5 and Double 5.0 are one value. */
const $addToSet: Operator = (obj, expr, options) => {
  const seen = new Map<string, unknown>();
  for (const value of accumulated(obj, expr, options)) {
    if (value === undefined || value === MISSING) continue;
    const key = keyOf(value);
    if (!seen.has(key)) seen.set(key, value);
  }
  return [...seen.values()];
};

/**
 * $toString of the types whose text is certain: strings, ints, longs, decimals (their IEEE 754 text, 2.50 as
 * "2.50"), booleans, ObjectIds (hex) and dates (ISO 8601 in UTC, as mongod's %Y-%m-%dT%H:%M:%S.%LZ). A double is
 * refused: mongod prints it its own way (shortest digits, exponents), which this server does not reproduce.
 */
const $toString: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$toString', 1, args);
  const [value] = args;
  if (isNullish(value)) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    const year = value.getUTCFullYear();
    if (year < 0 || year > 9999) unsupported('$toString of a date outside the years 0 to 9999');
    return value.toISOString();
  }
  const type = bsonTypeCode(value);
  if (type === 7) return (value as { toHexString(): string }).toHexString();
  if (type === 14) return String(value);
  const safe = safeOf(value);
  if (!safe) conversionFailure(`Unsupported conversion from ${typeName(value)} to string`);
  if (safe.kind === 'double') unsupported('$toString of a double');
  return safe.kind === 'decimal' ? decimalOf(safe.value).toString() : String(bigOf(safe));
};

/* ------------------------------------------------------------------ comparisons, truthiness, types */

/**
 * mongod's comparison of expression values: a missing value (mingo's undefined) ranks with BSON's Undefined, below
 * null and above MinKey (`{ $eq: ['$missing', null] }` is false), everything else in BSON order.
 */
function compareOperands(a: unknown, b: unknown): number {
  const aMissing = a === undefined || a instanceof BSONUndefined;
  const bMissing = b === undefined || b instanceof BSONUndefined;
  if (!aMissing && !bMissing) return compareBson(a, b);
  if (aMissing && bMissing) return 0;
  const otherIsMinKey = bsonTypeCode(aMissing ? b : a) === -1;
  return (aMissing ? -1 : 1) * (otherIsMinKey ? -1 : 1);
}

function comparison(name: string, result: (comparison: number) => unknown): Operator {
  return (obj, expr, options) => {
    const args = argumentsOf(obj, expr, options);
    exactly(name, 2, args);
    return result(compareOperands(args[0], args[1]));
  };
}

const $in: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$in', 2, args);
  if (!Array.isArray(args[1])) fail('Location40081', '$in requires an array as a second argument');
  return args[1].some((element: unknown) => compareOperands(args[0], element) === 0);
};

const $cond: Operator = (obj, expr, options) => {
  let branches: unknown[];
  if (Array.isArray(expr)) branches = expr;
  else if (expr !== null && typeof expr === 'object') {
    const spec = expr as Document;
    for (const key of ['if', 'then', 'else'])
      if (!(key in spec)) fail('Location17080', `Missing '${key}' parameter to $cond`);
    branches = [spec.if, spec.then, spec.else];
  } else branches = [];
  exactly('$cond', 3, branches);
  const condition = truthy(evalExpr(obj, branches[0], options));
  return evalExpr(obj, condition ? branches[1] : branches[2], options);
};

const $switch: Operator = (obj, expr, options) => {
  const spec = (expr ?? {}) as Document;
  if (!Array.isArray(spec.branches)) fail('Location40061', '$switch requires at least one branch.');
  for (const branch of spec.branches as Document[]) {
    if (truthy(evalExpr(obj, branch.case, options))) return evalExpr(obj, branch.then, options);
  }
  if (!('default' in spec)) {
    fail('Location40066', '$switch could not find a matching branch for an input, and no default was specified.');
  }
  return evalExpr(obj, spec.default, options);
};

const $and: Operator = (obj, expr, options) => {
  for (const operand of Array.isArray(expr) ? expr : [expr]) if (!truthy(evalExpr(obj, operand, options))) return false;
  return true;
};

const $or: Operator = (obj, expr, options) => {
  for (const operand of Array.isArray(expr) ? expr : [expr]) if (truthy(evalExpr(obj, operand, options))) return true;
  return false;
};

const $not: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$not', 1, args);
  return !truthy(args[0]);
};

const $type: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$type', 1, args);
  return typeName(args[0]);
};

const $isNumber: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$isNumber', 1, args);
  return safeOf(args[0]) !== undefined;
};

const $arrayElemAt: Operator = (obj, expr, options) => {
  const args = argumentsOf(obj, expr, options);
  exactly('$arrayElemAt', 2, args);
  const [array, indexArg] = args;
  if (isNullish(array) || isNullish(indexArg)) return null;
  if (!Array.isArray(array)) {
    fail('Location28689', `$arrayElemAt's first argument must be an array, but is ${typeName(array)}`);
  }
  const index = safeOf(indexArg);
  if (!index)
    fail('Location28690', `$arrayElemAt's second argument must be a numeric value, but is ${typeName(indexArg)}`);
  const position = doubleOf(index);
  if (!Number.isInteger(position) || position < -(2 ** 31) || position >= 2 ** 31) {
    fail('Location28691', `$arrayElemAt's second argument must be representable as a 32-bit integer: ${position}`);
  }
  const at = position < 0 ? array.length + position : position;
  // Out of range: missing, so the field is not set.
  return at >= 0 && at < array.length ? array[at] : undefined;
};

/* ------------------------------------------------------------------ stages */

/** The value a document sorts by: for an array, its smallest element ascending and largest descending. */
function sortValue(doc: unknown, path: string, direction: number, order?: StringOrder): unknown {
  const values = valuesAtPath(doc, path).filter((value) => value !== MISSING);
  if (values.length === 0) return null;
  let best = values[0];
  for (const value of values) if (compareValues(value, best, order) * direction < 0) best = value;
  return best;
}

/** The documents a stage gets: mingo's lazy iterator, whose transform takes them all at once. */
interface Documents {
  transform(f: (items: Document[]) => unknown): unknown;
}

/** $sort by BSON order across numeric types (mingo's compares Double(2) as an object). */
function sortStage(order?: StringOrder) {
  return (collection: Documents, spec: Document) =>
    collection.transform((items: Document[]) => {
      const fields = Object.keys(spec);
      const directions = fields.map((field) =>
        doubleOf(safeOf(spec[field]) ?? { kind: 'int', value: 1 }) < 0 ? -1 : 1,
      );
      const keyed = items.map((doc) => ({ doc, keys: fields.map((f, i) => sortValue(doc, f, directions[i], order)) }));
      keyed.sort((a, b) => {
        for (let i = 0; i < fields.length; i++) {
          const result = compareValues(a.keys[i], b.keys[i], order);
          if (result !== 0) return result * directions[i];
        }
        return 0;
      });
      return Lazy(keyed.map(({ doc }) => doc));
    });
}

/**
 * $group with mongod's key equality: Int32 5, Long 5 and Double 5.0 are one group (mingo hashes the wrappers
 * apart); the group's _id is the first value seen.
 */
function groupStage(collection: Documents, spec: Document, options: Options) {
  if (!('_id' in spec)) fail('Location15955', 'a group specification must include an _id');
  const fields = Object.keys(spec).filter((key) => key !== '_id');
  for (const field of fields) {
    const accumulator = spec[field] as Document;
    const [name] = accumulator !== null && typeof accumulator === 'object' ? Object.keys(accumulator) : [];
    if (name !== undefined && Array.isArray(accumulator[name])) {
      fail('Location40237', `The ${name} accumulator is a unary operator`);
    }
  }
  return collection.transform((items: Document[]) => {
    const groups = new Map<string, { id: unknown; docs: Document[] }>();
    for (const doc of items) {
      let id = evalExpr(doc, spec._id, options) as unknown;
      if (id === undefined) id = null;
      const key = keyOf(id);
      const group = groups.get(key);
      if (group) group.docs.push(doc);
      else groups.set(key, { id, docs: [doc] });
    }
    const out: Document[] = [];
    for (const { id, docs } of groups.values()) {
      const result: Document = { _id: id };
      for (const field of fields) result[field] = evalExpr(docs, spec[field], options);
      out.push(result);
    }
    return Lazy(out);
  });
}

/** The operators of this file, over mingo's, for a typed pipeline (and a collation's string order, if any). */
export function typedContext(order?: StringOrder): Context {
  const expression = {
    $add,
    $subtract,
    $multiply,
    $divide,
    $mod,
    $abs,
    $ceil: integral('$ceil', Math.ceil),
    $floor: integral('$floor', Math.floor),
    $round: roundAt('$round', 'even'),
    $trunc: roundAt('$trunc', 'zero'),
    $sqrt: doubleFunction('$sqrt', Math.sqrt, [
      (v) => v >= 0 || v !== v,
      "$sqrt's argument must be greater than or equal to 0",
    ]),
    $exp: doubleFunction('$exp', Math.exp),
    $ln: doubleFunction('$ln', Math.log, [(v) => v > 0 || v !== v, "$ln's argument must be a positive number"]),
    $log10: doubleFunction('$log10', Math.log10, [
      (v) => v > 0 || v !== v,
      "$log10's argument must be a positive number",
    ]),
    $log,
    $pow,
    $toInt: toType('int'),
    $toLong: toType('long'),
    $toDouble: toType('double'),
    $toDecimal: toType('decimal'),
    $toString,
    $convert,
    $sum,
    $avg,
    $min: extreme(1),
    $max: extreme(-1),
    $eq: comparison('$eq', (c) => c === 0),
    $ne: comparison('$ne', (c) => c !== 0),
    $gt: comparison('$gt', (c) => c > 0),
    $gte: comparison('$gte', (c) => c >= 0),
    $lt: comparison('$lt', (c) => c < 0),
    $lte: comparison('$lte', (c) => c <= 0),
    $cmp: comparison('$cmp', (c) => Math.sign(c)),
    $in,
    $cond,
    $switch,
    $and,
    $or,
    $not,
    $type,
    $isNumber,
    $arrayElemAt,
  };
  return Context.init()
    .addExpressionOps(expression as never)
    .addAccumulatorOps({ $sum, $avg, $min: extreme(1), $max: extreme(-1), $addToSet } as never)
    .addPipelineOps({ $sort: sortStage(order), $group: groupStage } as never);
}
