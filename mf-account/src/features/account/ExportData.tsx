import { useId, useState } from 'react';
import type { ExportFormat } from '@hit/contracts';
import { fetchNotingReachability, isNetworkFailure } from '@hit/platform';
import { Alert, Button, theme } from '@hit/ui';
import styled from 'styled-components';

const Part = styled.section`
  display: grid;
  gap: ${theme.space.xs};
`;

const Heading = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
`;

const Note = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

/** Side by side where both labels fit (the dialog from tablets up), stacked on a phone's sheet. */
const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  gap: ${theme.space.sm};
`;

/** GET /api/export/csv and /json (the api's paths; the contracts' constants would bring zod into this bundle). */
const PATHS: Record<ExportFormat, string> = { csv: '/api/export/csv', json: '/api/export/json' };
export const EXPORT_NEEDS_NETWORK =
  'No connection: downloading your data needs the server. Try again when you are online.';
export const EXPORT_FAILED = 'Your data could not be downloaded. Please try again.';

/** The name the api gives the file (`attachment; filename=hit-tracker-2026-11-26.csv`). */
export function fileNameOf(disposition: string | null, format: ExportFormat): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  return match ? decodeURIComponent(match[1]) : `hit-tracker.${format}`;
}

/** The api's `{ message }` of a refusal (429: too many downloads), or a general sentence. */
async function refusalText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: the general sentence.
  }
  return EXPORT_FAILED;
}

/** Downloads one export: fetched with the session cookie, then saved under the api's file name. */
async function download(format: ExportFormat): Promise<void> {
  // The CSV's dates are local times, as Strong writes them: the api is told this device's offset.
  const query = format === 'csv' ? `?timezoneOffsetMinutes=${new Date().getTimezoneOffset()}` : '';
  const response = await fetchNotingReachability(`${PATHS[format]}${query}`, { credentials: 'include' });
  if (!response.ok) throw new Error(await refusalText(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), format);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The account panel's 'Export' part (docs/product-rules.md, "Your data and your account"): the lifter's data as a CSV in
 * Strong's layout or as one JSON file. Open to every signed-in user, whatever their subscription: their data is theirs.
 */
export function ExportData() {
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const noteId = useId();

  const start = async (format: ExportFormat) => {
    setPending(format);
    setFailure(null);
    try {
      await download(format);
    } catch (error) {
      setFailure(
        isNetworkFailure(error) ? EXPORT_NEEDS_NETWORK : error instanceof Error ? error.message : EXPORT_FAILED,
      );
    } finally {
      setPending(null);
    }
  };

  return (
    <Part aria-labelledby={`${noteId}-heading`}>
      <Heading id={`${noteId}-heading`}>Export your data</Heading>
      <Note id={noteId}>
        CSV: every set in Strong&apos;s columns, for a spreadsheet or another app. JSON: everything HIT Tracker keeps
        for you.
      </Note>
      <Row>
        <Button
          variant="secondary"
          onClick={() => void start('csv')}
          disabled={pending !== null}
          aria-describedby={noteId}
        >
          {pending === 'csv' ? 'Preparing...' : 'Download CSV'}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void start('json')}
          disabled={pending !== null}
          aria-describedby={noteId}
        >
          {pending === 'json' ? 'Preparing...' : 'Download JSON'}
        </Button>
      </Row>
      {failure && (
        <Alert title="Not downloaded" variant="destructive">
          {failure}
        </Alert>
      )}
    </Part>
  );
}
