import { describe, expect, it } from 'vitest';
import { describeSchedule } from './cron-text.ts';

describe('describeSchedule', () => {
  it.each([
    ['0 2 * * *', 'daily at 02:00 UTC'],
    ['30 6 * * 1', 'Mondays at 06:30 UTC'],
    ['0 7 * * 0', 'Sundays at 07:00 UTC'],
    ['0 7 * * 7', 'Sundays at 07:00 UTC'],
    ['15 22 * * 1-5', 'weekdays at 22:15 UTC'],
    ['0 3 1 * *', 'monthly on day 1 at 03:00 UTC'],
    ['*/15 * * * *', 'every 15 minutes'],
    ['*/1 * * * *', 'every minute'],
    ['* * * * *', 'every minute'],
    ['5 * * * *', 'hourly at 05 minutes past the hour'],
  ])('reads %s as %s', (cron, sentence) => {
    expect(describeSchedule(cron)).toBe(sentence);
  });

  it('gives back shapes it does not know as they are', () => {
    expect(describeSchedule('0 2,14 * * *')).toBe('0 2,14 * * *');
    expect(describeSchedule('0 0 2 * * *')).toBe('0 0 2 * * *');
    expect(describeSchedule('0 9 * 1 *')).toBe('0 9 * 1 *');
  });
});
