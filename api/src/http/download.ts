import { PassThrough } from 'node:stream';
import type { Response } from 'express';
import { exportFileName, type ExportFormat } from '@hit/contracts';
import { logger } from '../logger';
import type { ExportSink } from '../services/export';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The client went away during a download: nothing to answer. */
class DownloadAborted extends Error {
  override name = 'DownloadAborted';
}

/** Waits until `body` takes more (rejects if the client leaves meanwhile). */
function drained(body: PassThrough, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      res.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      body.off('drain', onDrain);
      reject(new DownloadAborted());
    };
    body.once('drain', onDrain);
    res.once('close', onClose);
  });
}

/**
 * Sends a file the service writes piece by piece, as a dated attachment. A failure before the first piece is an
 * ordinary error answer (503 when the database is down); after it, the connection is cut so the browser reports a
 * failed download rather than keeping a truncated file. The pieces go through a stream piped to the response, whose
 * back-pressure is the pipe's: waiting for the response's own 'drain' each time its buffer was full added a listener
 * that compression() moves onto its gzip stream, where `once` cannot take it off again (hundreds of them in a 30k-set
 * export, and Node's MaxListenersExceededWarning).
 */
export async function sendDownload(res: Response, format: ExportFormat, write: (sink: ExportSink) => Promise<void>) {
  res.attachment(exportFileName(format, new Date()));
  res.type(CONTENT_TYPES[format]);
  const body = new PassThrough();
  body.pipe(res);
  try {
    await write(async (chunk) => {
      if (res.destroyed) throw new DownloadAborted();
      if (!body.write(chunk)) await drained(body, res);
    });
    body.end();
  } catch (error) {
    body.unpipe(res);
    body.destroy();
    if (error instanceof DownloadAborted) return;
    if (!res.headersSent) {
      res.removeHeader('Content-Disposition');
      throw error;
    }
    logger.error('export failed while it was being sent', { format, error });
    res.destroy();
  }
}
