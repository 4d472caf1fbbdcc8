// IndexedDB for unit tests under jsdom: `import '@hit/platform/test/fakeIndexedDb'` before anything opens a store.
import { deserialize, serialize } from 'node:v8';
import 'fake-indexeddb/auto';

// jsdom has no structuredClone, which fake-indexeddb clones every stored value with; v8's serializer is the same
// algorithm Node's own structuredClone uses.
if (typeof globalThis.structuredClone !== 'function') {
  globalThis.structuredClone = <T>(value: T): T => deserialize(serialize(value)) as T;
}
