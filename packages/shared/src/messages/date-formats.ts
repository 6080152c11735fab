/**
 * A moment in English as the product writes it to a forwarder (the request, the reminders, the portal page):
 * the month in letters, '11 Dec 2026, 14:00' in Brasília time — '11/12/2026' reads as November in en-US.
 */
export const ENGLISH_DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Sao_Paulo',
};
