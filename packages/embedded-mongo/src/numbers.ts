/**
 * BSON's four numeric types as mongod treats them: which type a value has, exact comparison across types,
 * a key equal exactly when two numbers are, and the arithmetic of $inc / $mul / $bit (mongod's SafeNum),
 * Decimal128 included (IEEE 754-2008 decimal128: 34 digits, round half to even, exponents kept).
 *
 * How a decoded document holds numbers (see bsonbytes.ts decodeDocument): a JavaScript number stands for the
 * type bson's serializer writes it as (an integer within int32 range: Int32; anything else, -0 included:
 * Double), and the values a number cannot carry keep a wrapper: Double for an integral double within int32
 * range (Double(2)), Long for every int64, Decimal128. So a document encodes back to the types it was read with.
 */
import { Decimal128, Double, Long } from 'bson';

export type NumberKind = 'int' | 'long' | 'double' | 'decimal';

const TWO_POW_53 = 2 ** 53;
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

/** Whether bson's serializer writes this number as an Int32 (an integer within int32 range, not -0). */
export function isInt32Number(value: number): boolean {
  return (value | 0) === value && (value !== 0 || 1 / value > 0);
}

function bsonTypeOf(value: object): string | undefined {
  return (value as { _bsontype?: string })._bsontype;
}

/** The BSON numeric type of a decoded value, or undefined when it is not a number. */
export function numberKind(value: unknown): NumberKind | undefined {
  switch (typeof value) {
    case 'number':
      return isInt32Number(value) ? 'int' : 'double';
    case 'bigint':
      return 'long';
    case 'object':
      if (value === null) return undefined;
      switch (bsonTypeOf(value)) {
        case 'Int32':
          return 'int';
        case 'Double':
          return 'double';
        case 'Long':
          return 'long';
        case 'Decimal128':
          return 'decimal';
      }
  }
  return undefined;
}

export function isNumeric(value: unknown): boolean {
  return numberKind(value) !== undefined;
}

/**
 * A numeric value of any BSON type as a JavaScript number, undefined for anything else: for options a command
 * may send as an Int32, a Long or a Double (expireAfterSeconds, an index key's direction), as mongod takes them.
 */
export function asNumber(value: unknown): number | undefined {
  return numberKind(value) === undefined ? undefined : toDouble(value);
}

/** A double as the decoded form holds it: a plain number unless that would encode as an Int32. */
export function doubleValue(value: number): number | Double {
  return isInt32Number(value) ? new Double(value) : value;
}

export function longValue(value: bigint): Long {
  return Long.fromBigInt(value);
}

/* ------------------------------------------------------------------ Decimal128 */

/** A decoded decimal128: NaN, an infinity, or sign * coefficient * 10^exponent (zeros keep their sign). */
export type DecimalParts =
  | { kind: 'nan' }
  | { kind: 'inf'; negative: boolean }
  | { kind: 'finite'; negative: boolean; coefficient: bigint; exponent: number };

const EXPONENT_BIAS = 6176;
const MIN_EXPONENT = -6176;
const MAX_EXPONENT = 6111;
const PRECISION = 34;
const MAX_COEFFICIENT = 10n ** 34n;
const MASK_64 = (1n << 64n) - 1n;

function readUint64(bytes: Uint8Array, at: number): bigint {
  let value = 0n;
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(bytes[at + i]);
  return value;
}

export function decimalParts(value: Decimal128): DecimalParts {
  const bytes = value.bytes;
  const low = readUint64(bytes, 0);
  const high = readUint64(bytes, 8);
  const negative = high >> 63n === 1n;
  const combination = Number((high >> 58n) & 0x1fn);
  if (combination === 0x1f) return { kind: 'nan' };
  if (combination === 0x1e) return { kind: 'inf', negative };
  let exponent: number;
  let coefficient: bigint;
  if ((high >> 61n) & 1n && (high >> 62n) & 1n) {
    // The "11" form holds coefficients of 2^113 and more: beyond 34 digits, so non-canonical, read as 0.
    exponent = Number((high >> 47n) & 0x3fffn) - EXPONENT_BIAS;
    coefficient = 0n;
  } else {
    exponent = Number((high >> 49n) & 0x3fffn) - EXPONENT_BIAS;
    coefficient = ((high & ((1n << 49n) - 1n)) << 64n) | low;
    if (coefficient >= MAX_COEFFICIENT) coefficient = 0n;
  }
  return { kind: 'finite', negative, coefficient, exponent };
}

function writeUint64(bytes: Uint8Array, at: number, value: bigint): void {
  for (let i = 0; i < 8; i++) {
    bytes[at + i] = Number(value & 0xffn);
    value >>= 8n;
  }
}

/** The Decimal128 of canonical parts (coefficient < 10^34, exponent within range). */
export function decimalOf(parts: DecimalParts): Decimal128 {
  const bytes = new Uint8Array(16);
  if (parts.kind === 'nan') {
    bytes[15] = 0x7c;
  } else if (parts.kind === 'inf') {
    bytes[15] = parts.negative ? 0xf8 : 0x78;
  } else {
    const { coefficient, exponent, negative } = parts;
    const high = (negative ? 1n << 63n : 0n) | (BigInt(exponent + EXPONENT_BIAS) << 49n) | (coefficient >> 64n);
    writeUint64(bytes, 0, coefficient & MASK_64);
    writeUint64(bytes, 8, high);
  }
  return new Decimal128(bytes);
}

function digitCount(value: bigint): number {
  return value === 0n ? 1 : value.toString().length;
}

/** value / 10^count rounded half to even (value >= 0). */
function shiftRightRounded(value: bigint, count: number): bigint {
  if (count <= 0) return value * 10n ** BigInt(-count);
  const divisor = 10n ** BigInt(count);
  const quotient = value / divisor;
  const remainder = value - quotient * divisor;
  const twice = remainder * 2n;
  if (twice > divisor || (twice === divisor && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

/**
 * The decimal128 nearest to negative * coefficient * 10^exponent (any size), rounded half to even to 34
 * digits, with the exponent kept where the value allows it (IEEE 754's preferred exponent), clamped into range.
 */
export function roundDecimal(negative: boolean, coefficient: bigint, exponent: number): DecimalParts {
  // One rounding to whichever is coarser: 34 digits, or the smallest exponent (a subnormal result).
  const drop = Math.max(digitCount(coefficient) - PRECISION, MIN_EXPONENT - exponent, 0);
  if (drop > 0) {
    coefficient = shiftRightRounded(coefficient, drop);
    exponent += drop;
    if (coefficient === MAX_COEFFICIENT) {
      coefficient /= 10n;
      exponent += 1;
    }
  }
  if (exponent > MAX_EXPONENT) {
    if (coefficient === 0n) exponent = MAX_EXPONENT;
    else {
      // A short coefficient takes trailing zeros in place of the exponent; a full one overflows.
      const room = PRECISION - digitCount(coefficient);
      const shift = exponent - MAX_EXPONENT;
      if (shift > room) return { kind: 'inf', negative };
      coefficient *= 10n ** BigInt(shift);
      exponent = MAX_EXPONENT;
    }
  }
  return { kind: 'finite', negative, coefficient, exponent };
}

function signed(parts: { negative: boolean; coefficient: bigint }): bigint {
  return parts.negative ? -parts.coefficient : parts.coefficient;
}

export function addDecimals(a: DecimalParts, b: DecimalParts): DecimalParts {
  if (a.kind === 'nan' || b.kind === 'nan') return { kind: 'nan' };
  if (a.kind === 'inf' || b.kind === 'inf') {
    if (a.kind === 'inf' && b.kind === 'inf' && a.negative !== b.negative) return { kind: 'nan' };
    return a.kind === 'inf' ? a : b;
  }
  const exponent = Math.min(a.exponent, b.exponent);
  const sum = signed(a) * 10n ** BigInt(a.exponent - exponent) + signed(b) * 10n ** BigInt(b.exponent - exponent);
  // An exact zero sum is +0 under round half to even, unless both operands are -0.
  const negative = sum === 0n ? a.negative && b.negative : sum < 0n;
  return roundDecimal(negative, sum < 0n ? -sum : sum, exponent);
}

export function multiplyDecimals(a: DecimalParts, b: DecimalParts): DecimalParts {
  if (a.kind === 'nan' || b.kind === 'nan') return { kind: 'nan' };
  const negative = (a.kind === 'finite' || a.kind === 'inf' ? a.negative : false) !== b.negative;
  if (a.kind === 'inf' || b.kind === 'inf') {
    const other = a.kind === 'inf' ? b : a;
    if (other.kind === 'finite' && other.coefficient === 0n) return { kind: 'nan' };
    return { kind: 'inf', negative };
  }
  return roundDecimal(negative, a.coefficient * b.coefficient, a.exponent + b.exponent);
}

/**
 * IEEE 754 decimal128 division (the decimal arithmetic's divide, as mongod's Decimal128::divide): the quotient
 * rounded half to even to 34 digits; an exact quotient keeps the exponent nearest the preferred one (the
 * dividend's minus the divisor's), so 5.0 / 2 = 2.5 and 1 / 4 = 0.25. The divisor is not zero (callers refuse).
 */
export function divideDecimals(a: DecimalParts, b: DecimalParts): DecimalParts {
  if (a.kind === 'nan' || b.kind === 'nan') return { kind: 'nan' };
  const negative = (a.kind === 'finite' || a.kind === 'inf' ? a.negative : false) !== b.negative;
  if (a.kind === 'inf') return b.kind === 'inf' ? { kind: 'nan' } : { kind: 'inf', negative };
  if (b.kind === 'inf') return roundDecimal(negative, 0n, MIN_EXPONENT);
  const preferred = a.exponent - b.exponent;
  if (a.coefficient === 0n)
    return roundDecimal(negative, 0n, Math.max(MIN_EXPONENT, Math.min(MAX_EXPONENT, preferred)));
  // Scale the dividend so that the quotient has at least 35 digits: one more than kept, for the rounding.
  const scale = Math.max(0, PRECISION + 1 + digitCount(b.coefficient) - digitCount(a.coefficient));
  const dividend = a.coefficient * 10n ** BigInt(scale);
  let quotient = dividend / b.coefficient;
  let exponent = preferred - scale;
  if (quotient * b.coefficient === dividend) {
    // Exact: drop the trailing zeros the scaling added, down to the preferred exponent.
    while (exponent < preferred && quotient % 10n === 0n) {
      quotient /= 10n;
      exponent += 1;
    }
    return roundDecimal(negative, quotient, exponent);
  }
  // Inexact: a last digit of 1 stands for the nonzero remainder, so that no rounding sees a false tie.
  return roundDecimal(negative, quotient * 10n + 1n, exponent - 1);
}

/** Whether two decimals are numerically equal (Decimal128::isEqual: 2.5 == 2.50, NaN equals nothing). */
function decimalsEqual(a: DecimalParts, b: DecimalParts): boolean {
  if (a.kind === 'nan' || b.kind === 'nan') return false;
  if (a.kind === 'inf' || b.kind === 'inf') return a.kind === b.kind && a.negative === b.negative;
  return compareExact(exactOfDecimal(a), exactOfDecimal(b)) === 0;
}

/* ------------------------------------------------------------------ exact values */

/** A finite number exactly: coefficient * 10^exponent. */
export interface Exact {
  coefficient: bigint;
  exponent: number;
}

const scratch = new DataView(new ArrayBuffer(8));

/** A finite double exactly (a binary fraction is a finite decimal: m * 2^-k = m * 5^k * 10^-k). */
export function exactOfDouble(value: number): Exact {
  if (value === 0) return { coefficient: 0n, exponent: 0 };
  scratch.setFloat64(0, value);
  const high = scratch.getUint32(0);
  const low = scratch.getUint32(4);
  const biased = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  let power: number;
  if (biased === 0) power = -1074;
  else {
    mantissa |= 1n << 52n;
    power = biased - 1075;
  }
  if (high >>> 31) mantissa = -mantissa;
  if (power >= 0) return { coefficient: mantissa << BigInt(power), exponent: 0 };
  return { coefficient: mantissa * 5n ** BigInt(-power), exponent: power };
}

function exactOfDecimal(parts: DecimalParts & { kind: 'finite' }): Exact {
  return { coefficient: signed(parts), exponent: parts.exponent };
}

function normalized(value: Exact): Exact {
  let { coefficient, exponent } = value;
  if (coefficient === 0n) return { coefficient, exponent: 0 };
  while (coefficient % 10n === 0n) {
    coefficient /= 10n;
    exponent += 1;
  }
  return { coefficient, exponent };
}

function compareExact(a: Exact, b: Exact): number {
  const signA = a.coefficient > 0n ? 1 : a.coefficient < 0n ? -1 : 0;
  const signB = b.coefficient > 0n ? 1 : b.coefficient < 0n ? -1 : 0;
  if (signA !== signB || signA === 0) return signA - signB;
  // Same sign: compare magnitudes, first by order of magnitude (no huge power of ten), then aligned.
  const absA = signA < 0 ? -a.coefficient : a.coefficient;
  const absB = signB < 0 ? -b.coefficient : b.coefficient;
  const magnitudeA = digitCount(absA) + a.exponent;
  const magnitudeB = digitCount(absB) + b.exponent;
  if (magnitudeA !== magnitudeB) return magnitudeA > magnitudeB ? signA : -signA;
  const exponent = Math.min(a.exponent, b.exponent);
  const x = absA * 10n ** BigInt(a.exponent - exponent);
  const y = absB * 10n ** BigInt(b.exponent - exponent);
  return x === y ? 0 : x > y ? signA : -signA;
}

/**
 * A numeric value reduced for comparison: NaN, ±Infinity, a double that is the exact value, or the exact value
 * (a long beyond 2^53, a decimal).
 */
type Comparable =
  | { kind: 'nan' }
  | { kind: 'inf'; negative: boolean }
  | { kind: 'double'; value: number }
  | { kind: 'exact'; value: Exact };

function comparable(value: unknown): Comparable {
  if (typeof value === 'number') {
    if (value !== value) return { kind: 'nan' };
    if (value === Infinity || value === -Infinity) return { kind: 'inf', negative: value < 0 };
    return { kind: 'double', value };
  }
  const type = bsonTypeOf(value as object);
  if (type === 'Double' || type === 'Int32') return comparable((value as Double).value);
  if (type === 'Long' || typeof value === 'bigint') {
    const big = typeof value === 'bigint' ? value : (value as Long).toBigInt();
    const approx = Number(big);
    return BigInt(approx) === big
      ? { kind: 'double', value: approx }
      : { kind: 'exact', value: { coefficient: big, exponent: 0 } };
  }
  const parts = decimalParts(value as Decimal128);
  if (parts.kind !== 'finite') return parts;
  return { kind: 'exact', value: exactOfDecimal(parts) };
}

function exactOf(value: Comparable & { kind: 'double' | 'exact' }): Exact {
  return value.kind === 'double' ? exactOfDouble(value.value) : value.value;
}

function rank(value: Comparable): number {
  return value.kind === 'nan' ? 0 : value.kind === 'inf' ? (value.negative ? 1 : 3) : 2;
}

/**
 * mongod's order between two numbers of any types (-1, 0, 1): by exact value (Long 2^53 + 1 above Double 2^53,
 * Decimal128 2.50 equal to Double 2.5 and above Int32 2, Decimal128 0.1 above Double 0.1), -0 equal to 0, NaN
 * below everything else and equal to NaN.
 */
export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a < b) return -1;
    if (a > b) return 1;
    if (a === b) return 0;
    return a !== a ? (b !== b ? 0 : -1) : 1;
  }
  const x = comparable(a);
  const y = comparable(b);
  const rankX = rank(x);
  const rankY = rank(y);
  if (rankX !== rankY || rankX !== 2) return rankX < rankY ? -1 : rankX > rankY ? 1 : 0;
  if (x.kind === 'double' && y.kind === 'double') return x.value < y.value ? -1 : x.value > y.value ? 1 : 0;
  return compareExact(exactOf(x as never), exactOf(y as never));
}

/**
 * A string equal for two numbers exactly when they are equal (keys of indexes and equality): the number's
 * String() when the value is a double exactly (NaN, ±Infinity and 0 included), else its exact digits.
 */
export function numberKey(value: unknown): string {
  if (typeof value === 'number') return String(value);
  const reduced = comparable(value);
  switch (reduced.kind) {
    case 'nan':
      return 'NaN';
    case 'inf':
      return reduced.negative ? '-Infinity' : 'Infinity';
    case 'double':
      return String(reduced.value);
  }
  const exact = normalized(reduced.value);
  const approx = Number(`${exact.coefficient}e${exact.exponent}`);
  if (Number.isFinite(approx)) {
    const back = normalized(exactOfDouble(approx));
    if (back.coefficient === exact.coefficient && back.exponent === exact.exponent) return String(approx);
  }
  return `x${exact.coefficient}e${exact.exponent}`;
}

/** The double nearest to an exact value (JavaScript's parsing of decimal digits rounds correctly). */
export function nearestDouble(value: Exact): number {
  return Number(`${value.coefficient}e${value.exponent}`);
}

/** The nearest double (as the decoded form's plain number) of a numeric value: for aggregation and sorting. */
export function toDouble(value: unknown): number {
  if (typeof value === 'number') return value;
  const type = bsonTypeOf(value as object);
  if (type === 'Double' || type === 'Int32') return (value as Double).value;
  if (type === 'Long') return (value as Long).toNumber();
  if (typeof value === 'bigint') return Number(value);
  return Number((value as Decimal128).toString());
}

/* ------------------------------------------------------------------ SafeNum: $inc, $mul, $bit */

/** A number as mongod's SafeNum holds it. */
export type Safe =
  | { kind: 'int'; value: number }
  | { kind: 'long'; value: bigint }
  | { kind: 'double'; value: number }
  | { kind: 'decimal'; value: DecimalParts };

export function safeOf(value: unknown): Safe | undefined {
  switch (numberKind(value)) {
    case 'int':
      return { kind: 'int', value: typeof value === 'number' ? value : (value as Double).value };
    case 'double':
      return { kind: 'double', value: typeof value === 'number' ? value : (value as Double).value };
    case 'long':
      return { kind: 'long', value: typeof value === 'bigint' ? value : (value as Long).toBigInt() };
    case 'decimal':
      return { kind: 'decimal', value: decimalParts(value as Decimal128) };
  }
  return undefined;
}

/** The decoded value of a SafeNum result. */
export function valueOfSafe(safe: Safe): unknown {
  switch (safe.kind) {
    case 'int':
      return safe.value;
    case 'long':
      return longValue(safe.value);
    case 'double':
      return doubleValue(safe.value);
    case 'decimal':
      return decimalOf(safe.value);
  }
}

function intOrLong(value: bigint): Safe {
  return value >= -2147483648n && value <= 2147483647n
    ? { kind: 'int', value: Number(value) }
    : { kind: 'long', value };
}

function int64(value: bigint): Safe | undefined {
  return value > INT64_MAX || value < INT64_MIN ? undefined : { kind: 'long', value };
}

function bigOf(safe: Safe): bigint {
  return safe.kind === 'long' ? safe.value : BigInt(safe.value as number);
}

function doubleOf(safe: Safe): number {
  if (safe.kind === 'long') return Number(safe.value);
  if (safe.kind === 'decimal') return toDouble(decimalOf(safe.value));
  return safe.value;
}

/** SafeNum::getDecimal: an int or long exactly, a double rounded to 15 digits. */
function decimalOfSafe(safe: Safe): DecimalParts {
  switch (safe.kind) {
    case 'decimal':
      return safe.value;
    case 'double':
      return decimalFromDouble(safe.value);
    default: {
      const big = bigOf(safe);
      return { kind: 'finite', negative: big < 0n, coefficient: big < 0n ? -big : big, exponent: 0 };
    }
  }
}

/**
 * mongod's SafeNum addition (lhs: the operand, rhs: the current value): int + int gives an int, or a long when
 * it leaves int32 range; ints and longs give a long, undefined (an error for the caller) past int64; a decimal
 * makes the result a decimal; otherwise a double.
 */
export function safeAdd(lhs: Safe, rhs: Safe): Safe | undefined {
  if (lhs.kind === 'int' && rhs.kind === 'int') return intOrLong(BigInt(lhs.value) + BigInt(rhs.value));
  if ((lhs.kind === 'int' || lhs.kind === 'long') && (rhs.kind === 'int' || rhs.kind === 'long')) {
    return int64(bigOf(lhs) + bigOf(rhs));
  }
  if (lhs.kind === 'decimal' || rhs.kind === 'decimal') {
    return { kind: 'decimal', value: addDecimals(decimalOfSafe(lhs), decimalOfSafe(rhs)) };
  }
  return { kind: 'double', value: doubleOf(lhs) + doubleOf(rhs) };
}

export function safeMultiply(lhs: Safe, rhs: Safe): Safe | undefined {
  if (lhs.kind === 'int' && rhs.kind === 'int') return intOrLong(BigInt(lhs.value) * BigInt(rhs.value));
  if ((lhs.kind === 'int' || lhs.kind === 'long') && (rhs.kind === 'int' || rhs.kind === 'long')) {
    return int64(bigOf(lhs) * bigOf(rhs));
  }
  if (lhs.kind === 'decimal' || rhs.kind === 'decimal') {
    return { kind: 'decimal', value: multiplyDecimals(decimalOfSafe(lhs), decimalOfSafe(rhs)) };
  }
  return { kind: 'double', value: doubleOf(lhs) * doubleOf(rhs) };
}

/** SafeNum's bitwise operators: ints and longs only (an int result when both are ints). */
export function safeBitwise(operator: 'and' | 'or' | 'xor', lhs: Safe, rhs: Safe): Safe | undefined {
  if ((lhs.kind !== 'int' && lhs.kind !== 'long') || (rhs.kind !== 'int' && rhs.kind !== 'long')) return undefined;
  const a = bigOf(lhs);
  const b = bigOf(rhs);
  const result = operator === 'and' ? a & b : operator === 'or' ? a | b : a ^ b;
  if (lhs.kind === 'int' && rhs.kind === 'int') return { kind: 'int', value: Number(BigInt.asIntN(32, result)) };
  return { kind: 'long', value: BigInt.asIntN(64, result) };
}

/** SafeNum::isIdentical: same type and same value (doubles by ==, so -0 is 0 and NaN is never identical). */
export function safeIdentical(a: Safe, b: Safe): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'decimal') return decimalsEqual(a.value, b.value as DecimalParts);
  return a.value === b.value;
}

/** SafeNum::debugString, as mongod's overflow message shows the current value: (NumberLong)9223372036854775807. */
export function safeDebugString(safe: Safe): string {
  switch (safe.kind) {
    case 'int':
      return `(NumberInt)${safe.value}`;
    case 'long':
      return `(NumberLong)${safe.value}`;
    case 'double':
      return `(NumberDouble)${safe.value}`;
    case 'decimal':
      return `(NumberDecimal)${decimalOf(safe.value).toString()}`;
  }
}

/* ------------------------------------------------------------------ double -> decimal */

/**
 * Decimal128(double, kRoundTo15Digits), how mongod turns a double into a decimal when the two meet in
 * arithmetic: the double's exact value rounded to 34 digits, then quantized to exactly 15 significant digits
 * (0.1 becomes 0.100000000000000). Zeros, infinities and NaN convert as they are.
 */
export function decimalFromDouble(value: number): DecimalParts {
  if (value !== value) return { kind: 'nan' };
  if (value === Infinity || value === -Infinity) return { kind: 'inf', negative: value < 0 };
  const negative = value < 0 || (value === 0 && 1 / value < 0);
  if (value === 0) return { kind: 'finite', negative, coefficient: 0n, exponent: 0 };
  const exact = exactOfDouble(Math.abs(value));
  const rounded = roundDecimal(false, exact.coefficient, exact.exponent) as DecimalParts & { kind: 'finite' };
  // The binary exponent (value in [2^e, 2^(e+1))) and from it a lower bound of the decimal one, as mongod computes it.
  const binaryExponent = Math.floor(Math.log2(Math.abs(value)));
  const e = exactBinaryExponent(Math.abs(value), binaryExponent);
  let decimalExponent = Math.trunc((e * 30103) / 100000);
  if (e < 0) decimalExponent -= 1;
  let quantum = decimalExponent - 14;
  let coefficient = shiftRightRounded(rounded.coefficient, quantum - rounded.exponent);
  if (coefficient > 999_999_999_999_999n) {
    quantum += 1;
    coefficient = shiftRightRounded(rounded.coefficient, quantum - rounded.exponent);
  }
  return { kind: 'finite', negative, coefficient, exponent: quantum };
}

/** floor(log2(value)) exactly (Math.log2 can be off by one next to a power of two). */
function exactBinaryExponent(value: number, estimate: number): number {
  let e = estimate;
  while (2 ** e > value) e -= 1;
  while (2 ** (e + 1) <= value) e += 1;
  return e;
}

export const NUMBER_LIMITS = { TWO_POW_53, INT64_MAX, INT64_MIN };
