import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Schema } from 'mongoose';
import { EmbeddedMongo } from '@hit/embedded-mongo';
import { connectDatabase, redactCredentials } from '../src/db';

describe('connectDatabase', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hit-api-data-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('without MONGODB_URI starts an embedded database whose data survives a restart', async () => {
    const first = await connectDatabase({ dataDir });
    expect(first.description).toContain(path.join(dataDir, 'db'));
    await first.connection.collection('notes').insertOne({ text: 'kept' });
    await first.close();

    const second = await connectDatabase({ dataDir });
    try {
      expect(await second.connection.collection('notes').findOne({}, { projection: { _id: 0 } })).toEqual({
        text: 'kept',
      });
    } finally {
      await second.close();
    }
  });

  it('with MONGODB_URI connects there and shares the driver client', async () => {
    const external = await EmbeddedMongo.start({ port: 0 });
    try {
      const database = await connectDatabase({ dataDir, mongodbUri: `${external.uri}/hit-external` });
      expect(database.connection.name).toBe('hit-external');
      expect(database.mongoClient).toBe(database.connection.getClient());
      await database.close();
    } finally {
      await external.stop();
    }
  });

  it('neutralises query operators smuggled into filters (sanitizeFilter)', async () => {
    const database = await connectDatabase({ dataDir });
    try {
      const User = database.connection.model('User', new Schema({ email: String }));
      await User.create({ email: 'ada@example.com' });
      const untrusted = JSON.parse('{ "$ne": null }');
      // Wrapped in $eq, the operator is just a (wrong) value: the query fails instead of matching every user.
      await expect(User.findOne({ email: untrusted })).rejects.toThrow(/Cast to string failed/);
      expect(await User.findOne({ email: 'ada@example.com' })).not.toBeNull();
    } finally {
      await database.close();
    }
  });
});

describe('redactCredentials', () => {
  it('hides the password of a connection string in logs', () => {
    expect(redactCredentials('mongodb+srv://hit:s3cr3t@cluster0.example.net/hit')).toBe(
      'mongodb+srv://hit:***@cluster0.example.net/hit',
    );
    expect(redactCredentials('mongodb://localhost:27017/hit')).toBe('mongodb://localhost:27017/hit');
  });
});
