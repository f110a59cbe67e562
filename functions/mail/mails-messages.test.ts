/**
 * The mails of what reaches the shop as they leave (tests/support/shop-mails.ts has the checks): a
 * job application and a contact message with their acknowledgements, a live chat, a punch-out
 * buyer's cart, and a webhook that keeps failing.
 */
import { describeShopMails, HOSTILE, SETTINGS, type MailCase } from '../../tests/support/shop-mails';
import { jobApplicationMails } from '../careers/notify-job-application';
import { chatMessageMail, chatStartedMail } from '../chat/notify-staff';
import { contactMessageMails } from '../contact/notify-staff';
import { punchoutSubmittedMail } from '../punchout/notify-punchout-submitted';
import { webhookSwitchedOffMail } from '../webhooks/deliver';

/** What staff might type into a description, tags included. */
const STAFF_NOTE = 'Orders to <ERP> & "sync"';

const application = {
  applicationId: 'app-1',
  submittedAt: '2026-03-05T15:00:00Z',
  application: {
    firstName: 'Ann',
    lastName: HOSTILE,
    email: 'ann@example.com',
    phone: '',
    coverLetter: 'Six years of installs.\n<b>References</b> on request.',
    jobTitle: 'Blind Installer',
    department: 'Field',
  },
  resume: { key: 'resumes/app-1', fileName: 'ann.pdf', kind: 'pdf' as const, bytes: 20_480 },
};
const resumeLink = 'https://uploads.example/resumes/app-1?X-Amz-Signature=abc&X-Amz-Expires=3600';

const contact = contactMessageMails(
  {
    messageId: 'm-1',
    submittedAt: '2026-03-05T15:00:00Z',
    message: {
      name: HOSTILE,
      email: 'ana@example.com',
      phone: '',
      hasExistingOrder: true,
      orderNumber: 'HBB-1042',
      subject: 'Install date',
      message: 'Hello,\nCan the crew come <b>Friday</b>?',
    },
  },
  SETTINGS,
);
const applicationMails = jobApplicationMails(application, resumeLink, SETTINGS);

const cases: MailCase[] = [
  {
    name: "staff's job application notice",
    mail: applicationMails.toStaff,
    facts: [`From: Ann ${HOSTILE} <ann@example.com>`, 'Role: Blind Installer (Field)', '<b>References</b> on request.'],
    links: [resumeLink],
  },
  {
    name: 'job application acknowledgement',
    mail: applicationMails.toApplicant,
    facts: ['Hi Ann,', 'within 3-7 business days'],
    links: [],
  },
  {
    name: "staff's contact message",
    mail: contact.toStaff,
    facts: [
      `From: ${HOSTILE} <ana@example.com>`,
      'Existing order: yes, HBB-1042',
      'Hello,\nCan the crew come <b>Friday</b>?',
    ],
    links: [],
  },
  {
    name: 'contact acknowledgement',
    mail: contact.toCustomer,
    facts: [`Hi ${HOSTILE},`, 'within 24 hours'],
    links: [],
  },
  {
    name: "staff's chat notice",
    mail: chatMessageMail(
      {
        sessionId: 's-1',
        messageId: 'c-1',
        seq: 2,
        customerName: HOSTILE,
        customerPhone: null,
        text: 'Is <b>Friday</b> free?',
        postedAt: '2026-03-05T15:00:00Z',
      },
      SETTINGS,
    ),
    facts: [`${HOSTILE} wrote in the live chat:`, 'Is <b>Friday</b> free?', 'Phone: Not provided'],
    links: ['https://shop.example/admin', 'https://shop.example/chat'],
  },
  {
    name: "staff's chat started notice",
    mail: chatStartedMail(
      {
        sessionId: 's-1',
        customerName: HOSTILE,
        customerPhone: '214-555-0142',
        clientId: null,
        startedAt: '2026-03-05T15:00:00Z',
      },
      SETTINGS,
    ),
    facts: [`${HOSTILE} started a live chat on the website.`, 'Phone: 214-555-0142'],
    links: ['https://shop.example/admin'],
  },
  {
    name: "staff's punch-out notice",
    mail: punchoutSubmittedMail(
      {
        submissionId: 'sub-1',
        configId: 'cfg-1',
        accountNumber: 'ACC-9',
        propertyName: 'Oak Court',
        buyerSystem: 'Coupa',
        operationAllowed: 'edit',
        buyer: { email: 'buyer@example.com', firstName: 'Bo', lastName: HOSTILE },
        lines: [
          {
            position: 1,
            quantity: 2,
            unitCents: 4140,
            description: 'Faux Wood Blinds: Standard; Room: Unit 4 bedroom',
          },
        ],
        linesIncluded: true,
        totalCents: 8280,
        submittedAt: '2026-03-05T15:00:00Z',
      },
      SETTINGS,
    ),
    facts: [`Buyer: Bo ${HOSTILE} <buyer@example.com>`, 'Room: Unit 4 bedroom', '$82.80'],
    links: [],
  },
  {
    name: "staff's webhook switched-off notice",
    mail: webhookSwitchedOffMail({ url: 'https://hooks.example/orders', description: STAFF_NOTE }, SETTINGS),
    facts: [
      `The webhook to https://hooks.example/orders (${STAFF_NOTE}) has failed every delivery for 3 days`,
      'Admin → Webhooks',
    ],
    links: ['https://shop.example/admin'],
  },
];

describeShopMails(cases);
