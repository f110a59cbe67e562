import { BUSINESS } from '../../domain/business';
import { APPLICATION_REPLY_BUSINESS_DAYS } from '../../domain/job-application';
import { JobApplicationSubmitted } from '../../events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/events';
import { escapeHtml, sendMail } from '../lib/mail';
import { uploadLink } from '../lib/uploads';

/**
 * How long the staff mail's résumé link works. The link is signed with this function's temporary
 * credentials, which may end sooner; the Applications tab makes a fresh link any time.
 */
export const MAILED_RESUME_LINK_SECONDS = 60 * 60;

/**
 * On JobApplicationSubmitted: staff get the application with a short-lived link to the résumé (reply
 * goes to the applicant), the applicant an acknowledgement. Once per event, however often delivered.
 */
export const handler = consumer(JobApplicationSubmitted, 'NotifyOfJobApplication', async ({ application, resume, submittedAt }) => {
  const name = `${application.firstName} ${application.lastName}`;
  const link = await uploadLink(resume.key, MAILED_RESUME_LINK_SECONDS, resume.fileName);
  const lines = [
    `Role: ${application.jobTitle} (${application.department})`,
    `From: ${name} <${application.email}>`,
    `Phone: ${application.phone || 'Not provided'}`,
    `Submitted: ${submittedAt}`,
    `Resume: ${resume.fileName} (${resume.kind.toUpperCase()}, ${Math.ceil(resume.bytes / 1024)} KB)`,
    '',
    'Cover letter:',
    application.coverLetter || 'None',
  ];
  const linkNote = `Download the resume (this link works for ${MAILED_RESUME_LINK_SECONDS / 60} minutes; the admin Applications tab has it any time):`;
  await sendMail({
    to: [config().STAFF_EMAIL],
    replyTo: [application.email],
    subject: `Job application: ${application.jobTitle} from ${name}`,
    text: [...lines, '', linkNote, link].join('\n'),
    html:
      `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>` +
      `<p>${escapeHtml(linkNote)} <a href="${escapeHtml(link)}">${escapeHtml(resume.fileName)}</a></p>`,
  });
  const acknowledgement = [
    `Hi ${application.firstName},`,
    `Thank you for applying for ${application.jobTitle} at ${BUSINESS.name}. We received your application and resume, and we answer every application within ${APPLICATION_REPLY_BUSINESS_DAYS} business days.`,
    `Questions in the meantime? Call us at ${BUSINESS.phoneDisplay}.`,
  ];
  await sendMail({
    to: [application.email],
    subject: `We received your application: ${application.jobTitle}`,
    text: acknowledgement.join('\n\n'),
    html: acknowledgement.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  });
});
