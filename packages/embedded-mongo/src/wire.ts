/**
 * MongoDB wire protocol framing: the 16-byte header, the legacy OP_QUERY / OP_REPLY pair the drivers still
 * use for the first handshake, and OP_MSG for everything else.
 * https://www.mongodb.com/docs/manual/reference/mongodb-wire-protocol/
 */
import type { Document } from 'bson';
import { decodeDocument, isPlainDocument } from './bsonbytes';
import { ReplyParts, serializeReply } from './rawbson';

export const OpCode = { REPLY: 1, QUERY: 2004, MSG: 2013 } as const;

export const HEADER_SIZE = 16;
/** The limit the hello reply advertises as maxMessageSizeBytes; anything larger is treated as garbage. */
export const MAX_MESSAGE_SIZE = 48_000_000;

const MSG_CHECKSUM_PRESENT = 1 << 0;
const MSG_MORE_TO_COME = 1 << 1;

/**
 * An insert's documents as they arrived: each one in BSON form (a view into the message) when it can be stored
 * as it is (bsonbytes.ts isPlainDocument), else decoded.
 */
export class RawDocuments {
  constructor(
    private readonly message: Buffer,
    /** Per document: where it starts in the message, or the decoded document. */
    private readonly entries: Array<number | Document>,
  ) {}

  get length(): number {
    return this.entries.length;
  }

  /** The i-th document: its bytes (a view into the message), or the decoded document. */
  document(i: number): Buffer | Document {
    const entry = this.entries[i];
    if (typeof entry !== 'number') return entry;
    return this.message.subarray(entry, entry + this.message.readInt32LE(entry));
  }
}

/** The peer sent bytes that are not a well-formed message: the connection is closed. */
export class ProtocolError extends Error {}

export type Request =
  | { kind: 'query'; requestId: number; fullCollectionName: string; query: Document }
  | { kind: 'msg'; requestId: number; body: Document; moreToCome: boolean };

/**
 * Validates the header at the start of `buffer` (at least HEADER_SIZE bytes) and returns the message's total
 * length. Garbage is rejected here, before the server waits for or buffers a body that will never make sense.
 */
export function readHeaderLength(buffer: Buffer): number {
  const length = buffer.readInt32LE(0);
  if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) {
    throw new ProtocolError(`invalid message length ${length}`);
  }
  const opCode = buffer.readInt32LE(12);
  if (opCode !== OpCode.QUERY && opCode !== OpCode.MSG) throw new ProtocolError(`unsupported opcode ${opCode}`);
  return length;
}

function readDocument(message: Buffer, offset: number, end: number): { doc: Document; next: number } {
  if (offset + 5 > end) throw new ProtocolError('truncated BSON document');
  const size = message.readInt32LE(offset);
  if (size < 5 || offset + size > end) throw new ProtocolError(`invalid BSON document size ${size}`);
  try {
    // Values keep their BSON types (an Int64 5, a Double 2.0 stay what they are), as mongod sees them.
    return { doc: decodeDocument(message.subarray(offset, offset + size)), next: offset + size };
  } catch (error) {
    throw new ProtocolError(`invalid BSON: ${(error as Error).message}`);
  }
}

function readCString(message: Buffer, offset: number, end: number): { value: string; next: number } {
  const zero = message.indexOf(0, offset);
  if (zero < 0 || zero >= end) throw new ProtocolError('unterminated C string');
  return { value: message.toString('utf8', offset, zero), next: zero + 1 };
}

/** Decodes one complete message (exactly `length` bytes, header included). */
export function decodeMessage(message: Buffer): Request {
  const requestId = message.readInt32LE(4);
  const opCode = message.readInt32LE(12);
  const end = message.length;

  if (opCode === OpCode.QUERY) {
    // flags(4) fullCollectionName(cstring) numberToSkip(4) numberToReturn(4) query [returnFieldsSelector]
    const name = readCString(message, HEADER_SIZE + 4, end);
    const { doc } = readDocument(message, name.next + 8, end);
    return { kind: 'query', requestId, fullCollectionName: name.value, query: doc };
  }

  if (opCode === OpCode.MSG) {
    if (end < HEADER_SIZE + 5) throw new ProtocolError('OP_MSG too short');
    const flags = message.readUInt32LE(HEADER_SIZE);
    // The CRC-32C trailer is optional integrity data; TCP already guarantees it locally, so it is skipped.
    const sectionsEnd = flags & MSG_CHECKSUM_PRESENT ? end - 4 : end;
    let offset = HEADER_SIZE + 4;
    let body: Document | undefined;
    const sequences: Record<string, Document[] | RawDocuments> = {};
    while (offset < sectionsEnd) {
      const kind = message[offset];
      offset += 1;
      if (kind === 0) {
        if (body) throw new ProtocolError('OP_MSG with two body sections');
        const read = readDocument(message, offset, sectionsEnd);
        body = read.doc;
        offset = read.next;
      } else if (kind === 1) {
        if (offset + 4 > sectionsEnd) throw new ProtocolError('truncated document sequence');
        const size = message.readInt32LE(offset);
        const sequenceEnd = offset + size;
        if (size < 5 || sequenceEnd > sectionsEnd) throw new ProtocolError(`invalid document sequence size ${size}`);
        const id = readCString(message, offset + 4, sequenceEnd);
        // An insert's documents are stored as the BSON they arrive in, checked without decoding them: a large
        // insertMany never holds thousands of decoded documents at a time.
        const raw = id.value === 'documents' && body !== undefined && Object.keys(body)[0] === 'insert';
        const docs: Document[] = [];
        const entries: Array<number | Document> = [];
        let cursor = id.next;
        while (cursor < sequenceEnd) {
          if (raw && cursor + 4 <= sequenceEnd) {
            const size = message.readInt32LE(cursor);
            if (cursor + size <= sequenceEnd && isPlainDocument(message, cursor, size)) {
              entries.push(cursor);
              cursor += size;
              continue;
            }
          }
          const read = readDocument(message, cursor, sequenceEnd);
          if (raw) entries.push(read.doc);
          else docs.push(read.doc);
          cursor = read.next;
        }
        sequences[id.value] = raw ? new RawDocuments(message, entries) : docs;
        offset = sequenceEnd;
      } else {
        throw new ProtocolError(`unknown OP_MSG section kind ${kind}`);
      }
    }
    if (!body) throw new ProtocolError('OP_MSG without a body section');
    // Document sequences (e.g. insert's `documents`) are equivalent to array fields of the body.
    Object.assign(body, sequences);
    return { kind: 'msg', requestId, body, moreToCome: (flags & MSG_MORE_TO_COME) !== 0 };
  }

  throw new ProtocolError(`unsupported opcode ${opCode}`);
}

function header(buffer: Buffer, requestId: number, responseTo: number, opCode: number): void {
  buffer.writeInt32LE(buffer.length, 0);
  buffer.writeInt32LE(requestId, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(opCode, 12);
}

/** OP_REPLY carrying one document: the answer to a legacy OP_QUERY command. */
export function encodeReply(requestId: number, responseTo: number, doc: Document): Buffer {
  // header, responseFlags(4), cursorID(8), startingFrom(4), numberReturned(4), then the document
  const buffer = serializeReply(doc, HEADER_SIZE + 20);
  header(buffer, requestId, responseTo, OpCode.REPLY);
  buffer.fill(0, HEADER_SIZE, HEADER_SIZE + 16);
  buffer.writeInt32LE(1, HEADER_SIZE + 16);
  return buffer;
}

/** A message too large to build in one buffer: its first bytes, then its body to stream (see connection.ts). */
export interface StreamedMessage {
  header: Buffer;
  body: ReplyParts;
}

/** Messages up to this size are built in one buffer; larger ones are streamed. */
export const STREAM_THRESHOLD = 1024 * 1024;

/**
 * OP_MSG with a single body section; cursor batches may be RawBatch values (documents already in BSON). A message
 * larger than STREAM_THRESHOLD is left in parts, to be streamed.
 */
export function encodeMsgParts(requestId: number, responseTo: number, doc: Document): Buffer | StreamedMessage {
  const body = ReplyParts.of(doc);
  const prefix = HEADER_SIZE + 5;
  const streamed = body.size > STREAM_THRESHOLD;
  const buffer = streamed ? Buffer.allocUnsafe(prefix) : body.toBuffer(prefix);
  buffer.writeInt32LE(prefix + body.size, 0);
  buffer.writeInt32LE(requestId, 4);
  buffer.writeInt32LE(responseTo, 8);
  buffer.writeInt32LE(OpCode.MSG, 12);
  buffer.fill(0, HEADER_SIZE, HEADER_SIZE + 5); // flagBits 0, then section kind 0
  return streamed ? { header: buffer, body } : buffer;
}
