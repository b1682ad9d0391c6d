import { describe, expect, it } from 'vitest';
import { Role } from './roles.ts';
import {
  isDigitsOnly,
  whyNotCancellable,
  isIgnorableSearch,
  isValidComment,
  isValidEmail,
  isValidPhone,
  searchFilterType,
  truncate,
} from './rules.ts';
import { limits } from './limits.ts';

describe('isValidEmail', () => {
  it.each([
    'sam.standard@agency.example',
    'Sam.Standard@Agency.Example',
    'a+b@x.co',
    "o'neil@client.example",
  ])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));
  it.each([
    '',
    'sam',
    'sam@',
    '@agency.example',
    'sam @agency.example',
    'sam@agency',
    'sam@agency..example',
    'sam,x@agency.example',
    'sam<x>@agency.example',
    ' sam@agency.example',
    'sam@agency.example.',
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));
  it('refuses an address longer than 100 characters', () => {
    expect(isValidEmail(`${'a'.repeat(95)}@x.com`)).toBe(false);
  });
});

describe('search input', () => {
  it('searches mail when the input holds @, otherwise display name', () => {
    expect(searchFilterType('sam@agency.example')).toBe('mail');
    expect(searchFilterType('Sam Standard')).toBe('displayname');
  });
  it('ignores a single space', () => {
    expect(isIgnorableSearch(' ')).toBe(true);
    expect(isIgnorableSearch('sam')).toBe(false);
  });
});

describe('isValidComment', () => {
  it.each(['Need access for the Q4 campaign', 'abcd', 'ab cd'])('accepts %j', (c) =>
    expect(isValidComment(c)).toBe(true),
  );
  it.each([
    ['', 'empty'],
    ['   ', 'blank'],
    ['abc', 'three letters'],
    ['a b c', 'three non-space'],
    ['1234 5678', 'no letters'],
    ['ab12', 'two letters'],
    [null, 'null'],
  ])('refuses %j (%s)', (c, _reason) => expect(isValidComment(c)).toBe(false));
  it('counts letters of every alphabet', () => {
    expect(isValidComment('Zugriff für Kampagne')).toBe(true);
  });
  it('refuses more than 500 characters', () => {
    expect(isValidComment('a'.repeat(limits.comment))).toBe(true);
    expect(isValidComment('a'.repeat(limits.comment + 1))).toBe(false);
  });
});

describe('isDigitsOnly', () => {
  it('flags text made of digits only', () => {
    expect(isDigitsOnly('12345')).toBe(true);
    expect(isDigitsOnly(' 42 ')).toBe(true);
    expect(isDigitsOnly('Agency 42')).toBe(false);
    expect(isDigitsOnly('')).toBe(false);
  });
});

describe('isValidPhone', () => {
  it('accepts digits and phone punctuation', () => {
    expect(isValidPhone('+1 (555) 010-2030')).toBe(true);
  });
  it('refuses letters', () => {
    expect(isValidPhone('555-CALL')).toBe(false);
  });
  it('treats an empty value as failed', () => {
    expect(isValidPhone('')).toBe(false);
    expect(isValidPhone('  ')).toBe(false);
    expect(isValidPhone(null)).toBe(false);
  });
});

describe('truncate', () => {
  it('cuts at the limit with an ellipsis', () => {
    expect(truncate('a'.repeat(71), 70)).toBe(`${'a'.repeat(70)}...`);
    expect(truncate('short', 70)).toBe('short');
    expect(truncate(null, 70)).toBe('');
  });
});

describe('whyNotCancellable (spec 1 §4)', () => {
  const sam = { email: 'sam@agency.example', roleId: Role.STANDARD };
  const sue = { email: 'sue@agency.example', roleId: Role.SUPERADMIN };
  const line = (statusId: number, status: string, createdByEmail: string) => ({
    statusId,
    status,
    createdByEmail,
  });

  it('lets the requestor cancel their Submitted line, whatever the case of the email', () => {
    expect(whyNotCancellable(line(1, 'Submitted', 'Sam@Agency.example'), sam)).toBeNull();
  });
  it('refuses a line someone else created, even Submitted, to all but the super admin', () => {
    expect(whyNotCancellable(line(1, 'Submitted', 'ann@agency.example'), sam)).toBe(
      'Only the requestor or a super administrator can cancel a request.',
    );
    expect(whyNotCancellable(line(1, 'Submitted', 'ann@agency.example'), sue)).toBeNull();
  });
  it('names the status of a line that is no longer Submitted', () => {
    expect(whyNotCancellable(line(2, 'Approved', 'sam@agency.example'), sam)).toBe(
      'Only submitted requests can be cancelled; this one is Approved.',
    );
    expect(whyNotCancellable(line(5, 'Cancelled', 'ann@agency.example'), sue)).toBe(
      'Only submitted requests can be cancelled; this one is Cancelled.',
    );
  });
});
