/**
 * A cron schedule (five fields, UTC) as a sentence for the Jobs view: 'daily at 02:00 UTC',
 * 'every 15 minutes', 'Mondays at 06:30 UTC'. Shapes it does not know are given back as they are.
 */
const weekdays = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

const isNumber = (field: string) => /^\d{1,2}$/.test(field);
const pad = (field: string) => field.padStart(2, '0');

export function describeSchedule(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) {
    return cron;
  }
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  const everyDay = dayOfMonth === '*' && month === '*';
  const step = /^\*\/(\d{1,2})$/.exec(minute);
  if (step && hour === '*' && everyDay && dayOfWeek === '*') {
    return step[1] === '1' ? 'every minute' : `every ${step[1]} minutes`;
  }
  if (minute === '*' && hour === '*' && everyDay && dayOfWeek === '*') {
    return 'every minute';
  }
  if (isNumber(minute) && hour === '*' && everyDay && dayOfWeek === '*') {
    return `hourly at ${pad(minute)} minutes past the hour`;
  }
  if (!isNumber(minute) || !isNumber(hour)) {
    return cron;
  }
  const at = `at ${pad(hour)}:${pad(minute)} UTC`;
  if (everyDay && dayOfWeek === '*') {
    return `daily ${at}`;
  }
  if (everyDay && dayOfWeek === '1-5') {
    return `weekdays ${at}`;
  }
  if (everyDay && /^[0-7]$/.test(dayOfWeek)) {
    return `${weekdays[Number(dayOfWeek) % 7]} ${at}`;
  }
  if (isNumber(dayOfMonth) && month === '*' && dayOfWeek === '*') {
    return `monthly on day ${Number(dayOfMonth)} ${at}`;
  }
  return cron;
}
