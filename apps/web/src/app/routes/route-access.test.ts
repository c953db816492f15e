import { describe, expect, it } from 'vitest';
import { homeFor, navEntriesFor, resolveAccess } from './route-access';

const labels = (role: Parameters<typeof navEntriesFor>[0]) =>
  navEntriesFor(role).map((entry) => entry.navLabel);

describe('homeFor', () => {
  it('sends admins and managers to /import, regular users to /assignments', () => {
    expect(homeFor('admin')).toBe('/import');
    expect(homeFor('manager')).toBe('/import');
    expect(homeFor('regular')).toBe('/assignments');
  });
});

describe('navEntriesFor', () => {
  const everyone = [
    'Assignments',
    'Timeline',
    'Kit Management',
    'Analytics',
    'Map',
    'Unavailabilities',
    'About',
  ];
  it('shows each role only its screens, in drawer order', () => {
    // "My schedule" comes first for every role.
    expect(labels('regular')).toEqual(['My schedule', ...everyone]);
    expect(labels('manager')).toEqual([
      'My schedule',
      'Data Management',
      'Job Ingestion & Review',
      'Roster',
      'Requests',
      ...everyone,
    ]);
    expect(labels('admin')).toEqual([
      'My schedule',
      'Data Management',
      'Job Ingestion & Review',
      'Roster',
      'Requests',
      ...everyone,
      'Admin',
    ]);
  });
});

describe('resolveAccess', () => {
  it('sends visitors without a token to /login from any path', () => {
    for (const path of ['/', '/admin', '/assignments', '/nowhere']) {
      expect(resolveAccess(path, null)).toEqual({ kind: 'redirect', to: '/login' });
    }
    expect(resolveAccess('/login', null)).toEqual({ kind: 'public' });
  });

  it('sends / and unknown paths to the role home', () => {
    expect(resolveAccess('/', 'manager')).toEqual({ kind: 'redirect', to: '/import' });
    expect(resolveAccess('/nowhere', 'regular')).toEqual({ kind: 'redirect', to: '/assignments' });
    expect(resolveAccess('/admin/extra', 'admin')).toEqual({ kind: 'redirect', to: '/import' });
  });

  it('sends a role that may not open a screen to /assignments', () => {
    expect(resolveAccess('/admin', 'regular')).toEqual({ kind: 'redirect', to: '/assignments' });
    expect(resolveAccess('/admin', 'manager')).toEqual({ kind: 'redirect', to: '/assignments' });
    expect(resolveAccess('/import', 'regular')).toEqual({ kind: 'redirect', to: '/assignments' });
    expect(resolveAccess('/schedule', 'regular')).toEqual({ kind: 'redirect', to: '/assignments' });
  });

  it('allows each role its screens, trailing slash included', () => {
    expect(resolveAccess('/admin', 'admin')).toMatchObject({
      kind: 'allow',
      route: { title: 'Admin' },
    });
    expect(resolveAccess('/schedule/', 'manager')).toMatchObject({
      kind: 'allow',
      route: { title: 'Job Ingestion & Review' },
    });
    expect(resolveAccess('/about', 'regular')).toMatchObject({ kind: 'allow' });
  });

  it('sends a signed-in visitor at /login home', () => {
    expect(resolveAccess('/login', 'admin')).toEqual({ kind: 'redirect', to: '/import' });
    expect(resolveAccess('/login', 'regular')).toEqual({ kind: 'redirect', to: '/assignments' });
  });
});
