import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@hit/ui';
import { EXPORT_NEEDS_NETWORK, ExportData, fileNameOf } from './ExportData';

/** An answer with headers and a body to read as a Blob (the shared mock answers text only). */
function download(status: number, body: string, headers: Record<string, string> = {}) {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    blob: async () => new Blob([body]),
    json: async () => JSON.parse(body) as unknown,
  } as unknown as Response;
}

let saved: { href: string; download: string }[];
let fetchMock: jest.Mock;

beforeEach(() => {
  saved = [];
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => `blob:export-${saved.length}`);
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => jest.restoreAllMocks());

function renderExport() {
  render(
    <ThemeProvider>
      <ExportData />
    </ThemeProvider>,
  );
  return userEvent.setup();
}

describe('Export your data', () => {
  it('downloads the CSV with local times under the name the api gives it, and the JSON', async () => {
    fetchMock
      .mockResolvedValueOnce(
        download(200, 'Date,Workout Name\r\n', {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename=hit-tracker-2026-11-26.csv',
        }),
      )
      .mockResolvedValueOnce(
        download(200, '{}', { 'Content-Disposition': 'attachment; filename="hit-tracker-2026-11-26.json"' }),
      );
    const user = renderExport();
    expect(screen.getByRole('region', { name: 'Export your data' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await screen.findByRole('button', { name: 'Download CSV' });
    expect(fetchMock).toHaveBeenLastCalledWith(
      `/api/export/csv?timezoneOffsetMinutes=${new Date().getTimezoneOffset()}`,
      expect.objectContaining({ credentials: 'include' }),
    );
    expect(saved).toEqual([{ href: 'blob:export-0', download: 'hit-tracker-2026-11-26.csv' }]);

    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    await screen.findByRole('button', { name: 'Download JSON' });
    expect(fetchMock).toHaveBeenLastCalledWith('/api/export/json', expect.objectContaining({ credentials: 'include' }));
    expect(saved[1]).toEqual({ href: 'blob:export-1', download: 'hit-tracker-2026-11-26.json' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why nothing was downloaded: the api refused (429), or there is no connection', async () => {
    const limited = 'You downloaded your data 10 times in the last hour. Please wait an hour and try again.';
    fetchMock
      .mockResolvedValueOnce(download(429, JSON.stringify({ message: limited })))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = renderExport();

    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(limited);

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPORT_NEEDS_NETWORK);
    expect(saved).toEqual([]);
  });

  it('shows the download as pending, both buttons waiting', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderExport();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(screen.getByRole('button', { name: 'Preparing...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeDisabled();
    answer(download(200, 'x', { 'Content-Disposition': 'attachment; filename=hit-tracker-2026-11-26.csv' }));
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it.each<[string | null, 'csv' | 'json', string]>([
    ['attachment; filename=hit-tracker-2026-11-26.csv', 'csv', 'hit-tracker-2026-11-26.csv'],
    ['attachment; filename="hit-tracker-2026-11-26.json"', 'json', 'hit-tracker-2026-11-26.json'],
    ["attachment; filename*=UTF-8''hit-tracker-2026-11-26.csv", 'csv', 'hit-tracker-2026-11-26.csv'],
    [null, 'json', 'hit-tracker.json'],
  ])('file name of %j', (disposition, format, name) => {
    expect(fileNameOf(disposition, format)).toBe(name);
  });
});
