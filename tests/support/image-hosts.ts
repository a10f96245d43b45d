import { createUser } from './auth';
import { request, type TestServer } from './server';

/** Approves image hosts the way a manager does (General Settings → Approved image hosts), through the API. */
export async function approveImageHosts(t: TestServer, hosts: string[]): Promise<void> {
  const manager = await createUser(t, { role: 'manager' });
  const station = await request(t.url, '/api/settings/station', { token: manager.token });
  const res = await request(t.url, '/api/settings/station', { method: 'PUT', token: manager.token, body: { ...station.body, approvedImageHosts: hosts } });
  if (res.status !== 200) throw new Error(`approving image hosts answered ${res.status}: ${JSON.stringify(res.body)}`);
}
