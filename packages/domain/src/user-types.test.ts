import { describe, expect, it } from 'vitest';
import { isAdministratorUserType } from './user-types.ts';

describe('isAdministratorUserType', () => {
  it.each(['Admin', 'Administrator', 'Super Admin', 'Super Administrator', 'super  admin', ' ADMIN '])(
    'is true for %j',
    (name) => expect(isAdministratorUserType(name)).toBe(true),
  );
  it.each([
    'Standard',
    'Read Only',
    'Email Only',
    '',
    'Business Manager Admin',
    'Admin Read Only',
    'Non-admin',
    'Administrators',
    'Superadmin user',
  ])('is false for %j', (name) => expect(isAdministratorUserType(name)).toBe(false));
});
