/**
 * Unit tests of the byte level under the storage (no server involved): reading fields from BSON must agree with
 * the decoder every document goes through (bson's, with each number kept in its BSON type), the check that lets an insert's bytes be stored as they are must accept only what decodes
 * cleanly, and the record store must keep every version it handed out readable through compactions.
 */
import {
  Binary,
  Decimal128,
  deserialize,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  serialize,
  Timestamp,
  type Document,
} from 'bson';
import {
  decodeDocument,
  findElement,
  isPlainDocument,
  nameBytes,
  scalarAt,
  scalarKeyAt,
  UNDECODED,
} from '../src/bsonbytes';
import { RecordStore } from '../src/records';
import { keyOf, MISSING } from '../src/values';

const values: Record<string, unknown> = {
  double: 2.5,
  negativeZero: -0,
  int: 42,
  bigInt: 2 ** 40,
  long: Long.fromNumber(2 ** 52),
  hugeLong: Long.fromString('9223372036854775807'),
  string: 'héllo 𝄞',
  empty: '',
  oid: new ObjectId(),
  yes: true,
  no: false,
  date: new Date(-86_400_000),
  nothing: null,
  array: [1, 'a'],
  emptyArray: [],
  object: { a: { b: 1 } },
  binary: new Binary(Buffer.from([1, 2, 3])),
  decimal: Decimal128.fromString('1.5'),
  timestamp: new Timestamp({ t: 1, i: 2 }),
  min: new MinKey(),
  max: new MaxKey(),
  regex: /a.c/i,
};

describe('reading fields from BSON', () => {
  const bytes = Buffer.from(serialize({ _id: 1, ...values }));
  const decoded = decodeDocument(bytes);

  test.each(Object.keys(values))('%s: found in place, decoded as documents are, keyed as keyOf keys it', (field) => {
    const name = nameBytes(field);
    const at = findElement(bytes, 0, name);
    expect(at).toBeGreaterThan(0);
    const type = bytes[at];
    const value = scalarAt(bytes, type, at + name.length + 2);
    if (value !== UNDECODED) expect(value).toEqual(decoded[field]);
    const key = scalarKeyAt(bytes, type, at + name.length + 2);
    if (key !== undefined) expect(key).toBe(keyOf(decoded[field]));
  });

  test('a missing field is not found, and a name that is a prefix of another is not taken for it', () => {
    expect(findElement(bytes, 0, nameBytes('missing'))).toBe(-1);
    expect(findElement(bytes, 0, nameBytes('dou'))).toBe(-1);
    expect(findElement(bytes, 0, nameBytes('doubles'))).toBe(-1);
    expect(keyOf(MISSING)).toBe(keyOf(null));
  });
});

describe('documents stored as they arrive', () => {
  const plain: Document[] = [
    { _id: new ObjectId(), a: 1, s: 'x', nested: { deep: [1, { e: 2 }] }, bin: new Binary(Buffer.from('ab')) },
    { a: [], b: {}, c: null, d: new Date(0), e: Long.fromNumber(5), f: Decimal128.fromString('2') },
    {},
  ];
  test.each(plain.map((doc, i) => [i, doc]))('plain document %i is accepted and decodes cleanly', (_i, doc) => {
    const bytes = Buffer.from(serialize(doc));
    expect(isPlainDocument(bytes, 0, bytes.length)).toBe(true);
    expect(() => deserialize(bytes)).not.toThrow();
  });

  test('documents the decoder should see are left to it', () => {
    const check = (doc: Document) => {
      const bytes = Buffer.from(serialize(doc));
      return isPlainDocument(bytes, 0, bytes.length);
    };
    expect(check({ r: /x/ })).toBe(false);
    expect(check({ $top: 1 })).toBe(false);
    expect(check({ a: { b: /x/ } })).toBe(false);
    expect(check({ u: undefined })).toBe(true); // serialize writes undefined as null
  });

  test('broken bytes are never accepted: every truncation, and every single corrupted byte that bson rejects', () => {
    const bytes = Buffer.from(serialize({ a: 1, s: 'text', o: { b: [true, 2.5] }, d: new Date(3) }));
    for (let size = 0; size < bytes.length; size++) {
      const cut = Buffer.from(bytes.subarray(0, size));
      if (size >= 4) cut.writeInt32LE(size, 0);
      expect(isPlainDocument(cut, 0, size)).toBe(false);
    }
    for (let at = 0; at < bytes.length; at++) {
      for (const value of [0, 1, 2, 0x7f, 0x80, 0xff]) {
        const broken = Buffer.from(bytes);
        broken[at] = value;
        let decodes = true;
        try {
          deserialize(broken);
        } catch {
          decodes = false;
        }
        if (!decodes) expect(isPlainDocument(broken, 0, broken.length)).toBe(false);
      }
    }
  });
});

describe('the record store', () => {
  test('keeps each document readable by handle through replacements, deletions and compactions', () => {
    const store = new RecordStore();
    const docs = new Map<number, Document>();
    const views: Array<[Buffer, Document]> = [];
    let next = 0;
    for (let round = 0; round < 2000; round++) {
      const doc = { n: next++, text: 'x'.repeat(round % 700) };
      const bytes = Buffer.from(serialize(doc));
      const handles = [...docs.keys()];
      const pick = handles[(round * 7919) % Math.max(1, handles.length)];
      if (round % 5 === 4 && pick !== undefined) {
        store.delete(pick);
        docs.delete(pick);
      } else if (round % 3 === 2 && pick !== undefined) {
        views.push([store.view(pick), docs.get(pick)!]);
        store.replace(pick, bytes);
        docs.set(pick, doc);
      } else docs.set(store.add(bytes), doc);
    }
    for (const [handle, doc] of docs) expect(store.decode(handle)).toEqual(doc);
    // Views handed out before the changes still show the versions they were taken of.
    for (const [view, doc] of views) expect(deserialize(view)).toEqual(doc);
    // Compaction kept the garbage below the live documents (or below its minimum).
    expect(store.garbageBytes).toBeLessThanOrEqual(Math.max(store.liveBytes, 64 * 1024) + 1024 * 1024);
  });

  test('sort keys kept per document follow the document', () => {
    const store = new RecordStore();
    const a = store.add(Buffer.from(serialize({ at: new Date(5) })));
    const b = store.add(Buffer.from(serialize({ at: new Date(3) })));
    expect([...store.numericKeys([a, b], 'at')!]).toEqual([5, 3]);
    store.replace(a, Buffer.from(serialize({ at: new Date(1) })));
    expect([...store.numericKeys([a, b], 'at')!]).toEqual([1, 3]);
    store.delete(b);
    const c = store.add(Buffer.from(serialize({ at: 7 }))); // reuses b's handle, with a number
    expect(c).toBe(b);
    expect(store.numericKeys([a, c], 'at')).toBeUndefined(); // a date and a number: not one kind
    expect([...store.numericKeys([c], 'at')!]).toEqual([7]);
  });
});
