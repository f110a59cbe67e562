import { businessConfig } from '../lib/config';
import { APPLICATION_REPLY_BUSINESS_DAYS } from '#domain/job-application';
import { RESUME_CONTENT_TYPES } from '#domain/resume-file';
import { JobApplicationSubmitted } from '#events/careers';
import type { EventDetail } from '#events/declaration';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { uploadLink } from '../lib/uploads';
import { brandedMail } from '../mail/compose';

/**
 * How long the staff mail's résumé link works. The link is signed with this function's temporary
 * credentials, which may end sooner; the Applications tab makes a fresh link any time.
 */
export const MAILED_RESUME_LINK_SECONDS = 60 * 60;

/** Staff get the application with the mailed résumé link (reply goes to the applicant), the applicant an acknowledgement. */
export function jobApplicationMails(
  { application, resume, submittedAt }: EventDetail<typeof JobApplicationSubmitted>,
  resumeLink: string,
  { siteUrl, staffEmail }: MailSettings,
): { toStaff: Mail; toApplicant: Mail } {
  const name = `${application.firstName} ${application.lastName}`;
  const thanks = `Thank you for applying for ${application.jobTitle} at ${businessConfig().name}. We received your application and resume, and we answer every application within ${APPLICATION_REPLY_BUSINESS_DAYS} business days.`;
  return {
    toStaff: brandedMail({
      to: [staffEmail],
      replyTo: [application.email],
      subject: `Job application: ${application.jobTitle} from ${name}`,
      preview: `${name} applied for ${application.jobTitle} (${application.department}).`,
      siteUrl,
      blocks: [
        {
          kind: 'lines',
          lines: [
            `Role: ${application.jobTitle} (${application.department})`,
            `From: ${name} <${application.email}>`,
            `Phone: ${application.phone || 'Not provided'}`,
            `Submitted: ${submittedAt}`,
            `Resume: ${resume.fileName} (${resume.kind.toUpperCase()}, ${Math.ceil(resume.bytes / 1024)} KB)`,
          ],
        },
        { kind: 'heading', text: 'Cover letter' },
        { kind: 'quote', text: application.coverLetter || 'None' },
        {
          kind: 'paragraph',
          text: `The resume link works for ${MAILED_RESUME_LINK_SECONDS / 60} minutes; the admin Applications tab has it any time.`,
        },
        { kind: 'link', label: `Download ${resume.fileName}`, url: resumeLink, primary: true },
      ],
    }),
    toApplicant: brandedMail({
      to: [application.email],
      subject: `We received your application: ${application.jobTitle}`,
      preview: thanks,
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: `Hi ${application.firstName},` },
        { kind: 'paragraph', text: thanks },
        { kind: 'paragraph', text: `Questions in the meantime? Call us at ${businessConfig().phoneDisplay}.` },
      ],
    }),
  };
}

/**
 * On JobApplicationSubmitted: both mails, staff's first, with a short-lived link to the résumé. Once
 * per event, however often delivered.
 */
export const handler = consumer(JobApplicationSubmitted, 'NotifyOfJobApplication', async (submitted) => {
  const link = await uploadLink(submitted.resume.key, MAILED_RESUME_LINK_SECONDS, {
    contentType: RESUME_CONTENT_TYPES[submitted.resume.kind],
    downloadName: submitted.resume.fileName,
  });
  const { toStaff, toApplicant } = jobApplicationMails(submitted, link, mailSettings());
  await sendMail(toStaff);
  await sendMail(toApplicant);
});
