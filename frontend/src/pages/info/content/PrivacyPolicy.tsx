import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { RETENTION_RULES, TAX_RECORD_YEARS } from '#domain/accounts/retention';
import { BUSINESS } from '../../../business';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const LAST_UPDATED = 'November 29, 2026';

const { address } = BUSINESS;
const postalAddress = `${BUSINESS.legalName}, ${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <Text>
          This policy explains how {BUSINESS.legalName} (&quot;{BUSINESS.name}&quot;, &quot;we&quot;, &quot;us&quot;), a
          Texas company based in {address.city}, {address.region}, collects, uses and protects personal information when
          you visit {BUSINESS.siteUrl.replace('https://', '')}, order custom window coverings, book a measurement or
          installation, or contact us.
        </Text>
        <Text>By using the website you agree to the practices described here.</Text>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <Text>We collect only what we need to make, deliver and support your order:</Text>
        <ul>
          <li>
            <strong>Account information:</strong> your name, e-mail address, phone number and password when you create
            an account. Passwords are stored by our authentication provider in hashed form; we never see them.
          </li>
          <li>
            <strong>Order information:</strong> the products, sizes and options you choose, shipping and billing
            addresses, property and room names, and your order history.
          </li>
          <li>
            <strong>Appointment and message information:</strong> the address, date and time of a measurement or
            installation, and what you write to us through the contact form, live chat or e-mail.
          </li>
          <li>
            <strong>Job applications:</strong> your contact details, resume and cover letter when you apply for a role.
          </li>
          <li>
            <strong>Device and usage information:</strong> IP address, browser type, pages visited and similar data
            collected through cookies and analytics.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <Text>
        Card payments are processed by Stripe, Inc. You enter your card details on Stripe&apos;s secure payment page;
        your card number, expiry date and security code go directly to Stripe and are never sent to or stored by us. We
        receive only a payment confirmation, the card brand and its last four digits. Stripe&apos;s use of your
        information is governed by its own privacy policy at stripe.com/privacy.
      </Text>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use your information',
    body: (
      <ul>
        <li>To make, ship, deliver and install your custom products, and to send order and shipping updates.</li>
        <li>To answer your questions and provide customer support, including returns and Fit Assurance remakes.</li>
        <li>To manage your account, saved products and order history.</li>
        <li>To prevent fraud and keep the website secure.</li>
        <li>To understand how the website is used so we can improve it.</li>
        <li>To send offers and news, only if you have agreed to receive them; you can unsubscribe at any time.</li>
      </ul>
    ),
  },
  {
    id: 'cookies-and-analytics',
    title: 'Cookies and analytics',
    body: (
      <>
        <Text>
          We use cookies and your browser&apos;s local storage to keep you signed in, remember your cart and sample
          selections, and remember choices such as whether you have seen a pop-up. We also use analytics cookies to
          count page views and understand which pages are useful.
        </Text>
        <Text>
          You can block or delete cookies in your browser settings. If you block essential cookies, signing in and the
          cart may not work.
        </Text>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    body: (
      <>
        <Text>We do not sell your personal information. We share it only with:</Text>
        <ul>
          <li>Our manufacturing and warehouse partners, who make and pack your order.</li>
          <li>Carriers and freight companies, who deliver it.</li>
          <li>Stripe, which processes payments.</li>
          <li>
            Service providers that host our website and data, send e-mail and provide analytics, under contracts that
            limit their use of it.
          </li>
          <li>
            Procurement partners: if you order through your company&apos;s procurement system (for example RealPage,
            Coupa or Ariba), we exchange the order, cart and invoice details with that system as your company has
            arranged.
          </li>
          <li>Authorities, when the law requires it or to protect our rights, property or safety.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention-and-security',
    title: 'Data retention and security',
    body: (
      <>
        <Text>
          We keep your account and what you saved in it until you close your account. Orders, invoices, returns and paid
          sample requests are tax records: Texas asks sellers to keep sales records for four years and the IRS for up to
          six years after a return is filed, so we keep them until 31 December of the {TAX_RECORD_YEARS}th year after
          the sale. Messages you send us while signed out and job applications are kept until you ask us to delete them.
        </Text>
        <Text>When you close your account:</Text>
        <ul>
          {RETENTION_RULES.map((rule) => (
            <li key={rule.records}>
              <strong>{rule.records}</strong> ({rule.fate}): {rule.detail}
            </li>
          ))}
        </ul>
        <Text>
          Data is encrypted in transit and at rest, and access is limited to staff who need it for their work.
        </Text>
      </>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices and rights',
    body: (
      <>
        <Text>
          You can view and update your account details at any time in your account settings. Under Privacy &amp; Your
          Data there you can download a copy of everything we keep about you (a JSON file) and close your account: you
          type your e-mail to confirm, you are signed out, and we e-mail you a confirmation. While an order is being
          made or delivered, an invoice is unpaid or a measurement visit is booked, we tell you which and keep the
          account open until it is done. You can also ask by e-mail to{' '}
          <Link href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</Link> or by post to {postalAddress}, and our staff
          carry out the request for you. You may also ask us to correct your information, and opt out of marketing
          e-mails using the link in each message. Texas residents have these rights under the Texas Data Privacy and
          Security Act; we extend them to all customers.
        </Text>
        <Text>We answer requests within 45 days and will not treat you differently for making one.</Text>
      </>
    ),
  },
  {
    id: 'children',
    title: "Children's privacy",
    body: (
      <Text>
        The website is not directed to children under 13, and we do not knowingly collect their personal information. If
        you believe a child has given us information, contact us and we will delete it.
      </Text>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <Text>
        We may update this policy as our services change. The date at the top shows the latest version; for significant
        changes we will notify account holders by e-mail.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <Text>
          Questions or requests about your privacy: e-mail{' '}
          <Link
            href={`mailto:${BUSINESS.email}?subject=Privacy%20request`}
            color="brand.700"
            textDecoration="underline"
          >
            {BUSINESS.email}
          </Link>
          , call{' '}
          <Link href={`tel:${BUSINESS.phoneE164}`} color="brand.700" textDecoration="underline">
            {BUSINESS.phoneDisplay}
          </Link>
          , use our{' '}
          <Link asChild color="brand.700" textDecoration="underline">
            <RouterLink to="/contact-us?subject=Privacy%20request">contact form</RouterLink>
          </Link>
          , or write to {postalAddress}.
        </Text>
      </>
    ),
  },
];

export default function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lead="What we collect when you shop for custom blinds with us, why we collect it, and the choices you have."
      lastUpdated={LAST_UPDATED}
      sections={SECTIONS}
    />
  );
}
