/** The Reports screen's calls (issue 34): previews, downloads and corrections of the play log. */
import { useQuery } from '@tanstack/react-query';
import type { PlayRights, PplReport, PplTerritoryReport } from '../../../shared/licensing';
import { ApiError, currentAccessToken, endpoint } from '../app/api';
import { getApiBase } from '../platform';

/** One play of the play log preview (`GET /api/reports/plays/preview`). */
export interface PlayLogLine {
  id: number;
  startMs: number;
  endMs: number;
  durationSeconds: number;
  artist: string;
  title: string;
  album: string;
  label: string;
  catalogueNumber: string;
  isrc: string;
  composer: string;
  source: 'automation' | 'live' | 'manual';
  show: string;
  presenter: string;
  listeners: number;
}

export interface PlayLogPreview {
  from: string;
  to: string;
  plays: PlayLogLine[];
  total: number;
  musicbrainz: boolean;
}

export interface MusicBrainzAnswer {
  found: boolean;
  suggestion: { isrc: string; album: string; label: string; catalogue_number: string; title: string; artist: string } | null;
}

/** The reports that are files; their preview is the file itself, read as a table. */
export const FILE_REPORTS = {
  usage: { path: '/api/reports/ppl-usage', separator: ',' },
  prs: { path: '/api/reports/prs', separator: ',' },
  soundexchange: { path: '/api/reports/soundexchange', separator: '^' },
  plays: { path: '/api/reports/plays', separator: ',' },
} as const;
export type FileReport = keyof typeof FILE_REPORTS;

const range = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
const ppl = endpoint<PplReport, [from: string, to: string]>('GET', (from, to) => `/api/reports/ppl?${range(from, to)}`);
const territory = endpoint<PplTerritoryReport, [from: string, to: string]>('GET', (from, to) => `/api/reports/ppl-territory?${range(from, to)}`);
const playLog = endpoint<PlayLogPreview, [from: string, to: string]>('GET', (from, to) => `/api/reports/plays/preview?${range(from, to)}`);
export const savePlayRights = endpoint<Required<PlayRights>, [id: number, body: PlayRights]>('PATCH', (id, body) => ({ path: `/api/reports/plays/${id}`, body }));
export const lookUpMusicBrainz = endpoint<MusicBrainzAnswer, [id: number]>('POST', (id) => `/api/reports/plays/${id}/musicbrainz`);

export const usePplReport = (from: string, to: string, enabled: boolean) => useQuery({ queryKey: ['reports', 'ppl', from, to], queryFn: () => ppl(from, to), enabled });
export const useTerritoryReport = (from: string, to: string, enabled: boolean) => useQuery({ queryKey: ['reports', 'territory', from, to], queryFn: () => territory(from, to), enabled });
export const usePlayLog = (from: string, to: string, enabled: boolean) => useQuery({ queryKey: ['reports', 'plays', from, to], queryFn: () => playLog(from, to), enabled });

/** A report file as the server writes it (the staff token sent), with the name it suggests. */
export async function fetchReportFile(kind: FileReport, from: string, to: string): Promise<{ text: string; name: string; type: string }> {
  const token = await currentAccessToken();
  const res = await fetch(`${getApiBase()}${FILE_REPORTS[kind].path}?${range(from, to)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  if (!res.ok) throw new ApiError(res.status, res.status >= 500 ? 'internal' : 'bad_request', `The station answered ${res.status}.`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}-${from}-${to}.txt`;
  return { text: await res.text(), name, type: res.headers.get('content-type') ?? 'text/plain' };
}

export const useReportFile = (kind: FileReport, from: string, to: string, enabled: boolean) =>
  useQuery({ queryKey: ['reports', 'file', kind, from, to], queryFn: () => fetchReportFile(kind, from, to), enabled });

/** Reads a report file into rows: CSV (quoted cells, doubled quotes) or SoundExchange's caret-separated lines. */
export function readTable(text: string, separator: ',' | '^'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"' && separator === ',') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
