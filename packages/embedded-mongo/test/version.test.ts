/**
 * The MongoDB version the embedded server answers as (src/version.ts): 8.0 by default, 7.0 with
 * `EmbeddedMongo.start({ mongoVersion: '7.0' })` (the CLI's `--mongo-version 7.0`, durability.test.ts), for code that
 * must also work against a 7.0 deployment. Null against Undefined in each version: types.deprecated.test.ts.
 */
import { MongoClient, MongoClientBulkWriteError, MongoServerError, type Document } from 'mongodb';
import { EmbeddedMongo, type MongoVersion } from '@hit/embedded-mongo';
import { embeddedOnlyReason } from './target';

const describeEmbedded = embeddedOnlyReason ? describe.skip : describe;

describeEmbedded(
  `the MongoDB version the server answers as (embedded server only${embeddedOnlyReason ? `; skipped: ${embeddedOnlyReason}` : ''})`,
  () => {
    const servers = new Map<MongoVersion, { server: EmbeddedMongo; client: MongoClient }>();
    const clientOf = (version: MongoVersion) => servers.get(version)!.client;

    beforeAll(async () => {
      for (const mongoVersion of [undefined, '7.0'] as const) {
        const server = await EmbeddedMongo.start(mongoVersion ? { mongoVersion } : {});
        const client = await MongoClient.connect(server.uri);
        servers.set(mongoVersion ?? '8.0', { server, client });
      }
    });

    afterAll(async () => {
      for (const { server, client } of servers.values()) {
        await client.close();
        await server.stop();
      }
    });

    test.each([
      ['8.0', 25, [8, 0]],
      ['7.0', 21, [7, 0]],
    ] as const)(
      '%s: hello, buildInfo, serverStatus and the feature compatibility version say so',
      async (version, wire, array) => {
        const admin = clientOf(version).db('admin');
        expect((await admin.command({ hello: 1 })).maxWireVersion).toBe(wire);
        expect((await admin.command({ isMaster: 1 })).maxWireVersion).toBe(wire);
        const info = await admin.command({ buildInfo: 1 });
        expect(info.version.startsWith(`${version}.`)).toBe(true);
        expect(info.versionArray.slice(0, 2)).toEqual(array);
        expect((await admin.command({ serverStatus: 1 })).version).toBe(info.version);
        const fcv = await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 });
        expect(fcv.featureCompatibilityVersion).toEqual({ version });
      },
    );

    test('7.0 has no bulkWrite command (CommandNotFound), through the driver as through a command', async () => {
      const client = clientOf('7.0');
      const command = {
        bulkWrite: 1,
        ops: [{ insert: 0, document: { _id: 1 } }],
        nsInfo: [{ ns: 'version_7.sets' }],
      };
      await expect(client.db('admin').command(command)).rejects.toMatchObject({
        code: 59,
        codeName: 'CommandNotFound',
        message: "no such command: 'bulkWrite'",
      });
      let failure: unknown;
      try {
        await client.bulkWrite<Record<string, { _id: number }>>([
          { namespace: 'version_7.sets', name: 'insertOne', document: { _id: 1 } },
        ]);
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(MongoClientBulkWriteError);
      expect((failure as MongoClientBulkWriteError).cause).toBeInstanceOf(MongoServerError);
      expect((failure as MongoClientBulkWriteError).cause).toMatchObject({ code: 59 });
      expect(await client.db('version_7').collection('sets').countDocuments()).toBe(0);
      // 8.0 runs the same command.
      await expect(clientOf('8.0').db('admin').command(command)).resolves.toMatchObject({ ok: 1, nInserted: 1 });
    });

    test("7.0 takes neither an update statement's sort nor distinct's hint (unknown fields, 40415)", async () => {
      const db = clientOf('7.0').db('version_7');
      await db.collection('items').insertMany([{ n: 1 }, { n: 2 }] as Document[]);
      await db.collection('items').createIndex({ n: 1 });
      const sorted = db.command({ update: 'items', updates: [{ q: {}, u: { $set: { a: 1 } }, sort: { n: -1 } }] });
      await expect(sorted).rejects.toMatchObject({
        code: 40415,
        message: "BSON field 'update.updates.sort' is an unknown field.",
      });
      // The driver's updateOne with sort sends the same statement.
      await expect(db.collection('items').updateOne({}, { $set: { a: 1 } }, { sort: { n: -1 } })).rejects.toMatchObject(
        { code: 40415 },
      );
      await expect(db.command({ distinct: 'items', key: 'n', hint: { n: 1 } })).rejects.toMatchObject({
        code: 40415,
        message: "BSON field 'distinct.hint' is an unknown field.",
      });
      expect(await db.collection('items').countDocuments({ a: 1 })).toBe(0);
    });

    test('an unknown version is refused', async () => {
      await expect(EmbeddedMongo.start({ mongoVersion: '6.0' as MongoVersion })).rejects.toThrow(RangeError);
    });
  },
);
