/**
 * The admin Staff tab in Chromium: the owner invites a member of staff by e-mail with a role and
 * sees them listed as invited; the member signs in with the mailed temporary password, chooses their
 * own, and sees in the admin area only the tabs of their role.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { invitationPassword } from '../support/staff-member';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, pageInOwnContext } from './support/browser';
import { signInAsStaff, submitSignIn } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();

describe('the Staff tab', () => {
  it('invites a support member, who then sees only the support tabs', { timeout: 120_000 }, async () => {
    const email = `support-${randomBytes(4).toString('hex')}@example.com`;
    const owner = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
    await signInAsStaff(owner, baseUrl, staff);
    await owner.getByRole('tab', { name: 'Staff' }).click();
    const invite = owner.getByRole('region', { name: 'Invite a member of staff' });
    await invite.getByLabel('First name').fill('Sofia');
    await invite.getByLabel('Last name').fill('Reyes');
    await invite.getByLabel('E-mail address').fill(email);
    await invite.getByRole('checkbox', { name: /^Support/ }).check({ force: true });
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await toast(owner, `Invitation sent to ${email}.`).waitFor();

    const card = owner.getByRole('listitem').filter({ has: owner.getByRole('heading', { name: 'Sofia Reyes' }) });
    await card.waitFor();
    await expect.poll(() => card.textContent()).toContain(email);
    await expect.poll(() => card.textContent()).toContain('Invited');
    expect(await seriousAccessibilityViolations(owner)).toEqual([]);
    await owner.close();

    const member = await pageInOwnContext(browser(), { viewport: { width: 1440, height: 900 } });
    // The member's first sign-in, with the mailed temporary password, asks for a password of their own.
    await gotoHydrated(member, `${baseUrl}/login?redirect=%2Fadmin`);
    await submitSignIn(member, { email, password: await invitationPassword(baseUrl, email) });
    await member.getByRole('heading', { name: 'Choose Your Password' }).waitFor();
    await member.getByLabel(/^New password/).fill('Shutters2026');
    await member.getByLabel(/^Confirm new password/).fill('Shutters2027');
    await member.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await member.getByText("Passwords don't match").waitFor();
    await member.getByLabel(/^Confirm new password/).fill('Shutters2026');
    await member.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await member.waitForURL(`${baseUrl}/admin`);
    const tabs = member.getByRole('tablist').getByRole('tab');
    await expect
      .poll(() => tabs.allTextContents())
      .toEqual([expect.stringMatching(/^Live Chat/), 'Orders', 'Quotes', 'Customers', 'Returns', 'Appointments']);
    await member.close();
  });
});
