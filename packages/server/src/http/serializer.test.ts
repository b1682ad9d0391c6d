import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileWriter } from './serializer.ts';

const row = z.object({
  id: z.number(),
  name: z.string(),
  note: z.string().optional(),
  status: z.enum(['Submitted', 'Approved']),
  approver: z.object({ fullName: z.string(), email: z.string() }).nullable(),
  flags: z.array(z.boolean()),
  last: z.string().optional(),
});

describe('compileWriter', () => {
  it("writes the schema's keys in its order, escaping strings and dropping undeclared keys", () => {
    const text = compileWriter(row)({
      extra: 'not declared',
      flags: [true, false],
      status: 'Approved',
      approver: { email: 'a@x.test', fullName: 'Ann "Q" Lee', role: 'hidden' },
      name: 'line\nbreak',
      id: 7,
      note: 'n',
      last: 'z',
    });
    expect(text).toBe(
      '{"id":7,"name":"line\\nbreak","note":"n","status":"Approved",' +
        '"approver":{"fullName":"Ann \\"Q\\" Lee","email":"a@x.test"},"flags":[true,false],"last":"z"}',
    );
  });

  it('leaves absent optional keys out without stray commas, first and last included', () => {
    const shape = z.object({ first: z.string().optional(), mid: z.number(), last: z.boolean().optional() });
    const write = compileWriter(shape);
    expect(write({ mid: 1 })).toBe('{"mid":1}');
    expect(write({ first: 'a', mid: 1 })).toBe('{"first":"a","mid":1}');
    expect(write({ mid: 1, last: false })).toBe('{"mid":1,"last":false}');
    expect(compileWriter(z.object({ only: z.string().optional() }))({})).toBe('{}');
  });

  it('refuses a wrong or missing value with its path', () => {
    const page = z.object({ requests: z.array(row) });
    const good = { id: 1, name: 'a', status: 'Submitted', approver: null, flags: [] };
    const write = compileWriter(page);
    expect(() => write({ requests: [good, { ...good, approver: { fullName: 'B', email: 3 } }] })).toThrow(
      expect.objectContaining({
        path: ['requests', 1, 'approver', 'email'],
        message: expect.stringContaining('string'),
      }),
    );
    expect(() => write({ requests: [{ ...good, name: undefined }] })).toThrow(
      expect.objectContaining({ path: ['requests', 0, 'name'] }),
    );
    expect(() => write({ requests: [{ ...good, status: 'Closed' }] })).toThrow(
      expect.objectContaining({ path: ['requests', 0, 'status'] }),
    );
    expect(() => write({ requests: 'x' })).toThrow(expect.objectContaining({ path: ['requests'] }));
  });
});
