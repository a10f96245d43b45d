import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/auth';
import { request, startTestServer, type TestServer } from '../support/server';

/**
 * The Logs API (filters, statistics, the streamed CSV export with RFC 4180
 * quoting and formula neutralising) and the dashboard data (001 §2, §7, §9).
 */

// Wednesday 2025-03-12 12:00 UTC (station zone Europe/London: same wall clock).
const NOW = Date.parse('2025-03-12T12:00:00Z');
const DAY = 86_400_000;
let t: TestServer;
let admin: TestUser;
let presenter: TestUser;

beforeAll(async () => {
  t = await startTestServer({ now: () => NOW });
  admin = await createUser(t, { role: 'admin', email: 'alice.admin@test.airdeck' });
  presenter = await createUser(t, { role: 'presenter', email: 'pat.presenter@test.airdeck' });
  const at = (msAgo: number) => new Date(NOW - msAgo);
  await t.server.ctx.knex('user_action_logs').insert([
    { user_email: 'alice.admin@test.airdeck', action_type: 'create', resource_type: 'custom_page', resource_name: 'About us', created_at: at(60_000), details: JSON.stringify({ slug: 'about' }) },
    { user_email: 'bob.mod@test.airdeck', action_type: 'update', resource_type: 'schedule_event', resource_name: 'Morning Jazz', created_at: at(DAY) },
    { user_email: 'bob.mod@test.airdeck', action_type: 'delete', resource_type: 'sponsored_content', resource_name: 'Old sponsor', created_at: at(3 * DAY) },
    { user_email: 'carol@test.airdeck', action_type: 'login', resource_type: 'session', resource_name: 'carol@test.airdeck', created_at: at(10 * DAY) },
    { user_email: 'dave@test.airdeck', action_type: 'update', resource_type: 'user', resource_name: 'Dave', created_at: at(45 * DAY) },
    { user_email: 'eve@test.airdeck', action_type: 'delete', resource_type: 'user', resource_name: 'Ancient', created_at: at(100 * DAY) },
    // Hostile and awkward values for the CSV.
    { user_email: '=cmd|calc@evil.example', action_type: 'create', resource_type: 'custom_page', resource_name: '=HYPERLINK("http://evil.example","click")', created_at: at(2 * 60_000) },
    { user_email: 'csv@test.airdeck', action_type: 'update', resource_type: 'custom_page', resource_name: 'Commas, "quotes"\nand lines', created_at: at(3 * 60_000), details: JSON.stringify({ note: '+1 and -1' }) },
    { user_email: 'csv@test.airdeck', action_type: 'update', resource_type: 'custom_page', resource_name: '@SUM(A1:A9)', created_at: at(4 * 60_000) },
    { user_email: 'csv@test.airdeck', action_type: 'update', resource_type: 'custom_page', resource_name: '-2+3', created_at: at(5 * 60_000) },
    { user_email: 'csv@test.airdeck', action_type: 'update', resource_type: 'custom_page', resource_name: '\tTabbed', created_at: at(6 * 60_000) },
  ]);
});
afterAll(() => t?.close());

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF inside quotes). */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

const logs = (q: string, token = admin.token) => request(t.url, `/api/logs${q}`, { token });

describe('logs list and stats', () => {
  it('lists the period newest first (default 30 days) and filters by action and search', async () => {
    const all = await logs('');
    expect(all.status).toBe(200);
    const names = all.body.logs.map((l: { resource_name: string }) => l.resource_name);
    expect(names[0]).toBe('About us');
    expect(names).toContain('carol@test.airdeck');
    expect(names).not.toContain('Dave');
    expect(names).not.toContain('Ancient');
    expect((await logs('?days=90')).body.logs.map((l: { resource_name: string }) => l.resource_name)).toContain('Dave');
    expect((await logs('?days=7')).body.logs.map((l: { resource_name: string }) => l.resource_name)).not.toContain('carol@test.airdeck');

    const deletes = await logs('?action=delete');
    expect(deletes.body.logs.map((l: { resource_name: string }) => l.resource_name)).toEqual(['Old sponsor']);
    // Search matches the user, the resource and the action, case-insensitively.
    expect((await logs('?q=BOB.MOD')).body.logs).toHaveLength(2);
    expect((await logs('?q=jazz')).body.logs.map((l: { user_email: string }) => l.user_email)).toEqual(['bob.mod@test.airdeck']);
    expect((await logs('?q=logi')).body.logs.map((l: { user_email: string }) => l.user_email)).toEqual(['carol@test.airdeck']);
    expect((await logs('?q=%25')).body.logs).toHaveLength(0);
    expect(all.body.logs[0]).toMatchObject({ user_email: 'alice.admin@test.airdeck', action_type: 'create', resource_type: 'custom_page', details: { slug: 'about' } });
  });

  it('refuses a bad period or action with a clear 400 and other roles with the spec’s text', async () => {
    const bad = await logs('?days=14');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Period must be 7, 30 or 90 days');
    expect((await logs('?action=explode')).status).toBe(400);
    const denied = await logs('', presenter.token);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe("You don't have permission to access the logs page.");
  });

  it('counts the period, today and this week (from Monday)', async () => {
    const res = await request(t.url, '/api/logs/stats?days=30', { token: admin.token });
    expect(res.status).toBe(200);
    // Today: the six rows of the last minutes; this week (Mon 10th): plus yesterday's.
    expect(res.body.stats).toMatchObject({ total_actions: 9, actions_today: 6, actions_this_week: 7 });
    expect(res.body.stats.top_users[0]).toEqual({ user_email: 'csv@test.airdeck', count: 4 });
  });
});

describe('CSV export', () => {
  it('keeps an anonymous sign-in attempt\'s typed email one cell, whatever separator the spreadsheet uses', async () => {
    const typed = 'x;=1+2;@sum(1+1)';
    const attempt = await request(t.url, '/api/auth/token', { method: 'POST', body: { email: typed, password: 'wrong password' } });
    expect(attempt.status).toBe(400);
    const res = await fetch(`${t.url}/api/logs/export?days=90&q=sum`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const line = text.split('\r\n').find((l) => l.includes('sum(1+1)'));
    expect(line, text).toBeDefined();
    // A continental spreadsheet (separator ";") reads the quoted cells whole: no cell starts a formula.
    for (const separator of [',', ';', '\t']) {
      const cells = parseCsv(`${line!}\r\n`, separator)[0]!;
      for (const cell of cells) expect(cell, `${JSON.stringify(separator)} ${cell}`).not.toMatch(/^[=+\-@]/);
      expect(cells.some((c) => c.includes(typed))).toBe(true);
    }
  });


  it('downloads every matching row as user-logs-{date}.csv, quoted per RFC 4180, formulas neutralised', async () => {
    const res = await fetch(`${t.url}/api/logs/export?days=90&q=custom_page`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="user-logs-2025-03-12.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte order mark first, so spreadsheet apps read the text as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith('"Date","User","Action"')).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Date', 'User', 'Action', 'Resource Type', 'Resource', 'Resource ID', 'Details']);
    const body = rows.slice(1);
    expect(body.map((r) => r[4])).toEqual(['About us', `'=HYPERLINK("http://evil.example","click")`, 'Commas, "quotes"\nand lines', "'@SUM(A1:A9)", "'-2+3", "'\tTabbed"]);
    expect(body[1]![1]).toBe("'=cmd|calc@evil.example");
    expect(body[2]![6]).toBe('{"note":"+1 and -1"}');
    expect(body[0]![0]).toBe(new Date(NOW - 60_000).toISOString());
    // The raw text: quotes doubled, the field with a newline quoted.
    expect(text).toContain('"Commas, ""quotes""\nand lines"');
    // Every cell quoted, numbers and plain words too.
    for (const line of text.split('\r\n').filter((l) => l && !l.includes('\n'))) expect(line, line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*")*$/);
    // The export itself is logged.
    const logged = await t.server.ctx.knex('user_action_logs').where({ action_type: 'export' }).first();
    expect(logged).toMatchObject({ user_email: admin.email, resource_type: 'user_action_logs' });
    expect((await fetch(`${t.url}/api/logs/export`, { headers: { Authorization: `Bearer ${presenter.token}` } })).status).toBe(403);
  });

  it('streams many rows in order without a length known up front', async () => {
    const base = NOW - 20 * DAY;
    const rows = Array.from({ length: 5000 }, (_, i) => ({ user_email: `bulk${i % 7}@test.airdeck`, action_type: 'update', resource_type: 'bulk', resource_name: `Row ${i}`, created_at: new Date(base + i * 1000) }));
    for (let i = 0; i < rows.length; i += 1000) await t.server.ctx.knex('user_action_logs').insert(rows.slice(i, i + 1000));
    const res = await fetch(`${t.url}/api/logs/export?q=bulk&days=30`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const parsed = parseCsv(await res.text()).slice(1);
    expect(parsed).toHaveLength(5000);
    expect(parsed[0]![4]).toBe('Row 4999');
    expect(parsed[4999]![4]).toBe('Row 0');
    expect(new Set(parsed.map((r) => r[4])).size).toBe(5000);
  });
});

describe('dashboard', () => {
  it('gives the top rated song this month by net votes, only songs with votes', async () => {
    const knex = t.server.ctx.knex;
    const empty = await request(t.url, '/api/dashboard', { token: presenter.token });
    expect(empty.status).toBe(200);
    expect(empty.body.top_song).toBeNull();
    const tracks = await knex('tracks')
      .insert([
        { track_key: 'a', title: 'Alpha', artist: 'A' },
        { track_key: 'b', title: 'Bravo', artist: 'B' },
        { track_key: 'c', title: 'Charlie', artist: 'C' },
        { track_key: 'd', title: 'Delta', artist: 'D' },
      ])
      .returning<{ id: string; title: string }[]>(['id', 'title']);
    const id = (title: string) => tracks.find((x) => x.title === title)!.id;
    const votes: { track_id: string; user_session: string; vote_type: string; created_at: Date }[] = [];
    const add = (title: string, up: number, down: number, when = new Date(NOW - DAY)) => {
      for (let i = 0; i < up; i++) votes.push({ track_id: id(title), user_session: `s-${title}-u${i}`, vote_type: 'up', created_at: when });
      for (let i = 0; i < down; i++) votes.push({ track_id: id(title), user_session: `s-${title}-d${i}`, vote_type: 'down', created_at: when });
    };
    add('Alpha', 3, 1); // net 2
    add('Bravo', 6, 5); // net 1 with more votes
    add('Charlie', 9, 0, new Date(Date.parse('2025-02-27T12:00:00Z'))); // last month: not counted
    await knex('track_votes').insert(votes);
    const res = await request(t.url, '/api/dashboard', { token: presenter.token });
    expect(res.body.top_song).toMatchObject({ title: 'Alpha', net: 2, up: 3, down: 1 });
  });

  it('lists the 3 newest pending requests of each kind, the next 3 shows and the presenter’s remaining hours', async () => {
    const knex = t.server.ctx.knex;
    const ago = (m: number) => new Date(NOW - m * 60_000);
    await knex('song_requests').insert([
      { title: 'S1', artist: 'X', requester: 'R', status: 'pending', created_at: ago(40) },
      { title: 'S2', artist: 'X', requester: 'R', status: 'pending', created_at: ago(30) },
      { title: 'S3', artist: 'X', requester: 'R', status: 'approved', created_at: ago(20) },
      { title: 'S4', artist: 'X', requester: 'R', status: 'pending', created_at: ago(10) },
      { title: 'S5', artist: 'X', requester: 'R', status: 'pending', created_at: ago(5) },
      { title: 'C1', artist: 'X', requester: 'R', status: 'pending', request_type: 'custom', created_at: ago(1) },
    ]);
    await knex('shoutout_requests').insert([{ requester_name: 'Jo', recipient_name: 'Mum', message: 'Hi', status: 'pending', created_at: ago(3) }]);
    await knex('general_requests').insert([{ name: 'Kim', email: 'kim@example.com', subject: 'feedback', message: 'Great', status: 'closed', created_at: ago(3) }]);
    const [pres] = await knex('presenters').insert({ name: 'Pat', role: 'presenter', user_id: presenter.id }).returning<{ id: string }[]>('id');
    await knex('schedule_events').insert([
      { title: 'Past', type: 'show', status: 'scheduled', event_date: '2025-03-12', start_time: '08:00:00', end_time: '09:00:00', presenter_id: pres!.id },
      { title: 'Next A', type: 'show', status: 'scheduled', event_date: '2025-03-12', start_time: '18:00:00', end_time: '18:30:00', presenter_id: pres!.id },
      { title: 'Cancelled', type: 'show', status: 'cancelled', event_date: '2025-03-13', start_time: '10:00:00', end_time: '12:00:00', presenter_id: pres!.id },
      { title: 'Next B', type: 'show', status: 'pending', event_date: '2025-03-14', start_time: '10:00:00', end_time: '11:00:00' },
      { title: 'Maintenance', type: 'maintenance', status: 'scheduled', event_date: '2025-03-14', start_time: '12:00:00', end_time: '13:00:00' },
      { title: 'Next C', type: 'show', status: 'scheduled', event_date: '2025-03-20', start_time: '10:00:00', end_time: '11:00:00' },
      { title: 'Later', type: 'show', status: 'scheduled', event_date: '2025-03-21', start_time: '10:00:00', end_time: '11:00:00' },
    ]);
    const res = await request(t.url, '/api/dashboard', { token: presenter.token });
    expect(res.body.pending.song.map((r: { title: string }) => r.title)).toEqual(['S5', 'S4', 'S2']);
    expect(res.body.pending.shoutout.map((r: { recipient_name: string }) => r.recipient_name)).toEqual(['Mum']);
    expect(res.body.pending.general).toEqual([]);
    expect(res.body.upcoming.map((r: { title: string }) => r.title)).toEqual(['Next A', 'Next B', 'Next C']);
    expect(res.body.upcoming[0]).toMatchObject({ event_date: '2025-03-12', start_time: '18:00:00' });
    // 1 h + 30 min this week (the cancelled show does not count): 0.5 h still to book.
    expect(res.body.hours).toMatchObject({ remaining: 0.5, scheduled: 1.5, required: 2, week_start: '2025-03-10', week_end: '2025-03-16' });
    expect((await request(t.url, '/api/dashboard', { token: admin.token })).body.hours).toBeNull();
    expect((await request(t.url, '/api/dashboard')).status).toBe(401);
  });
});
