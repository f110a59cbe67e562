import type { OutboxMail } from './outbox';

/**
 * The developer's view of the outbox: the list, and the selected mail as its reader sees it: the HTML
 * part at a desktop and at a phone's width, and the plain-text part. Its own links carry the local
 * tools key the page was opened with. No script runs: the page's policy forbids them, and the mail
 * frames inherit it on top of their sandbox.
 */
export function renderOutboxPage(
  mails: OutboxMail[],
  { selectedId, key }: { selectedId: string | undefined; key: string },
): string {
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0];
  const items = mails
    .map(
      (
        mail,
      ) => `<li${mail === selected ? ' aria-current="true"' : ''}><a href="/_local/outbox?${escape(new URLSearchParams({ key, id: mail.id }).toString())}">
        <strong>${escape(mail.subject || '(no subject)')}</strong><br>
        <small>to ${escape(mail.to.join(', '))} · ${escape(new Date(mail.sentAt).toLocaleString('en-US'))}</small></a></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'"><title>Local outbox</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; display: grid; grid-template-columns: 22rem 1fr; min-height: 100vh; }
  nav { border-right: 1px solid #ddd; overflow-y: auto; }
  h1 { font-size: 1.1rem; padding: 0 1rem; }
  ul { list-style: none; margin: 0; padding: 0; }
  li a { display: block; padding: .6rem 1rem; color: inherit; text-decoration: none; border-top: 1px solid #eee; }
  li[aria-current] a { background: #eef4ff; }
  main { padding: 1rem 1.5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
  dt { font-weight: 600; }
  .parts { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
  figure { margin: 0; }
  figcaption { font-size: .85rem; color: #555; margin-bottom: .25rem; }
  iframe { height: 70vh; border: 1px solid #ddd; background: #fff; }
  .wide iframe { width: 680px; max-width: 100%; }
  .phone iframe { width: 375px; }
  pre { white-space: pre-wrap; border: 1px solid #ddd; padding: .75rem; max-width: 80ch; }
</style></head>
<body>
<nav><h1>Local outbox (${mails.length})</h1><ul>${items}</ul></nav>
<main>${selected ? renderMail(selected) : '<p>No mail has been sent yet.</p>'}</main>
</body></html>`;
}

function renderMail(mail: OutboxMail): string {
  const header = (label: string, values: string[]) =>
    values.length ? `<dt>${label}</dt><dd>${escape(values.join(', '))}</dd>` : '';
  // The HTML part renders in a sandbox without scripts; its links open in a new tab.
  const frame = (title: string) =>
    `<iframe title="${title}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escape(`<base target="_blank">${mail.html ?? ''}`)}"></iframe>`;
  const htmlPart = mail.html
    ? `<div class="parts"><figure class="wide"><figcaption>HTML part, desktop</figcaption>${frame('HTML part, desktop')}</figure>
<figure class="phone"><figcaption>HTML part, phone (375 px)</figcaption>${frame('HTML part, phone width')}</figure></div>`
    : '<p>No HTML part.</p>';
  return `<h2>${escape(mail.subject || '(no subject)')}</h2>
<dl>${header('From', [mail.from])}${header('To', mail.to)}${header('Cc', mail.cc)}${header('Bcc', mail.bcc)}${header('Reply-To', mail.replyTo)}
<dt>Sent</dt><dd>${escape(mail.sentAt)}</dd>${header(
    'Attachments',
    (mail.attachments ?? []).map((file) => `${file.fileName} (${file.contentType})`),
  )}</dl>
<section aria-labelledby="html-part"><h3 id="html-part">HTML</h3>${htmlPart}</section>
<section aria-labelledby="text-part"><h3 id="text-part">Text</h3>${mail.text ? `<pre>${linkify(escape(mail.text))}</pre>` : '<p>No text part.</p>'}</section>`;
}

function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" target="_blank">${url}</a>`);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
