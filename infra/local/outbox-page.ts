import type { OutboxMail } from './outbox';

/**
 * The developer's view of the outbox: the list, and the selected mail rendered with live links.
 * Its own links carry the local tools key the page was opened with.
 */
export function renderOutboxPage(mails: OutboxMail[], { selectedId, key }: { selectedId: string | undefined; key: string }): string {
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0];
  const items = mails
    .map(
      (mail) => `<li${mail === selected ? ' aria-current="true"' : ''}><a href="/_local/outbox?${escape(new URLSearchParams({ key, id: mail.id }).toString())}">
        <strong>${escape(mail.subject || '(no subject)')}</strong><br>
        <small>to ${escape(mail.to.join(', '))} · ${escape(new Date(mail.sentAt).toLocaleString('en-US'))}</small></a></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>Local outbox</title>
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
  iframe { width: 100%; height: 70vh; border: 1px solid #ddd; }
  pre { white-space: pre-wrap; }
</style></head>
<body>
<nav><h1>Local outbox (${mails.length})</h1><ul>${items}</ul></nav>
<main>${selected ? renderMail(selected) : '<p>No mail has been sent yet.</p>'}</main>
</body></html>`;
}

function renderMail(mail: OutboxMail): string {
  const header = (label: string, values: string[]) =>
    values.length ? `<dt>${label}</dt><dd>${escape(values.join(', '))}</dd>` : '';
  // The HTML body renders in a sandbox without scripts; its links open in a new tab.
  const body = mail.html
    ? `<iframe title="Mail body" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escape(
        `<base target="_blank">${mail.html}`,
      )}"></iframe>`
    : `<pre>${linkify(escape(mail.text ?? ''))}</pre>`;
  return `<h2>${escape(mail.subject || '(no subject)')}</h2>
<dl>${header('From', [mail.from])}${header('To', mail.to)}${header('Cc', mail.cc)}${header('Bcc', mail.bcc)}${header('Reply-To', mail.replyTo)}
<dt>Sent</dt><dd>${escape(mail.sentAt)}</dd>${header('Attachments', (mail.attachments ?? []).map((file) => `${file.fileName} (${file.contentType})`))}</dl>
${body}
${mail.html && mail.text ? `<details><summary>Text version</summary><pre>${linkify(escape(mail.text))}</pre></details>` : ''}`;
}

function linkify(escapedText: string): string {
  return escapedText.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" target="_blank">${url}</a>`);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
