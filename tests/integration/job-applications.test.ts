import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { JobApplication, ResumeUpload } from '#domain/job-application';
import { fetchFrom, newClientAddress } from '../support/client-address';
import { registerConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { mailsFor } from '../support/outbox';
import {
  htmlPage,
  paddedTo,
  pdfHtmlPolyglot,
  plainZip,
  renamedExecutable,
  resumeDocx,
  resumePdf,
} from '../support/resume-files';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const s3 = new S3Client({
  region: env.AWS_REGION,
  endpoint: env.AWS_ENDPOINT_URL_S3,
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
const TYPE_MESSAGE = 'Please upload a PDF, DOC, or DOCX file';
const SIZE_MESSAGE = 'File size must be less than 5MB';

let staffToken: string;
let customerToken: string;

beforeAll(async () => {
  [staffToken, customerToken] = await Promise.all([
    accessTokenFor(baseUrl, inject('staffAccount')),
    registerConfirmedCustomer(baseUrl).then((customer) => customer.accessToken),
  ]);
});

/** One applicant: their own address (the limits count per address) and e-mail. */
function applicant(firstName: string) {
  const send = fetchFrom(newClientAddress());
  const email = `${firstName.toLowerCase()}-${randomUUID()}@example.com`;
  const post = async (path: string, body: unknown) => {
    const response = await send(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  return {
    email,
    /** Asks for the upload form and posts the file to the bucket with it, as the Apply dialog does. */
    async upload(fileName: string, bytes: Uint8Array, declaredSize = bytes.length) {
      const form = await post('/job-applications/uploads', { fileName, size: declaredSize });
      expect(form.status).toBe(201);
      const upload = form.body as ResumeUpload;
      const body = new FormData();
      for (const [name, value] of Object.entries(upload.fields)) body.append(name, value);
      body.append('file', new Blob([Uint8Array.from(bytes)]), fileName);
      const stored = await fetch(upload.url, { method: 'POST', body });
      return { upload, storedStatus: stored.status };
    },
    apply(uploadKey: string, fileName: string, role = { jobTitle: 'Blind Installer', department: 'Field' }) {
      return post('/job-applications', {
        firstName,
        lastName: 'Applicant',
        email,
        phone: '214-555-0142',
        coverLetter: 'I have installed blinds for six years.\nReferences on request.',
        ...role,
        resume: { uploadKey, fileName },
      });
    },
    post,
  };
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const { Contents = [] } = await s3.send(new ListObjectsV2Command({ Bucket: env.UPLOADS_BUCKET, Prefix: prefix }));
  return Contents.map((object) => object.Key!);
}

async function staffGet(path: string, token = staffToken) {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as any };
}

describe('job applications', () => {
  it('take a real PDF: kept under the application, listed for staff newest first and by role, mailed to staff with a download link and acknowledged', async () => {
    const ann = applicant('Ann');
    const pdf = await resumePdf();
    const { upload, storedStatus } = await ann.upload('Ann Résumé.pdf', pdf);
    expect(storedStatus).toBe(204);
    const submitted = await ann.apply(upload.uploadKey, 'Ann Résumé.pdf');
    expect(submitted.status).toBe(201);
    const applicationId = submitted.body.id as string;

    expect(await objectsUnder(upload.uploadKey)).toEqual([]);
    const kept = await s3.send(new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: `resumes/${applicationId}` }));
    expect(kept.ContentType).toBe('application/pdf');
    expect(await kept.Body!.transformToByteArray()).toEqual(pdf);

    const all = await staffGet('/admin/job-applications?limit=5');
    expect(all.status).toBe(200);
    expect(all.body.applications[0]).toMatchObject({
      id: applicationId,
      email: ann.email,
      status: 'new',
      resumeKind: 'pdf',
      resumeFileName: 'Ann Résumé.pdf',
    });
    const byRole = await staffGet('/admin/job-applications?department=Field&jobTitle=Blind%20Installer');
    expect(byRole.body.applications.map((application: JobApplication) => application.id)).toContain(applicationId);
    const otherRole = await staffGet('/admin/job-applications?department=Technology&jobTitle=Full-Stack%20Engineer');
    expect(otherRole.body.applications.map((application: JobApplication) => application.id)).not.toContain(
      applicationId,
    );

    const link = await staffGet(`/admin/job-applications/${applicationId}/resume`);
    expect(link.status).toBe(200);
    const download = await fetch(link.body.url);
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Ann Résumé.pdf')}`,
    );
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);

    const mails = await eventually(
      () => mailsFor(baseUrl, ann.email),
      (found) => found.length >= 2,
    );
    const toStaff = mails.find((mail) => mail.to.includes(env.STAFF_EMAIL!))!;
    const toApplicant = mails.find((mail) => mail.to.includes(ann.email))!;
    expect(toStaff).toMatchObject({
      subject: 'Job application: Blind Installer from Ann Applicant',
      replyTo: [ann.email],
    });
    expect(toStaff.text).toContain('References on request.');
    const mailedLink = /(http\S+resumes\/\S+)/.exec(toStaff.text ?? '')![1]!;
    expect(new Uint8Array(await (await fetch(mailedLink)).arrayBuffer())).toEqual(pdf);
    expect(toApplicant.subject).toBe('We received your application: Blind Installer');
    expect(toApplicant.text).toContain('within 3-7 business days');
  });

  it('take a real DOCX, and staff move it through the statuses', async () => {
    const bea = applicant('Bea');
    const { upload } = await bea.upload('bea.docx', resumeDocx());
    const submitted = await bea.apply(upload.uploadKey, 'bea.docx', {
      jobTitle: 'Full-Stack Engineer',
      department: 'Technology',
    });
    expect(submitted.status).toBe(201);
    const id = submitted.body.id as string;
    const kept = await s3.send(new GetObjectCommand({ Bucket: env.UPLOADS_BUCKET, Key: `resumes/${id}` }));
    expect(kept.ContentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');

    const change = (status: string, token = staffToken) =>
      fetch(`${baseUrl}/api/admin/job-applications/${id}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ status }),
      });
    expect((await change('reviewing')).status).toBe(200);
    expect((await change('contacted')).status).toBe(200);
    expect((await change('hired')).status).toBe(400);
    const listed = await staffGet('/admin/job-applications?department=Technology&jobTitle=Full-Stack%20Engineer');
    expect(listed.body.applications.find((application: JobApplication) => application.id === id)).toMatchObject({
      status: 'contacted',
    });
    expect((await change('declined', customerToken)).status).toBe(403);
  });

  it.each([
    ['a renamed executable', 'resume.pdf', renamedExecutable(), TYPE_MESSAGE],
    ['an HTML page', 'resume.doc', htmlPage(), TYPE_MESSAGE],
    ['a PDF header in front of HTML', 'resume.pdf', pdfHtmlPolyglot(), TYPE_MESSAGE],
    ['a ZIP that is not a Word document', 'resume.docx', plainZip(), TYPE_MESSAGE],
  ])('refuse %s and delete it from the bucket', async (_what, fileName, bytes, message) => {
    const cy = applicant('Cy');
    const { upload, storedStatus } = await cy.upload(fileName, bytes);
    expect(storedStatus).toBe(204);
    expect(await objectsUnder(upload.uploadKey)).toEqual([upload.uploadKey]);
    const refused = await cy.apply(upload.uploadKey, fileName);
    expect(refused).toEqual({ status: 400, body: { message, fieldErrors: { resume: message } } });
    expect(await objectsUnder(upload.uploadKey)).toEqual([]);
    const listed = await staffGet('/admin/job-applications?limit=50');
    expect(listed.body.applications.map((application: JobApplication) => application.email)).not.toContain(cy.email);
  });

  it('refuse a file over 5,242,880 bytes: the upload form is refused, its policy bounds the size, and a larger upload is caught and deleted', async () => {
    const dee = applicant('Dee');
    const tooLarge = await dee.post('/job-applications/uploads', { fileName: 'big.pdf', size: 5_242_881 });
    expect(tooLarge).toMatchObject({ status: 400, body: { fieldErrors: { size: SIZE_MESSAGE } } });

    const form = await dee.post('/job-applications/uploads', { fileName: 'cv.pdf', size: 1000 });
    const policy = JSON.parse(Buffer.from(form.body.fields.Policy, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5_242_880]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'application/pdf']);
    expect(policy.conditions).toContainEqual({ key: form.body.uploadKey });

    // A browser that says 1,000 bytes and sends more: AWS refuses it by the policy; s3rver enforces no POST policy, so here it lands and the server's check must catch it.
    const oversize = paddedTo(await resumePdf(), 5_242_881);
    const { upload } = await dee.upload('cv.pdf', oversize, 1000);
    expect(await dee.apply(upload.uploadKey, 'cv.pdf')).toEqual({
      status: 400,
      body: { message: SIZE_MESSAGE, fieldErrors: { resume: SIZE_MESSAGE } },
    });
    expect(await objectsUnder(upload.uploadKey)).toEqual([]);
  });

  it('refuse an upload form for another type, an application without a real upload, and missing required fields', async () => {
    const eve = applicant('Eve');
    expect(await eve.post('/job-applications/uploads', { fileName: 'cv.exe', size: 1000 })).toMatchObject({
      status: 400,
      body: { fieldErrors: { fileName: TYPE_MESSAGE } },
    });
    const unknownUpload = await eve.apply(`resumes/pending/${randomUUID()}`, 'cv.pdf');
    expect(unknownUpload).toMatchObject({
      status: 400,
      body: { fieldErrors: { resume: 'Please upload your resume again.' } },
    });
    const elsewhere = await eve.apply(`resumes/${randomUUID()}`, 'cv.pdf');
    expect(elsewhere).toMatchObject({
      status: 400,
      body: { fieldErrors: { 'resume.uploadKey': 'Please upload your resume again.' } },
    });
    const missing = await eve.post('/job-applications', {
      email: 'not-an-address',
      jobTitle: 'Blind Installer',
      department: 'Field',
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors).sort()).toEqual(['email', 'firstName', 'lastName', 'resume']);
  });

  it('admin routes are refused to guests (401) and customers (403)', async () => {
    const id = randomUUID();
    for (const path of ['/admin/job-applications', `/admin/job-applications/${id}/resume`]) {
      expect((await staffGet(path, '')).status).toBe(401);
      expect((await staffGet(path, customerToken)).status).toBe(403);
    }
    const put = (token?: string) =>
      fetch(`${baseUrl}/api/admin/job-applications/${id}/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ status: 'reviewing' }),
      });
    expect((await put()).status).toBe(401);
    expect((await put(customerToken)).status).toBe(403);
    expect((await put(staffToken)).status).toBe(404);
  });
});
