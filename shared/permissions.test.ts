import { describe, expect, it } from 'vitest';
import {
  ROLES,
  can,
  canCreateUser,
  canDeleteUser,
  canEditUser,
  canManageShow,
  creatableRoles,
  presenterRoleLabel,
  rank,
  sidebarItems,
  type Role,
} from './permissions';

describe('role order', () => {
  it('ranks owner highest and probation lowest, with no profile meaning guest', () => {
    const ranks = ROLES.map((r) => rank(r));
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect(rank(null)).toBe(rank('guest'));
  });
  it('shows an unknown presenter role as Presenter', () => {
    expect(presenterRoleLabel('dj-extraordinaire')).toBe('Presenter');
    expect(presenterRoleLabel('moderator')).toBe('Moderator');
  });
});

describe('the capability table of spec 000 §6', () => {
  const table: Record<string, Role[]> = {
    'settings.access': ['owner', 'manager'],
    // 001 §"Settings": "The Discord tab and card are owner only."
    'settings.discord': ['owner'],
    'shows.editAll': ['owner', 'manager', 'admin'],
    'shows.approve': ['owner', 'manager', 'admin', 'moderator'],
    'panel.view': [...ROLES],
    'users.manage': ['owner', 'manager', 'admin', 'moderator'],
    'requests.manage': [...ROLES],
    'requests.delete': ['owner', 'manager', 'admin', 'moderator'],
  };
  for (const [cap, allowed] of Object.entries(table)) {
    it(`${cap}: exactly ${allowed.join(', ')}`, () => {
      for (const role of ROLES) expect(can(role, cap as Parameters<typeof can>[1]), `${role} ${cap}`).toBe(allowed.includes(role));
    });
  }
  it('refuses everything to no role', () => {
    expect(can(null, 'panel.view')).toBe(false);
  });
});

describe('creating users', () => {
  it('follows the creation rules', () => {
    expect(creatableRoles('owner')).toEqual([...ROLES]);
    expect(creatableRoles('manager')).not.toContain('owner');
    expect(creatableRoles('admin')).toEqual(['admin', 'moderator', 'presenter', 'guest', 'probation']);
    expect(creatableRoles('moderator')).toEqual(['presenter', 'guest', 'probation']);
    expect(creatableRoles('presenter')).toEqual([]);
    expect(canCreateUser('moderator', 'admin')).toBe(false);
    expect(canCreateUser('moderator', 'probation')).toBe(true);
  });
});

describe('editing and deleting users', () => {
  it('lets an actor edit equal or lower ranks only', () => {
    expect(canEditUser('admin', 'admin')).toBe(true);
    expect(canEditUser('admin', 'manager')).toBe(false);
    expect(canEditUser('moderator', 'presenter')).toBe(true);
    expect(canEditUser('moderator', 'guest')).toBe(true);
    expect(canEditUser('presenter', 'guest')).toBe(false);
  });
  it('needs a strictly higher rank to delete', () => {
    expect(canDeleteUser('admin', 'manager')).toBe(false);
    expect(canDeleteUser('admin', 'admin')).toBe(false);
    expect(canDeleteUser('admin', 'moderator')).toBe(true);
    expect(canDeleteUser('owner', 'manager')).toBe(true);
    expect(canDeleteUser('presenter', 'probation')).toBe(false);
  });
});

describe('show ownership', () => {
  it('lets moderators manage any show and others only their own', () => {
    const show = { created_by: 'u1', presenter_user_id: 'u2' };
    expect(canManageShow({ id: 'x', role: 'moderator' }, show)).toBe(true);
    expect(canManageShow({ id: 'u1', role: 'presenter' }, show)).toBe(true);
    expect(canManageShow({ id: 'u2', role: 'probation' }, show)).toBe(true);
    expect(canManageShow({ id: 'u3', role: 'presenter' }, show)).toBe(false);
  });

  it('for a show without a presenter: its creator and moderators up, nobody else (no id matches a missing presenter)', () => {
    const show = { created_by: 'u1', presenter_user_id: null };
    expect(canManageShow({ id: 'u1', role: 'presenter' }, show)).toBe(true);
    expect(canManageShow({ id: 'u1', role: 'guest' }, show)).toBe(true);
    expect(canManageShow({ id: 'x', role: 'moderator' }, show)).toBe(true);
    for (const role of ['admin', 'manager', 'owner'] as const) expect(canManageShow({ id: 'x', role }, show), role).toBe(true);
    for (const role of ['presenter', 'probation', 'guest'] as const) expect(canManageShow({ id: 'u3', role }, show), role).toBe(false);
    // Neither a creator nor a presenter: only moderators and up.
    const orphan = { created_by: null, presenter_user_id: null };
    expect(canManageShow({ id: 'u3', role: 'presenter' }, orphan)).toBe(false);
    expect(canManageShow({ id: '', role: 'probation' }, orphan)).toBe(false);
    expect(canManageShow({ id: 'x', role: 'moderator' }, orphan)).toBe(true);
  });
});

describe('sidebar', () => {
  const keys = (r: Role) => sidebarItems(r).map((i) => i.key);
  it('gives everyone Dashboard, Shows and DJs & Staff', () => {
    for (const r of ROLES) expect(keys(r)).toEqual(expect.arrayContaining(['dashboard', 'shows', 'djs']));
  });
  it('shows a moderator Applications, User Management and Logs but not Pages or Settings', () => {
    expect(keys('moderator')).toEqual(expect.arrayContaining(['applications', 'users', 'logs']));
    expect(keys('moderator')).not.toContain('pages');
    expect(keys('moderator')).not.toContain('settings');
  });
  it('shows Settings to owner and manager only, Pages from admin up', () => {
    expect(ROLES.filter((r) => keys(r).includes('settings'))).toEqual(['owner', 'manager']);
    expect(ROLES.filter((r) => keys(r).includes('pages'))).toEqual(['owner', 'manager', 'admin']);
  });
  it('shows Audience to every role but guest (issue 21), and the whole station from moderator up', () => {
    expect(ROLES.filter((r) => keys(r).includes('audience'))).toEqual(['owner', 'manager', 'admin', 'moderator', 'presenter', 'probation']);
    expect(ROLES.filter((r) => can(r, 'audience.viewAll'))).toEqual(['owner', 'manager', 'admin', 'moderator']);
  });
  it('shows a presenter no staff-only items', () => {
    expect(keys('presenter')).not.toEqual(expect.arrayContaining(['applications']));
    expect(keys('presenter')).not.toContain('users');
  });
});
