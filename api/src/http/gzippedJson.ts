import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Request, Response } from 'express';

const gunzipAsync = promisify(gunzip);

/**
 * Sends a cached gzipped JSON body as it is to a client that accepts gzip (compression() leaves an encoded body
 * alone), unzipped to one that does not.
 */
export async function sendGzippedJson(req: Request, res: Response, gzipped: Buffer): Promise<void> {
  res.type('application/json').vary('Accept-Encoding');
  if (req.acceptsEncodings('gzip')) res.set('Content-Encoding', 'gzip').send(gzipped);
  else res.send(await gunzipAsync(gzipped));
}
