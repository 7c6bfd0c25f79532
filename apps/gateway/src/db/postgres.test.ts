import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTypeAsPglite } from './postgres';

// Type OIDs (pg_type.oid): node-postgres names the scalar types; arrays are not among them.
const OID = {
  ...pg.types.builtins,
  boolArray: 1000,
  int8Array: 1016,
  int4Array: 1007,
  textArray: 1009,
  numericArray: 1231,
  timestamptzArray: 1185,
  jsonbArray: 3807,
} as const;

const parse = (oid: number, text: string) => parseTypeAsPglite(oid)(text);

describe('parseTypeAsPglite', () => {
  it('reads int8 (COUNT(*), bigint ids, ms times) as a number while it is exact, else as a bigint', () => {
    expect(parse(OID.INT8, '42')).toBe(42);
    expect(parse(OID.INT8, '-9007199254740991')).toBe(-9_007_199_254_740_991);
    expect(parse(OID.INT8, '9007199254740993')).toBe(9_007_199_254_740_993n);
    expect(parse(OID.INT8, '-9007199254740993')).toBe(-9_007_199_254_740_993n);
  });

  it('keeps numeric as its exact text, never a float', () => {
    expect(parse(OID.NUMERIC, '0.100000000000000000')).toBe('0.100000000000000000');
    expect(parse(OID.NUMERIC, '12345678901234567890.5')).toBe('12345678901234567890.5');
  });

  it('reads the small integers, floats and booleans as numbers and booleans', () => {
    expect(parse(OID.INT2, '7')).toBe(7);
    expect(parse(OID.INT4, '-12')).toBe(-12);
    expect(parse(OID.FLOAT8, '1.5')).toBe(1.5);
    expect(parse(OID.BOOL, 't')).toBe(true);
    expect(parse(OID.BOOL, 'f')).toBe(false);
  });

  it('reads timestamptz, timestamp and date as Dates, a date at midnight UTC', () => {
    expect(parse(OID.TIMESTAMPTZ, '2026-03-01 12:34:56.789+00')).toEqual(
      new Date('2026-03-01T12:34:56.789Z'),
    );
    expect(parse(OID.TIMESTAMPTZ, '2026-03-01 14:34:56+02')).toEqual(
      new Date('2026-03-01T12:34:56Z'),
    );
    expect(parse(OID.DATE, '2026-03-01')).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(parse(OID.TIMESTAMP, '2026-03-01 12:00:00')).toEqual(new Date('2026-03-01 12:00:00'));
    expect(parse(OID.TIMESTAMPTZ, 'infinity')).toBe(Infinity);
  });

  it('parses json and jsonb, and leaves text, uuid and interval as text', () => {
    expect(parse(OID.JSONB, '{"a": [1, "x"]}')).toEqual({ a: [1, 'x'] });
    expect(parse(OID.JSON, 'true')).toBe(true);
    expect(parse(OID.TEXT, 'plain')).toBe('plain');
    expect(parse(OID.UUID, '272f1bf5-999f-4e74-9717-26189d645842')).toBe(
      '272f1bf5-999f-4e74-9717-26189d645842',
    );
    expect(parse(OID.INTERVAL, '1 day 02:00:00')).toBe('1 day 02:00:00');
  });

  it('reads bytea as a plain Uint8Array', () => {
    const bytes = parse(OID.BYTEA, '\\x00ff10');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.isBuffer(bytes)).toBe(false);
    expect([...(bytes as Uint8Array)]).toEqual([0, 255, 16]);
  });

  it('parses arrays element by element, nested arrays and NULLs included', () => {
    expect(parse(OID.textArray, '{a,"b,c",NULL}')).toEqual(['a', 'b,c', null]);
    expect(parse(OID.int8Array, '{1,9007199254740993}')).toEqual([1, 9_007_199_254_740_993n]);
    expect(parse(OID.int4Array, '{{1,2},{3,4}}')).toEqual([
      [1, 2],
      [3, 4],
    ]);
    // node-postgres's own parser would answer lossy floats here.
    expect(parse(OID.numericArray, '{0.1,12345678901234567890.5}')).toEqual([
      '0.1',
      '12345678901234567890.5',
    ]);
    expect(parse(OID.boolArray, '{t,f}')).toEqual([true, false]);
    expect(parse(OID.timestamptzArray, '{"2026-03-01 12:00:00+00"}')).toEqual([
      new Date('2026-03-01T12:00:00Z'),
    ]);
    expect(parse(OID.jsonbArray, '{"{\\"a\\": 1}"}')).toEqual([{ a: 1 }]);
  });

  it('leaves the text of a type it does not know as it is', () => {
    expect(parse(600, '(1,2)')).toBe('(1,2)');
  });
});
