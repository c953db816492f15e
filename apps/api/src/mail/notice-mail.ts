/** One e-mail, ready for the sender. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A notice as a mail shows it. */
export interface NoticeForMail {
  message: string;
  created_at: Date;
  /** True for the notice of an e-mail change, sent to the former address whatever the settings. */
  to_former_address?: boolean;
}

/** Where a mail's link points: the app's own schedule screen. */
export const NOTICE_LINK_PATH = '/my-schedule';

const ESCAPES = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
]);

/** Text as HTML text or attribute value: every markup character escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES.get(c) ?? c);
}

/** A header value on one line (the notice text is ours, but a customer name came from a CSV). */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * A notice split into its heading and items. The schedule notices read
 * "Title (2 changes): New: A (lead), 2026-01-12 to 2026-01-13; Removed: B
 * (lead), 2026-02-02." (services/schedule-changes.ts); anything else is one
 * paragraph.
 */
export function noticeParts(message: string): { heading: string; items: string[] } {
  const match = /^([^:]{1,200}\(\d+ changes?\)): ([\s\S]*?)\.?$/.exec(message.trim());
  if (match === null) return { heading: message.trim(), items: [] };
  return { heading: match[1] ?? '', items: (match[2] ?? '').split('; ').filter((s) => s !== '') };
}

/**
 * A sentence ends at '.', '!' or '?' before a space or the end: the dot of an
 * e-mail address or of "0.42" does not end one.
 */
const FIRST_SENTENCE = /^(?:[^.!?]|[.!?](?=\S)){1,120}/;

/** The subject of a notice's mail: its heading, or its first sentence. */
function subjectOf(message: string): string {
  const { heading, items } = noticeParts(message);
  const first = items.length > 0 ? heading : (FIRST_SENTENCE.exec(heading)?.[0] ?? heading);
  return oneLine(`Meridian: ${first}`).slice(0, 150);
}

const textBlock = (message: string): string => {
  const { heading, items } = noticeParts(message);
  return items.length === 0
    ? heading
    : [`${heading}:`, ...items.map((item) => `- ${item}`)].join('\n');
};

const htmlBlock = (message: string): string => {
  const { heading, items } = noticeParts(message);
  if (items.length === 0) return `<p>${escapeHtml(heading)}</p>`;
  const list = items.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  return `<p>${escapeHtml(heading)}:</p><ul>${list}</ul>`;
};

const FOOTER =
  'You get this mail because e-mail notices are on for your account. Change that, or ask for one mail a day, under My schedule, Notices.';
/** The notice of an e-mail change goes to the former address whatever the notice settings say. */
const FORMER_ADDRESS_FOOTER =
  "You get this mail because this was your account's e-mail address until now. It is sent whatever your notice settings, and no further notices will come here.";

function page(
  greeting: string,
  blocks: string[],
  link: string,
  footer = FOOTER,
): { text: string; html: string } {
  const text = [
    greeting,
    '',
    ...blocks
      .map((b) => textBlock(b))
      .join('\n\n')
      .split('\n'),
    '',
    `Open My schedule: ${link}`,
    '',
    footer,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.4">',
    `<p>${escapeHtml(greeting)}</p>`,
    ...blocks.map((b) => htmlBlock(b)),
    `<p><a href="${escapeHtml(link)}">Open My schedule</a></p>`,
    `<p style="color: #555; font-size: 0.9em">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** The mail of one notice: subject from its heading, the jobs and dates it names, and the link. */
export function noticeMail(
  to: { email: string; username: string },
  notice: NoticeForMail,
  baseUrl: string,
): MailMessage {
  const link = `${baseUrl}${NOTICE_LINK_PATH}`;
  return {
    to: to.email,
    subject: subjectOf(notice.message),
    ...page(
      `Hello ${oneLine(to.username)},`,
      [notice.message],
      link,
      notice.to_former_address === true ? FORMER_ADDRESS_FOOTER : FOOTER,
    ),
  };
}

/** One mail with a day's notices (the daily digest), oldest first. */
export function digestMail(
  to: { email: string; username: string },
  notices: readonly NoticeForMail[],
  baseUrl: string,
  day: string,
): MailMessage {
  const link = `${baseUrl}${NOTICE_LINK_PATH}`;
  const count = notices.length === 1 ? '1 notice' : `${notices.length} notices`;
  return {
    to: to.email,
    subject: `Meridian: your daily digest of ${day} (${count})`,
    ...page(
      `Hello ${oneLine(to.username)}, here are your notices since the last digest.`,
      notices.map((n) => n.message),
      link,
    ),
  };
}
